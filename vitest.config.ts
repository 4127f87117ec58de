import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    globalSetup: ['test/global-setup.ts'],
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
  },
});
