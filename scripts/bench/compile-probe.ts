/**
 * Compiles a benchmark probe to plain JavaScript, as the product ships (scripts/build-cli.mjs), so
 * the probe's memory is the product's and not tsx compiling TypeScript at run time.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { projectRoot } from '../../src/server/paths';

const loaders = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx' } as const;

/**
 * The compiled probe runs from `outDir`, not from where its sources lie: each source's
 * import.meta.url is pinned to that source's own file, so its relative URLs (migrations, the
 * migrated image) still name the same files.
 */
const sourceUrls: Plugin = {
  name: 'source-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return {
        contents: source.replaceAll('import.meta.url', url),
        loader: loaders[path.extname(args.path) as keyof typeof loaders] ?? 'js',
      };
    });
  },
};

/**
 * Bundles `entry` into `outDir` with the CLI build's options and returns the file to run. `outDir`
 * must lie inside the project, where Node finds the dependencies left external.
 */
export async function compileProbe(entry: string, outDir: string): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const name = path.basename(entry).replace(/\.[cm]?tsx?$/, '');
  await build({
    absWorkingDir: projectRoot,
    entryPoints: { [name]: entry },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins: [sourceUrls],
  });
  return path.join(outDir, `${name}.js`);
}
