import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type BreakdownKey,
  breakdownKeys,
  type GraphAdAccount,
  type GraphBreakdownRow,
  type GraphDataset,
  type GraphInsightRow,
  type GraphObjects,
} from '../warehouse/graph-types';

/**
 * Reads a folder in the fixture format: adaccounts.json and insights/act_<id>.json (each
 * `{ data: [...] }`), and where present breakdowns/act_<id>/<KEY>.json and objects/act_<id>.json.
 * A folder without the optional files is still whole: questions that need them are declined.
 */
export async function readDatasetFolder(dir: string): Promise<GraphDataset> {
  const accountsFile = path.join(dir, 'adaccounts.json');
  const accounts = (await readJson(accountsFile)) as { data?: GraphAdAccount[] };
  if (!Array.isArray(accounts.data)) throw new Error(`${accountsFile} has no "data" list of ad accounts`);
  const insights: Record<string, GraphInsightRow[]> = {};
  for (const account of accounts.data) {
    const file = path.join(dir, 'insights', `${account.id}.json`);
    const body = (await readJson(file)) as { data?: GraphInsightRow[] };
    if (!Array.isArray(body.data)) throw new Error(`${file} has no "data" list of insights rows`);
    insights[account.id] = body.data;
  }
  const breakdowns: NonNullable<GraphDataset['breakdowns']> = {};
  const objects: NonNullable<GraphDataset['objects']> = {};
  for (const account of accounts.data) {
    for (const key of breakdownKeys) {
      const file = path.join(dir, 'breakdowns', account.id, `${key}.json`);
      if (!(await exists(file))) continue;
      const body = (await readJson(file)) as { data?: GraphBreakdownRow[] };
      if (!Array.isArray(body.data)) throw new Error(`${file} has no "data" list of breakdown rows`);
      breakdowns[account.id] = { ...breakdowns[account.id], [key]: body.data };
    }
    const file = path.join(dir, 'objects', `${account.id}.json`);
    if (await exists(file)) objects[account.id] = checkedObjects(await readJson(file), file);
  }
  return { adAccounts: accounts.data, insights, breakdowns, objects };
}

function checkedObjects(body: unknown, file: string): GraphObjects {
  const value = body as Partial<GraphObjects> | null;
  for (const list of ['campaigns', 'adsets', 'ads'] as const) {
    if (value && value[list] !== undefined && !Array.isArray(value[list]))
      throw new Error(`${file}: "${list}" is not a list`);
  }
  return { campaigns: value?.campaigns ?? [], adsets: value?.adsets ?? [], ads: value?.ads ?? [] };
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new Error(`cannot read ${file}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${file} is not valid JSON`);
  }
}

/** Writes a dataset in the same fixture format, so `arlo ask --data` and other tools can read it. */
export async function writeDatasetFolder(dir: string, dataset: GraphDataset): Promise<void> {
  await mkdir(path.join(dir, 'insights'), { recursive: true });
  await writeFile(path.join(dir, 'adaccounts.json'), JSON.stringify({ data: dataset.adAccounts }, null, 1));
  for (const account of dataset.adAccounts) {
    const rows = dataset.insights[account.id] ?? [];
    await writeFile(path.join(dir, 'insights', `${account.id}.json`), JSON.stringify({ data: rows }));
    const byKey = dataset.breakdowns?.[account.id];
    if (byKey) {
      await mkdir(path.join(dir, 'breakdowns', account.id), { recursive: true });
      for (const key of breakdownKeys) {
        const keyRows = byKey[key as BreakdownKey];
        if (keyRows)
          await writeFile(
            path.join(dir, 'breakdowns', account.id, `${key}.json`),
            JSON.stringify({ data: keyRows }),
          );
      }
    }
    const objects = dataset.objects?.[account.id];
    if (objects) {
      await mkdir(path.join(dir, 'objects'), { recursive: true });
      await writeFile(path.join(dir, 'objects', `${account.id}.json`), JSON.stringify(objects));
    }
  }
}
