import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compressWebAssets } from './src/cli/web-compress';
import { apiPrefixes } from './src/shared/routes';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * Writes .br and .gz beside the built files for the server to send pre-compressed. A plugin, not
 * a step after `vite build`, so every way of building (npm run build, `npm start` building a
 * missing or stale app, the test setup) produces them.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'arlo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the files are on disk; not on a build that failed.
    async writeBundle(output) {
      await compressWebAssets(output.dir ?? outDir);
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), precompress()],
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false },
  // `npm run dev:web` serves the React app with hot reload and forwards API calls to `npm start`.
  server: { proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, apiTarget])) },
});
