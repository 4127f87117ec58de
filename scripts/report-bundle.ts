/**
 * Printed after `npm run build`: the JavaScript a first visit to the chat downloads (the entry,
 * its preloaded chunks and the chat route's chunk with its static imports), gzipped, against the
 * 250 KB target. The chart library must not be part of it: it loads when a chart is shown.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { webDistDir } from '../src/server/paths';

const TARGET_KB = 250;
const assets = path.join(webDistDir, 'assets');
const html = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1] as string);

// Static imports of a chunk, as Vite writes them: `from"./x.js"` and bare `import"./x.js"`.
const importsOf = (file: string) =>
  [...readFileSync(path.join(assets, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  );

function closure(files: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...files];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

const chatChunk = readdirSync(assets).find((f) => /^chat-.*\.js$/.test(f));
const initial = closure([...entry, ...(chatChunk ? [chatChunk] : [])]);
let total = 0;
for (const file of initial) total += gzipSync(readFileSync(path.join(assets, file))).length;
const kb = total / 1024;
const charts = [...initial].some((file) => file.startsWith('charts-'));
console.log(
  `initial JavaScript for the chat: ${kb.toFixed(1)} KB gzipped in ${initial.size} files ` +
    `(target < ${TARGET_KB} KB${kb < TARGET_KB ? '' : ', ABOVE TARGET'}); chart library ${charts ? 'INCLUDED' : 'loaded on demand'}`,
);
