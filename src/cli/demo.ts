import { parseArgs } from 'node:util';
import { writeDatasetFolder } from '../analyst/dataset-folder';
import { generateDemoData } from '../analyst/demo/generate';

/** Writes the generated demo accounts as a fixture folder (adaccounts.json + insights/act_<id>.json). */
export async function demoCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { out: { type: 'string' }, now: { type: 'string' }, size: { type: 'string', default: 'demo' } },
  });
  if (!values.out) throw new Error('Usage: arlo demo --out DIR [--now YYYY-MM-DD] [--size demo|large]');
  if (values.size !== 'demo' && values.size !== 'large') throw new Error('--size must be demo or large');
  const today = values.now ?? new Date().toISOString().slice(0, 10);
  const dataset = generateDemoData({ today, size: values.size });
  await writeDatasetFolder(values.out, dataset);
  const rows = Object.values(dataset.insights).reduce((sum, list) => sum + list.length, 0);
  console.log(`arlo demo: wrote ${dataset.adAccounts.length} accounts and ${rows} rows to ${values.out}`);
  return 0;
}
