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
 * `breakdowns: false` leaves the breakdown files (most of a folder's bytes) for
 * `readBreakdownsFolder`, for a reader that may not need them.
 */
export async function readDatasetFolder(
  dir: string,
  { breakdowns = true }: { breakdowns?: boolean } = {},
): Promise<GraphDataset> {
  const accountsFile = path.join(dir, 'adaccounts.json');
  const accounts = (await readJson(accountsFile)) as { data?: GraphAdAccount[] };
  if (!Array.isArray(accounts.data)) throw new Error(`${accountsFile} has no "data" list of ad accounts`);
  const adAccounts = accounts.data;
  // Every file is read at once (off this thread) and parsed in order, so the first bad file is
  // still the one named.
  const reads = adAccounts.map((account) => {
    const file = path.join(dir, 'insights', `${account.id}.json`);
    const objectsFile = path.join(dir, 'objects', `${account.id}.json`);
    return { account, file, text: started(readText(file)), objects: started(readOptional(objectsFile)) };
  });
  const breakdownsRead = breakdowns ? started(readBreakdownsFolder(dir, adAccounts)) : undefined;
  const insights: Record<string, GraphInsightRow[]> = {};
  for (const { account, file, text } of reads) {
    const body = parseJson(await text, file) as { data?: GraphInsightRow[] };
    if (!Array.isArray(body.data)) throw new Error(`${file} has no "data" list of insights rows`);
    insights[account.id] = body.data;
  }
  const objects: NonNullable<GraphDataset['objects']> = {};
  for (const { account, objects: pending } of reads) {
    const read = await pending;
    if (read) objects[account.id] = checkedObjects(parseJson(read.text, read.file), read.file);
  }
  return { adAccounts, insights, breakdowns: (await breakdownsRead) ?? {}, objects };
}

/** The breakdown files of a fixture folder, for these accounts. */
export async function readBreakdownsFolder(
  dir: string,
  adAccounts: readonly GraphAdAccount[],
): Promise<NonNullable<GraphDataset['breakdowns']>> {
  const files = adAccounts.flatMap((account) =>
    breakdownKeys.map((key) => ({
      account,
      key,
      file: path.join(dir, 'breakdowns', account.id, `${key}.json`),
    })),
  );
  const texts = files.map(({ file }) => started(readOptional(file)));
  const breakdowns: NonNullable<GraphDataset['breakdowns']> = {};
  for (const [index, { account, key }] of files.entries()) {
    const read = await texts[index];
    if (!read) continue;
    const body = parseJson(read.text, read.file) as { data?: GraphBreakdownRow[] };
    if (!Array.isArray(body.data)) throw new Error(`${read.file} has no "data" list of breakdown rows`);
    breakdowns[account.id] = { ...breakdowns[account.id], [key]: body.data };
  }
  return breakdowns;
}

function checkedObjects(body: unknown, file: string): GraphObjects {
  const value = body as Partial<GraphObjects> | null;
  for (const list of ['campaigns', 'adsets', 'ads'] as const) {
    if (value && value[list] !== undefined && !Array.isArray(value[list]))
      throw new Error(`${file}: "${list}" is not a list`);
  }
  return { campaigns: value?.campaigns ?? [], adsets: value?.adsets ?? [], ads: value?.ads ?? [] };
}

/** A read begun before it is awaited: its failure is met where it is awaited, never unhandled. */
function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/** A file that may be missing: its text, or undefined when there is none. */
async function readOptional(file: string): Promise<{ file: string; text: string } | undefined> {
  if (!(await exists(file))) return undefined;
  return { file, text: await readText(file) };
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    throw new Error(`cannot read ${file}`);
  }
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${file} is not valid JSON`);
  }
}

async function readJson(file: string): Promise<unknown> {
  return parseJson(await readText(file), file);
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
