import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Which Vitest project each test file belongs to, read from what the file imports:
 * - `database`: it reaches a module that opens the run's database engine (PGlite, or PostgreSQL
 *   with DATABASE_URL), so it runs once per engine;
 * - `browser`: it drives Chromium; it runs once, on PGlite, because its server side is the same
 *   routes the database files already cover on both engines;
 * - `unit`: neither; it runs once.
 * A browser file is a browser file even when it also opens a database.
 *
 * Imports are followed through the test tree only (test files and `test/helpers`): the product's
 * own modules are what every file exercises, so following them would put every file in every
 * project. A test file that reaches the engine's database another way than these modules is caught
 * at run time instead: `createTestDatabase` refuses to run outside the database and browser projects.
 */
export type TestProjectName = 'database' | 'browser' | 'unit';

/** Modules whose import means "this file opens the run's database". */
export const DATABASE_MODULES = ['test/helpers/database.ts', 'test/helpers/postgres.ts'];
/** Modules whose import means "this file drives Chromium". */
export const BROWSER_MODULES = ['test/helpers/browser.ts'];
/** Packages whose import means "this file drives Chromium". */
const BROWSER_PACKAGES = ['playwright-core'];
/** Words in a file's own text that mean it reads which engine the run uses. */
const ENGINE_WORDS = /\bpostgresUrl\b|\bprocess\.env\.DATABASE_URL\b/;

export const TEST_FILE = /\.test\.tsx?$/;
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];
// `import x from '…'`, `export … from '…'`, `import '…'` and `import('…')`; type-only imports are
// skipped by the caller, since they vanish at run time.
const IMPORT =
  /(?:^|[;\s])(import|export)\s+(type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The import specifiers a module's source loads at run time. */
export function runtimeImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    if (match[2]) continue;
    const specifier = match[3] ?? match[4];
    if (specifier) found.push(specifier);
  }
  return found;
}

function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, ...SOURCE_EXTENSIONS.map((ext) => base.replace(/\.js$/, '') + ext)];
  candidates.push(...SOURCE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`)));
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

interface Reach {
  database: boolean;
  browser: boolean;
}

/** Classifies test files under `root` (absolute paths out, relative to `root` in the rule lists). */
export class TestSplitter {
  private readonly reach = new Map<string, Reach>();

  constructor(private readonly root: string) {}

  private isModule(file: string, list: string[]): boolean {
    return list.some((entry) => path.resolve(this.root, entry) === file);
  }

  /** What a module reaches, following relative imports inside the test tree. */
  private reachOf(file: string, visiting = new Set<string>()): Reach {
    const known = this.reach.get(file);
    if (known) return known;
    const reach: Reach = {
      database: this.isModule(file, DATABASE_MODULES),
      browser: this.isModule(file, BROWSER_MODULES),
    };
    if (visiting.has(file)) return reach;
    visiting.add(file);
    const source = readFileSync(file, 'utf8');
    if (TEST_FILE.test(file) && ENGINE_WORDS.test(source)) reach.database = true;
    const testTree = path.join(this.root, 'test') + path.sep;
    for (const specifier of runtimeImports(source)) {
      if (BROWSER_PACKAGES.includes(specifier)) reach.browser = true;
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      if (!target?.startsWith(testTree)) continue;
      const inner = this.reachOf(target, visiting);
      reach.database ||= inner.database;
      reach.browser ||= inner.browser;
    }
    visiting.delete(file);
    this.reach.set(file, reach);
    return reach;
  }

  projectOf(file: string): TestProjectName {
    const reach = this.reachOf(path.resolve(this.root, file));
    if (reach.browser) return 'browser';
    return reach.database ? 'database' : 'unit';
  }
}

function listTestFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => TEST_FILE.test(entry) && !entry.split(path.sep).includes('node_modules'))
    .map((entry) => path.join(dir, entry))
    .sort();
}

/** Every test file of the repository at `root`, by project, as paths relative to `root`. */
export function splitTestFiles(root: string): Record<TestProjectName, string[]> {
  const splitter = new TestSplitter(root);
  const split: Record<TestProjectName, string[]> = { database: [], browser: [], unit: [] };
  for (const file of [...listTestFiles(path.join(root, 'test')), ...listTestFiles(path.join(root, 'src'))]) {
    split[splitter.projectOf(file)].push(path.relative(root, file).split(path.sep).join('/'));
  }
  return split;
}
