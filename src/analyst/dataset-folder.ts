import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GraphAdAccount, GraphDataset, GraphInsightRow } from '../warehouse/graph-types';

/** Reads a folder in the fixture format: adaccounts.json and insights/act_<id>.json (each `{ data: [...] }`). */
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
  return { adAccounts: accounts.data, insights };
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
  }
}
