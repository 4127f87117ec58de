import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webBuildIsStale } from '../../src/cli/web-build';
import { compressWebAssets, MIN_COMPRESS_BYTES } from '../../src/cli/web-compress';
import { webDistDir } from '../../src/server/paths';
import { buildTestApp, type TestApp } from '../helpers/app';
import { makeTempDir } from '../helpers/temp-dir';

// Big enough to be worth compressing, and as repetitive as real bundles are.
const SCRIPT = `${'export const greeting = () => console.log("hello from arlo");\n'.repeat(200)}`;
const STYLES = `${'.card { display: flex; padding: 4px 8px; color: #123456; }\n'.repeat(100)}`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div>${'<!-- arlo -->'.repeat(100)}</body></html>`;
const TINY = 'export {};\n';

describe('serving the web app pre-compressed', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await makeTempDir('arlo-web-');
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(path.join(webRoot, 'index.html'), INDEX);
    await writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), SCRIPT);
    await writeFile(path.join(webRoot, 'assets', 'index-def456.css'), STYLES);
    await writeFile(path.join(webRoot, 'assets', 'tiny-789.js'), TINY);
    // What the build does after vite has written the files.
    await compressWebAssets(webRoot);
    t = await buildTestApp({ webRoot });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('writes .br and .gz beside each file above 1 KB, and leaves tiny files alone', async () => {
    const assets = await readdir(path.join(webRoot, 'assets'));
    expect(assets).toEqual(
      expect.arrayContaining([
        'app-abc123.js.br',
        'app-abc123.js.gz',
        'index-def456.css.br',
        'index-def456.css.gz',
      ]),
    );
    expect(assets.filter((file) => file.startsWith('tiny-'))).toEqual(['tiny-789.js']);
    expect(existsSync(path.join(webRoot, 'index.html.br'))).toBe(true);
  });

  it.each([
    ['/assets/app-abc123.js', SCRIPT, /javascript/],
    ['/assets/index-def456.css', STYLES, /text\/css/],
  ])('sends %s as brotli to a browser that accepts it, cached for good', async (url, original, type) => {
    const response = await get(url, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(type);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(original);
  });

  it('sends gzip to a browser that accepts gzip only', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no encoding, or when the file is tiny', async () => {
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    const tiny = await get('/assets/tiny-789.js', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe(TINY);
  });

  it.each(['/', '/signup'])('sends the page %s compressed but never cached without a check', async (url) => {
    const response = await get(url, 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
  });
});

// The real bundle, when it is current (the test setup builds it when Chromium is there to test it).
describe.skipIf(webBuildIsStale())('the production web build', () => {
  it('ships every script and stylesheet above 1 KB with .br and .gz beside it', async () => {
    const assets = await readdir(path.join(webDistDir, 'assets'));
    const large = assets.filter(
      (file) =>
        /\.(js|css)$/.test(file) &&
        statSync(path.join(webDistDir, 'assets', file)).size >= MIN_COMPRESS_BYTES,
    );
    const missing = large.filter((file) => !assets.includes(`${file}.br`) || !assets.includes(`${file}.gz`));
    expect(large.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});
