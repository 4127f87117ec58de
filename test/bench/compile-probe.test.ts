import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileProbe } from '../../scripts/bench/compile-probe';
import { migrationsDir, pgliteImageDir, projectRoot } from '../../src/server/paths';

describe('compiled benchmark probe', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arlo-probe-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs under plain node and still finds the files its sources name relative to themselves', async () => {
    const entry = path.join(dir, 'where.ts');
    const paths = path.join(projectRoot, 'src/server/paths.ts');
    writeFileSync(
      entry,
      `import { migrationsDir, pgliteImageDir } from ${JSON.stringify(paths)};\nconsole.log(JSON.stringify({ migrationsDir, pgliteImageDir }));\n`,
    );
    const script = await compileProbe(entry, path.join(dir, 'out'));
    expect(script).toBe(path.join(dir, 'out', 'where.js'));

    const child = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual({ migrationsDir, pgliteImageDir });
  });
});
