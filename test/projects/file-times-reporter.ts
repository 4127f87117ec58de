import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Writes each test file's whole time in its worker to the TSV that FILE_TIMES_OUT names: setting
 * up its environment and harness, importing it, then its tests and hooks. Vitest's JSON report
 * spans only the first test's start to the last test's end, which leaves out `beforeAll` and the
 * imports, so a file with a slow set-up looked quicker there than it was.
 *
 * Columns: file (its absolute path), project, total, import, tests and hooks (seconds).
 */
export default class FileTimesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const out = process.env.FILE_TIMES_OUT;
    if (!out) return;
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    const lines = testModules.map((module) => {
      const times = module.diagnostic();
      const total =
        times.environmentSetupDuration +
        times.prepareDuration +
        times.setupDuration +
        times.collectDuration +
        times.duration;
      return [
        module.moduleId,
        module.project.name,
        seconds(total),
        seconds(times.collectDuration),
        seconds(times.duration),
      ].join('\t');
    });
    writeFileSync(out, `${lines.join('\n')}\n`);
  }
}
