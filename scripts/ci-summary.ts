/**
 * The end of `.ci/run`: each phase's time and the run's total, the 15 slowest test files (and how
 * many took over a minute), the test counts per project and engine, and the closing line
 * `N passed, N failed, N skipped`, alone on its line. Exits non-zero when a test failed or a file that opens a database ran on one engine only.
 *
 *   tsx scripts/ci-summary.ts --phases phases.tsv --total 1234 PGlite=pglite.json PostgreSQL=postgres.json
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { splitTestFiles, type TestProjectName } from '../test/projects/split';

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { status: string }[];
  }[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { phases: { type: 'string' }, total: { type: 'string' } },
});

const root = path.resolve(import.meta.dirname, '..');
const projectOf = new Map<string, TestProjectName>();
for (const [project, files] of Object.entries(splitTestFiles(root)))
  for (const file of files) projectOf.set(file, project as TestProjectName);

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}m ${String(Math.round(seconds % 60)).padStart(2, '0')}s`;

if (values.phases) {
  console.log('Phases (wall time):');
  for (const line of readFileSync(values.phases, 'utf8').split('\n').filter(Boolean)) {
    const [name, seconds] = line.split('\t');
    console.log(`  ${clock(Number(seconds)).padStart(8)}  ${name}`);
  }
  if (values.total) console.log(`  ${clock(Number(values.total)).padStart(8)}  total`);
}

const runs = positionals.map((entry) => {
  const [engine, file] = entry.split('=') as [string, string];
  return {
    engine,
    result: JSON.parse(readFileSync(file, 'utf8')) as VitestJson,
    wholeTimes: wholeFileTimes(file),
  };
});

/**
 * Each file's whole time (set-up, import, tests and hooks), from the file-times reporter's TSV next
 * to the JSON report (`pglite.json` → `pglite-files.tsv`); the JSON's own span leaves the set-up out.
 */
function wholeFileTimes(jsonFile: string): Map<string, number> | undefined {
  const tsv = jsonFile.replace(/\.json$/, '-files.tsv');
  if (!existsSync(tsv)) return undefined;
  const times = new Map<string, number>();
  for (const line of readFileSync(tsv, 'utf8').split('\n').filter(Boolean)) {
    const [file, , total] = line.split('\t');
    if (file && total) times.set(path.resolve(file), Number(total));
  }
  return times;
}

const files = runs.flatMap(({ engine, result, wholeTimes }) =>
  result.testResults.map((file) => {
    return {
      engine,
      file: path.relative(root, file.name).split(path.sep).join('/'),
      seconds: wholeTimes?.get(path.resolve(file.name)) ?? (file.endTime - file.startTime) / 1000,
      tests: file.assertionResults.length,
      ran: file.assertionResults.filter((test) => test.status === 'passed' || test.status === 'failed')
        .length,
    };
  }),
);

const LONG_FILE_SECONDS = 60;
const wholeTimesKnown = runs.every(({ wholeTimes }) => wholeTimes);
console.log(
  `\nSlowest 15 test files (${wholeTimesKnown ? 'set-up, import, tests and hooks' : 'first test to last'}):`,
);
for (const file of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 15))
  console.log(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.file} (${file.engine})`);
const long = files.filter((file) => file.seconds > LONG_FILE_SECONDS);
console.log(`  files over ${LONG_FILE_SECONDS} s: ${long.length}`);

const problems: string[] = [];
// Every database file must have run on every engine given.
if (runs.length > 1) {
  const databaseFiles = [...projectOf].filter(([, project]) => project === 'database').map(([file]) => file);
  for (const { engine } of runs)
    for (const file of databaseFiles)
      if (!files.some((f) => f.engine === engine && f.file === file))
        problems.push(`${file} opens a database but did not run on ${engine}`);
}
for (const problem of problems) console.log(`PROBLEM: ${problem}`);

console.log('\nTests per project (tests that ran, of all in the project):');
for (const project of ['database', 'browser', 'unit'] as const) {
  const cells = runs.map(({ engine }) => {
    const mine = files.filter((file) => file.engine === engine && projectOf.get(file.file) === project);
    const ran = mine.reduce((sum, file) => sum + file.ran, 0);
    const all = mine.reduce((sum, file) => sum + file.tests, 0);
    return `${engine} ${ran} of ${all}`;
  });
  console.log(`  ${project.padEnd(9)} ${cells.join(', ')}`);
}

const passed = runs.reduce((sum, { result }) => sum + result.numPassedTests, 0);
const failed = runs.reduce((sum, { result }) => sum + result.numFailedTests, 0);
const skipped = runs.reduce((sum, { result }) => sum + result.numPendingTests + result.numTodoTests, 0);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed || problems.length ? 1 : 0);
