import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';

const SETUP_MS = 1_500;

// A planted file whose set-up is slow and whose one test is quick: the JSON report's span leaves
// the set-up out; the file-times reporter, and so .ci/run's slowest-files list, must not.
describe('the file-times reporter and the CI summary, on a file with a slow set-up', () => {
  const planted = path.resolve(`test/projects/planted-times-${process.pid}.test.ts`);
  let dir: string;
  let json: string;
  let tsv: string;

  beforeAll(async () => {
    dir = await makeTempDir('arlo-file-times-');
    json = path.join(dir, 'run.json');
    tsv = path.join(dir, 'run-files.tsv');
    await writeFile(
      planted,
      [
        "import { beforeAll, expect, it } from 'vitest';",
        `beforeAll(() => new Promise((resolve) => setTimeout(resolve, ${SETUP_MS})));`,
        "it('is quick', () => expect(1).toBe(1));",
        '',
      ].join('\n'),
    );
    const vitest = path.resolve('node_modules/vitest/vitest.mjs');
    const run = await runNode(
      [
        vitest,
        'run',
        '--project',
        'unit',
        path.relative('.', planted),
        '--reporter=json',
        `--outputFile=${json}`,
        '--reporter=./test/projects/file-times-reporter.ts',
      ],
      { env: { ...process.env, FILE_TIMES_OUT: tsv } },
    );
    expect(run.code, run.stderr).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await rm(planted, { force: true });
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the file whole, set-up included, where the JSON span leaves it out', async () => {
    const [line, ...rest] = (await readFile(tsv, 'utf8')).trim().split('\n');
    expect(rest).toEqual([]);
    const [file, project, total, , testsAndHooks] = (line ?? '').split('\t');
    expect(file).toBe(planted);
    expect(project).toBe('unit');
    expect(Number(testsAndHooks)).toBeGreaterThanOrEqual(SETUP_MS / 1000);
    expect(Number(total)).toBeGreaterThanOrEqual(Number(testsAndHooks));
    const { testResults } = JSON.parse(await readFile(json, 'utf8'));
    expect(testResults[0].endTime - testResults[0].startTime).toBeLessThan(SETUP_MS);
  });

  it('lists the whole time among the slowest files', async () => {
    const summary = await runNode(
      [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/ci-summary.ts', `PGlite=${json}`],
      {
        env: process.env,
      },
    );
    const listed = summary.stdout.match(/^\s+([\d.]+) s {2}(\S+) \(PGlite\)$/m);
    expect(summary.stdout).toContain('Slowest 15 test files (set-up, import, tests and hooks):');
    expect(listed?.[2]).toBe(path.relative('.', planted));
    expect(Number(listed?.[1])).toBeGreaterThanOrEqual(SETUP_MS / 1000);
    expect(summary.stdout).toMatch(/files over 60 s: 0/);
    expect(summary.stdout.trim().split('\n').at(-1)).toBe('1 passed, 0 failed, 0 skipped');
  });
});
