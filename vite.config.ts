import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiPrefixes } from './src/shared/routes';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false },
  // `npm run dev:web` serves the React app with hot reload and forwards API calls to `npm start`.
  server: { proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, apiTarget])) },
});
