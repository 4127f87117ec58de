import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoutes } from '../../src/shared/routes';
import { buildTestApp, type TestApp } from '../helpers/app';
import { makeTempDir } from '../helpers/temp-dir';

const INDEX = '<!doctype html><html><body><div id="root"></div><!-- arlo-web-marker --></body></html>';

describe('serving the web app', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await makeTempDir('arlo-web-');
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(path.join(webRoot, 'index.html'), INDEX);
    await writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log("arlo")');
    t = await buildTestApp({ webRoot });
  });
  afterAll(async () => {
    await t.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it.each(webRoutes.flatMap((route) => [route, `${route}?token=x`, route === '/' ? '/' : `${route}/`]))(
    'answers %s with index.html',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('arlo-web-marker');
    },
  );

  it('serves fingerprinted assets with a long cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("arlo")');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api'],
    ['GET', '/auth/login'],
    ['GET', '/payment/anything'],
    ['GET', '/ypayment/anything'],
    ['GET', '/api/health/extra'],
    ['GET', '/assets/missing.js'],
    ['GET', '/favicon.ico'],
    ['POST', '/login'],
    ['POST', '/not-a-page'],
  ])('never swallows %s %s into the web app', async (method, url) => {
    const response = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: `Not found: ${method} ${url}`, code: 'NOT_FOUND' });
  });

  it.each(['/nope', '/settings/xyz', '/plans/extra?x=1'])(
    'answers an unknown address a browser opens, %s, with the app (its not-found page) and 404',
    async (url) => {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('arlo-web-marker');
    },
  );

  it('answers an unknown address asked for as data with the JSON 404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/nope',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found: GET /nope', code: 'NOT_FOUND' });
  });

  it('sends security headers with pages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/signup' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('before the web app is built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ webRoot: '/nonexistent/dist/web' });
  });
  afterAll(() => t.close());

  it('says so on web routes while the API keeps working', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/signup' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('not built yet');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
