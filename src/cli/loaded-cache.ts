import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import { projectRoot } from '../server/paths';
import { makePrivateDir } from '../server/private-dir';

/**
 * `arlo ask` over the same data twice loads the same rows twice: most of its time. A loaded
 * database is kept as a tarball, named by a hash of everything that decides its contents: the
 * data's bytes (or the demo's day), and the sources of the code that reads, loads and migrates
 * it. Any change to either gives another name, so a stale database is never opened.
 */
const DEFAULT_DIR = path.join(projectRoot, 'node_modules/.cache/arlo-ask');

/** Where loaded databases are kept: ARLO_ASK_CACHE names another folder, or 'off' keeps none. */
function cacheDir(): string | undefined {
  const chosen = process.env.ARLO_ASK_CACHE;
  if (chosen === 'off') return undefined;
  return chosen ? path.resolve(chosen) : DEFAULT_DIR;
}
const KEEP = 4;

/** Whether loaded databases are kept at all (ARLO_ASK_CACHE=off keeps none). */
export function keepsLoaded(): boolean {
  return cacheDir() !== undefined;
}
// What decides the rows a load writes, besides the data itself.
const LOADER_SOURCES = [
  'src/warehouse',
  'src/server/db/migrations',
  'src/analyst/demo',
  'src/analyst/dataset-folder.ts',
  'src/cli/staged-load.ts',
  'package-lock.json',
];
const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

async function filesUnder(target: string): Promise<string[]> {
  const info = await stat(target).catch(() => undefined);
  if (!info) return [];
  if (!info.isDirectory()) return [target];
  const entries = await readdir(target, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

async function hashFiles(hash: ReturnType<typeof createHash>, root: string, targets: string[]) {
  for (const target of targets)
    for (const file of await filesUnder(path.resolve(root, target))) {
      hash.update(path.relative(root, file));
      hash.update(await readFile(file));
    }
}

/** The name of the loaded database for this data: a folder's files, or the demo for a day. */
export async function loadedKey(source: { folder: string } | { demoToday: string }): Promise<string> {
  const hash = createHash('sha256');
  await hashFiles(hash, projectRoot, LOADER_SOURCES);
  if ('folder' in source) {
    hash.update('folder');
    await hashFiles(hash, source.folder, ['.']);
  } else hash.update(`demo ${source.demoToday}`);
  return hash.digest('hex');
}

export interface Loaded {
  image: Blob;
  /** The accounts the data holds, in the data's own order (answers list accounts in it). */
  accountIds: string[];
}

/** The kept database for this key, if there is one. */
export async function readLoaded(key: string): Promise<Loaded | undefined> {
  const dir = cacheDir();
  if (!dir) return undefined;
  const file = path.join(dir, `${key}.tar.gz`);
  const [packed, accounts] = await Promise.all([
    readFile(file).catch(() => undefined),
    readFile(`${file}.json`, 'utf8').catch(() => undefined),
  ]);
  if (!packed || !accounts) return undefined;
  return {
    image: new Blob([new Uint8Array(await gunzip(packed))]),
    accountIds: (JSON.parse(accounts) as { accountIds: string[] }).accountIds,
  };
}

/**
 * Keeps a loaded database for the next run; the oldest go beyond a few. Best effort: a failure
 * to write costs the next run a load, never this run its answer.
 */
export async function keepLoaded(key: string, dump: Blob, accountIds: string[]): Promise<void> {
  const dir = cacheDir();
  if (!dir) return;
  try {
    makePrivateDir(dir);
    const file = path.join(dir, `${key}.tar.gz`);
    const partial = `.${process.pid}.partial`;
    await writeFile(`${file}.json${partial}`, JSON.stringify({ accountIds }));
    await writeFile(`${file}${partial}`, await gzip(new Uint8Array(await dump.arrayBuffer()), { level: 1 }));
    // The account list first: a tarball is only read beside one.
    await rename(`${file}.json${partial}`, `${file}.json`);
    await rename(`${file}${partial}`, file);
    const kept = await Promise.all(
      (await readdir(dir))
        .filter((name) => name.endsWith('.tar.gz'))
        .map(async (name) => ({ name, at: (await stat(path.join(dir, name))).mtimeMs })),
    );
    for (const old of kept.sort((a, b) => b.at - a.at).slice(KEEP)) {
      await rm(path.join(dir, old.name), { force: true });
      await rm(path.join(dir, `${old.name}.json`), { force: true });
    }
  } catch {
    // The cache is only a shortcut.
  }
}
