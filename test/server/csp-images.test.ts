import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';

// Ad thumbnails come from Meta's CDN (scontent hosts under fbcdn.net); the page may load images
// from there and from its own origin only, and the rest of the policy stays as it was.

const google = ['https://accounts.google.com', 'https://apis.google.com'];
const facebook = ['https://connect.facebook.net', 'https://www.facebook.com', 'https://graph.facebook.com'];

/** Every directive of the policy outside production, as the browser receives it. */
const expected: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", ...google, 'https://connect.facebook.net'],
  'style-src': ["'self'", "'unsafe-inline'", ...google],
  'img-src': ["'self'", 'https://*.fbcdn.net'],
  'connect-src': ["'self'", ...google, ...facebook],
  'frame-src': ["'self'", ...google, ...facebook],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  // helmet's own defaults, which the app keeps.
  'font-src': ["'self'", 'https:', 'data:'],
  'script-src-attr': ["'none'"],
};

function directivesOf(header: unknown): Record<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  const directives: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives[name.toLowerCase()] = sources;
  }
  return directives;
}

describe('the image sources the page allows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("are the app's own origin and Meta's image CDN, nothing else, on pages and the API", async () => {
    for (const url of ['/login', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      const directives = directivesOf(response.headers['content-security-policy']);
      expect(directives['img-src'], url).toEqual(["'self'", 'https://*.fbcdn.net']);
      expect(directives['img-src'], url).not.toContain('https:');
      expect(directives['img-src'], url).not.toContain('data:');
    }
  });

  it('leave every other directive as it was', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    expect(directivesOf(response.headers['content-security-policy'])).toEqual(expected);
  });
});

describe('the image sources in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => t.close());

  it('are the same, with insecure requests upgraded', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(directivesOf(response.headers['content-security-policy'])).toEqual({
      ...expected,
      'upgrade-insecure-requests': [],
    });
  });
});
