import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text that compresses well; images and fonts are compressed already.
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt']);
// Below this a response fits in a packet or two either way; the server sends such files as they are.
export const MIN_COMPRESS_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve(entry.isFile() ? [full] : []);
    }),
  );
  return nested.flat();
}

/**
 * Writes `file.br` and `file.gz` beside each compressible file of the web build, at the highest
 * levels: done once per build, so the server only picks the variant the browser accepts and
 * never compresses per request. A variant that would not be smaller is not written.
 */
export async function compressWebAssets(
  dir: string,
): Promise<{ files: number; bytes: number; brBytes: number }> {
  const candidates = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.has(path.extname(file)));
  const totals = { files: 0, bytes: 0, brBytes: 0 };
  await Promise.all(
    candidates.map(async (file) => {
      if ((await stat(file)).size < MIN_COMPRESS_BYTES) return;
      const original = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(original, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
          },
        }),
        gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < original.length) await writeFile(`${file}.br`, br);
      if (gz.length < original.length) await writeFile(`${file}.gz`, gz);
      totals.files += 1;
      totals.bytes += original.length;
      totals.brBytes += Math.min(br.length, original.length);
    }),
  );
  return totals;
}
