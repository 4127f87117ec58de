#!/usr/bin/env node
// Runs the compiled CLI in dist/cli (written by `npm run build:cli`, and by `npm install`) when it
// is newer than every source file it was made from. Otherwise, so that an edit to src/ always
// runs, tsx compiles the TypeScript sources on load, which costs a few seconds a start.
import { readFileSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);

/** The compiled entry, or undefined when there is none or a source it was built from has changed. */
function freshBuild() {
  try {
    const { builtAt, inputs } = JSON.parse(readFileSync(new URL('dist/cli/build-info.json', root), 'utf8'));
    if (!Array.isArray(inputs) || inputs.length === 0) return undefined;
    // A deleted source throws here, which also makes the build stale.
    for (const input of inputs) if (statSync(new URL(input, root)).mtimeMs > builtAt) return undefined;
    return new URL('dist/cli/index.js', root).href;
  } catch {
    return undefined;
  }
}

/** The sources, compiled on load by tsx. */
async function fromSources() {
  const { register } = await import('tsx/esm/api');
  register();
  return import('../src/cli/index.ts');
}

const compiled = freshBuild();
// A build half removed (its files deleted under it) must not stop the CLI: the sources still run.
const { main } = compiled ? await import(compiled).catch(fromSources) : await fromSources();
process.exitCode = await main(process.argv.slice(2));
// A command that has returned is finished. Should anything it opened still be pending (a socket or
// timer a failed start did not close), it must not keep the process, and its exit code, hanging.
setTimeout(() => process.exit(), 3_000).unref();
