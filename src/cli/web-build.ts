import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot, webDistDir } from '../server/paths';

// What the web bundle is made from; a change to any of these makes the build stale.
const webSources = ['src/web', 'src/shared', 'vite.config.ts', 'package.json'].map((source) =>
  path.join(projectRoot, source),
);

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function webBuildIsStale(distDir = webDistDir, sources = webSources): boolean {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

/** Builds the web app when it is missing or older than its sources, so `npm start` always serves current code. */
export async function ensureWebBuild(): Promise<void> {
  if (!webBuildIsStale()) return;
  console.log('arlo: building the web app (missing or out of date)...');
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    if (existsSync(path.join(webDistDir, 'index.html'))) {
      console.warn('arlo: vite is not installed; serving the existing, possibly stale, web build');
      return;
    }
    throw new Error('the web app is not built and vite is not installed; run `npm install` then `npm start`');
  }
  await vite.build({ configFile: path.join(projectRoot, 'vite.config.ts'), logLevel: 'warn' });
}
