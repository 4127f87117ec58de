import { parseArgs } from 'node:util';
import { writeDatasetFolder } from '../analyst/dataset-folder';
import { generateDemoData } from '../analyst/demo/generate';

/**
 * Writes the generated demo accounts as a fixture folder: adaccounts.json, insights/act_<id>.json,
 * breakdowns/act_<id>/<KEY>.json and objects/act_<id>.json.
 */
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
  let breakdownRows = 0;
  for (const byKey of Object.values(dataset.breakdowns ?? {})) {
    for (const list of Object.values(byKey)) breakdownRows += list?.length ?? 0;
  }
  let objects = 0;
  for (const { campaigns, adsets, ads } of Object.values(dataset.objects ?? {})) {
    objects += campaigns.length + adsets.length + ads.length;
  }
  console.log(
    `arlo demo: wrote ${dataset.adAccounts.length} accounts and ${rows} rows (plus ${breakdownRows} breakdown rows and ${objects} campaigns, ad sets and ads) to ${values.out}`,
  );
  return 0;
}
