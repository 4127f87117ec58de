#!/usr/bin/env node
// Compiles the CLI and everything it loads from src/ to dist/cli, so `arlo` starts without
// compiling TypeScript, and writes a freshly migrated PGlite database to dist/pglite, so a new
// database starts without initdb. bin/arlo.mjs runs dist/cli only while it is newer than every
// source file it was built from; otherwise it runs the sources through tsx as before.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const outDir = path.join(root, 'dist/cli');
// Beside dist/cli, at the same depth, so the URLs rewritten for dist/cli hold for it too.
const staging = path.join(root, `dist/.cli-${process.pid}`);

const loaders = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx' };
const urlFromModule = /new URL\(\s*(['"])([^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;

/**
 * Bundled code runs from dist/cli, not from where its source lies: every
 * `new URL('relative', import.meta.url)` in src/ (migrations, the web build, the sync worker) is
 * rewritten to reach the same file from dist/cli. Any other use of import.meta.url would silently
 * resolve elsewhere, so it fails the build.
 */
const sourceRelativeUrls = {
  name: 'source-relative-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const rewritten = source.replace(urlFromModule, (_match, _quote, relative) => {
        const target = path.resolve(path.dirname(args.path), relative);
        const fromOut = path.relative(outDir, target).split(path.sep).join('/');
        return `new URL(${JSON.stringify(relative.endsWith('/') ? `${fromOut}/` : fromOut)}, import.meta.url)`;
      });
      if (rewritten.replace(/new URL\("[^"]*", import\.meta\.url\)/g, '').includes('import.meta.url')) {
        const file = path.relative(root, args.path);
        throw new Error(`${file}: use import.meta.url only as new URL('relative path', import.meta.url)`);
      }
      return { contents: rewritten, loader: loaders[path.extname(args.path)] ?? 'js' };
    });
  },
};

/** Bundles into `staging`; returns the source files the bundle was made from. */
async function bundle() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { index: 'src/cli/index.ts', 'migrated-image': 'src/server/db/migrated-image.ts' },
    outdir: staging,
    bundle: true,
    // Commands stay separate chunks, loaded when they run, as they are from the sources.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceRelativeUrls],
  });
  return Object.keys(result.metafile.inputs).sort();
}

/** Replaces dist/cli in two renames, so a concurrent `arlo` sees the old build or the new one. */
async function publish() {
  const old = path.join(root, `dist/.cli-old-${process.pid}`);
  await rename(outDir, old).catch((error) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(staging, outDir);
  await rm(old, { recursive: true, force: true });
}

async function writeImageUnlessCurrent() {
  const image = await import(pathToFileURL(path.join(outDir, 'migrated-image.js')).href);
  const current = image.migrationSet();
  const manifestFile = path.join(root, 'dist/pglite/migrated.json');
  const existing = await readFile(manifestFile, 'utf8').then(JSON.parse, () => undefined);
  if (existing && existing.migrations.length === current.length && image.imageFits(existing, current)) {
    console.log('build-cli: dist/pglite is current');
    return;
  }
  const manifest = await image.writeMigratedImage();
  console.log(`build-cli: dist/pglite holds a database with ${manifest.migrations.length} migrations`);
}

// Taken before any source is read: a file saved during the build is newer, so the build is stale.
const builtAt = Date.now();
await rm(staging, { recursive: true, force: true });
await mkdir(staging, { recursive: true });
try {
  const inputs = await bundle();
  await writeFile(path.join(staging, 'build-info.json'), `${JSON.stringify({ builtAt, inputs }, null, 2)}\n`);
  await publish();
} catch (error) {
  await rm(staging, { recursive: true, force: true });
  throw error;
}
console.log(`build-cli: dist/cli built (${Date.now() - builtAt} ms)`);
await writeImageUnlessCurrent();
