import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { webBuildIsStale } from '../../src/cli/web-build';
import { makeTempDir } from '../helpers/temp-dir';

describe('deciding whether npm start must build the web app', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('builds when the build is missing or older than any source file, even a nested one', async () => {
    const root = await makeTempDir();
    dirs.push(root);
    const dist = path.join(root, 'dist');
    const src = path.join(root, 'src');
    const nested = path.join(src, 'features', 'chat', 'page.tsx');
    await mkdir(path.dirname(nested), { recursive: true });
    await writeFile(nested, 'export {}');
    const old = new Date('2026-01-01T00:00:00Z');
    for (const target of [nested, path.dirname(nested), path.join(src, 'features'), src]) {
      await utimes(target, old, old);
    }

    expect(webBuildIsStale(dist, [src])).toBe(true);

    await mkdir(dist);
    await writeFile(path.join(dist, 'index.html'), '<!doctype html>');
    expect(webBuildIsStale(dist, [src])).toBe(false);

    const later = new Date(Date.now() + 60_000);
    await utimes(nested, later, later);
    expect(webBuildIsStale(dist, [src])).toBe(true);
  });
});
