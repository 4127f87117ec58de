import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';
import { assertDatabaseProject } from './guard';
import { runtimeImports, splitTestFiles, TestSplitter } from './split';

describe('runtimeImports', () => {
  it('finds value imports, re-exports, bare imports and dynamic imports, and skips type-only ones', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import {\n  type C,\n  d,\n} from './cd';",
      "export { e } from './e';",
      "import './side-effect';",
      "const f = await import('./f');",
    ].join('\n');
    expect(runtimeImports(source)).toEqual(['./a', './cd', './e', './side-effect', './f']);
  });
});

describe('the project split, on a planted test tree', () => {
  let root: string;
  beforeAll(async () => {
    root = await makeTempDir('arlo-split-');
    const files: Record<string, string> = {
      'test/helpers/database.ts': 'export const createTestDatabase = () => {};\n',
      'test/helpers/browser.ts': "import { chromium } from 'playwright-core';\nexport const b = chromium;\n",
      'test/helpers/app.ts':
        "import { createTestDatabase } from './database';\nexport const app = createTestDatabase;\n",
      'test/helpers/words.ts': 'export const words = 1;\n',
      'test/x/through-a-helper.test.ts': "import { app } from '../helpers/app';\napp();\n",
      'test/x/types-only.test.ts':
        "import type { app } from '../helpers/app';\nimport { words } from '../helpers/words';\n",
      // Spelt in two parts so that this file itself does not read as one that checks the engine.
      'test/x/engine-word.test.ts': `const kind = process.env.${'DATABASE_URL'} ? 1 : 2;\n`,
      'test/x/both.test.ts': "import '../helpers/app';\nimport '../helpers/browser';\n",
      'test/x/plain.test.ts': "import { readFile } from 'node:fs/promises';\n",
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('puts a file that reaches the database helper, even through another helper, in the database project', () => {
    expect(new TestSplitter(root).projectOf('test/x/through-a-helper.test.ts')).toBe('database');
    expect(new TestSplitter(root).projectOf('test/x/engine-word.test.ts')).toBe('database');
  });

  it('puts a browser file in the browser project even when it opens a database too', () => {
    expect(new TestSplitter(root).projectOf('test/x/both.test.ts')).toBe('browser');
  });

  it('runs a file that only names the helpers types, or none at all, once', () => {
    expect(splitTestFiles(root)).toEqual({
      database: ['test/x/engine-word.test.ts', 'test/x/through-a-helper.test.ts'],
      browser: ['test/x/both.test.ts'],
      unit: ['test/x/plain.test.ts', 'test/x/types-only.test.ts'],
    });
  });
});

describe('the repository split', () => {
  const split = splitTestFiles(path.resolve('.'));

  it('runs every test file in exactly one project', () => {
    const all = [...split.database, ...split.browser, ...split.unit];
    expect(new Set(all).size).toBe(all.length);
    expect(split.database).toContain('test/server/chat.test.ts');
    expect(split.browser).toContain('test/e2e/chat.e2e.test.ts');
    expect(split.unit).toContain('test/analyst/parser.test.ts');
  });
});

describe('a file that opens a database outside the database project', () => {
  it('is refused by the database helper, naming the fix', () => {
    expect(() => assertDatabaseProject('unit')).toThrow(
      /runs in the "unit" Vitest project.*createTestDatabase/,
    );
    expect(() => assertDatabaseProject(undefined)).toThrow(/"unknown"/);
    expect(() => assertDatabaseProject('database')).not.toThrow();
    expect(() => assertDatabaseProject('browser')).not.toThrow();
  });

  // A planted file that hides its import from the split (a computed specifier) lands in the unit
  // project; the run then fails on it instead of passing without a PostgreSQL run.
  it('fails the run', async () => {
    const planted = path.resolve(`test/projects/planted-${process.pid}.test.ts`);
    await writeFile(
      planted,
      [
        "import { it } from 'vitest';",
        "const helper = ['..', 'helpers', 'database'].join('/');",
        "it('opens a database', async () => { await (await import(helper)).createTestDatabase(); });",
        '',
      ].join('\n'),
    );
    try {
      const vitest = path.resolve('node_modules/vitest/vitest.mjs');
      const { DATABASE_URL: _engine, ...env } = process.env;
      const run = await runNode([vitest, 'run', '--project', 'unit', path.relative('.', planted)], { env });
      expect(run.code).not.toBe(0);
      expect(run.stdout + run.stderr).toMatch(/opens a database but runs in the "unit" Vitest project/);
    } finally {
      await rm(planted, { force: true });
    }
  });
});
