import { copyFile, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runArlo } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';

const ask = (folder: string, cache: string, question: string) =>
  runArlo(['ask', '--data', folder, '--now', '2026-11-20', '--json', question], { ARLO_ASK_CACHE: cache });

const kept = async (cache: string) =>
  (await readdir(cache)).filter((name) => name.endsWith('.tar.gz')).sort();

const question = 'spend last 7 days by campaign';

describe('arlo ask keeps the database it loaded for the next run over the same data', () => {
  let scratch: string;
  let first: string;
  let second: string;
  let cache: string;

  beforeAll(async () => {
    scratch = await makeTempDir('arlo-ask-cache-');
    first = path.join(scratch, 'first');
    second = path.join(scratch, 'second');
    cache = path.join(scratch, 'cache');
    // Two folders of different data: the demo written on two different days.
    for (const [folder, now] of [
      [first, '2026-11-20'],
      [second, '2026-10-20'],
    ] as const) {
      const written = await runArlo(['demo', '--out', folder, '--now', now]);
      expect(written.code).toBe(0);
    }
  }, 120_000);
  afterAll(async () => rm(scratch, { recursive: true, force: true }));

  it('answers from it exactly as from a fresh load, and loads anew once the data changes', async () => {
    const fresh = await ask(first, cache, question);
    expect(fresh.stderr).toBe('');
    expect(fresh.code).toBe(0);
    const [firstKept] = await kept(cache);
    expect(firstKept).toBeDefined();

    const again = await ask(first, cache, question);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual(JSON.parse(fresh.stdout));
    expect(await kept(cache)).toEqual([firstKept]);

    // The kept database is what a run reads: put the other folder's under this folder's name.
    const other = await ask(second, cache, question);
    expect(other.code).toBe(0);
    expect(JSON.parse(other.stdout)).not.toEqual(JSON.parse(fresh.stdout));
    const otherKept = (await kept(cache)).find((name) => name !== firstKept) as string;
    for (const suffix of ['', '.json'])
      await copyFile(path.join(cache, `${otherKept}${suffix}`), path.join(cache, `${firstKept}${suffix}`));
    expect(JSON.parse((await ask(first, cache, question)).stdout)).toEqual(JSON.parse(other.stdout));

    // Any change to the data names another database: this folder is loaded again, as it now is.
    const file = path.join(first, 'adaccounts.json');
    const accounts = JSON.parse(await readFile(file, 'utf8'));
    accounts.data[0].name = 'Renamed Account';
    await writeFile(file, JSON.stringify(accounts));
    const changed = await ask(first, cache, 'spend last 7 days by account');
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain('Renamed Account');
    expect(await kept(cache)).toHaveLength(3);
  }, 240_000);

  it('keeps nothing when the cache is off', async () => {
    const off = await ask(first, 'off', question);
    expect(off.code).toBe(0);
    expect(JSON.parse(off.stdout).analytics).toBeTruthy();
    await expect(readdir(path.join(process.cwd(), 'off'))).rejects.toThrow();
  }, 120_000);
});
