import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { splitTestFiles } from './test/projects/split.ts';

// Files are put in a project by what they import: see test/projects/split.ts. The PostgreSQL pass
// runs the database project alone (`npm run test:postgres`); everything else means the same on
// either engine and runs once.
const globalSetup = ['test/global-setup.ts'];
const split = splitTestFiles(path.dirname(fileURLToPath(import.meta.url)));

export default defineConfig({
  // Outside node_modules, so that `npm ci` keeps the file durations Vitest schedules by (slowest
  // first, so that a long file does not start last and leave a core idle).
  cacheDir: '.cache/vite',
  test: {
    setupFiles: ['test/setup-dom.ts'],
    environment: 'node',
    pool: 'forks',
    // Server tests that connect an account wait for its first sync (rows, roll-ups, ad windows)
    // before asking; with every file running at once on 2 shared cores, that alone has taken
    // 30 s. A hang still fails, a minute later.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The machine has two cores; more workers only thrash PGlite and Chromium.
    maxWorkers: 2,
    projects: [
      // The database files share their worker's module cache: each imports the whole server, and
      // importing it afresh per file cost about 100 CPU seconds a run. Each file still makes its own
      // app and database. The PostgreSQL pass (`npm run test:postgres`, and .ci/run) runs them
      // isolated, so every file is also shown to pass with nothing loaded before it.
      { extends: true, test: { name: 'database', include: split.database, globalSetup, isolate: false } },
      { extends: true, test: { name: 'browser', include: split.browser, globalSetup } },
      { extends: true, test: { name: 'unit', include: split.unit, globalSetup } },
    ],
  },
});
