import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';

// Issue 9, item 12: what every response tells the browser about where it may load from and who
// may read it.

/** The SDK hosts the sign-in pages need; anything else in a fetch/script/frame source is a leak. */
const allowedHosts = new Set(['accounts.google.com', 'apis.google.com', 'connect.facebook.net']);
const isFacebookHost = (host: string) => host === 'facebook.com' || host.endsWith('.facebook.com');

const EVIL_ORIGIN = 'https://evil.example';

/** `content-security-policy` as directive name → its sources. */
function parseCsp(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** A source is acceptable if it is 'self' or an https origin of one of the SDK hosts, exactly. */
function isAllowedSource(source: string): boolean {
  if (source === "'self'") return true;
  if (!source.startsWith('https://') || source.includes('*')) return false;
  const url = new URL(source);
  return url.origin === source.replace(/\/$/, '') && (allowedHosts.has(url.host) || isFacebookHost(url.host));
}

describe('security headers (default environment)', () => {
  let t: TestApp;
  let api: LightMyRequestResponse;
  let page: LightMyRequestResponse;
  beforeAll(async () => {
    t = await buildTestApp();
    api = await t.app.inject({ method: 'GET', url: '/api/health' });
    // The history fallback (no web build in tests): the page route gets the same policy.
    page = await t.app.inject({ method: 'GET', url: '/login' });
  });
  afterAll(() => t.close());

  it('limits scripts, fetches and frames to our origin and the Google and Facebook SDK hosts', () => {
    for (const response of [api, page]) {
      const csp = parseCsp(response.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      for (const directive of ['script-src', 'connect-src', 'frame-src']) {
        const sources = csp.get(directive);
        expect(sources, directive).toBeDefined();
        expect(sources, directive).toContain("'self'");
        const foreign = (sources ?? []).filter((source) => !isAllowedSource(source));
        expect(foreign, `${directive} allows more than our origin and the SDK hosts`).toEqual([]);
      }
      expect(csp.get('script-src')).toContain('https://accounts.google.com');
      expect(csp.get('script-src')).toContain('https://connect.facebook.net');
      const everySource = [...csp.values()].flat();
      expect(everySource).not.toContain('*');
      expect(everySource).not.toContain("'unsafe-eval'");
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('object-src')).toEqual(["'none'"]);
    }
  });

  it('forbids framing the app anywhere', () => {
    const csp = parseCsp(api.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('sends no HSTS outside production (local HTTP demo) and never x-powered-by', () => {
    expect(t.config.nodeEnv).not.toBe('production');
    for (const response of [api, page]) {
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('gives a cross-origin request no access-control-allow-origin (same origin only)', async () => {
    const simple = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: EVIL_ORIGIN },
    });
    expect(simple.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: EVIL_ORIGIN },
      payload: { email: 'nobody@example.com', password: 'Sunny-Day-42' },
    });
    expect(login.statusCode).toBeLessThan(500);
    for (const response of [simple, login]) {
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('answers a cross-origin preflight without allowing anything', async () => {
    for (const url of ['/auth/login', '/api/ask', '/payment/create-checkout-session']) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: EVIL_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(preflight.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(preflight.statusCode, url).toBeLessThan(500);
      for (const name of Object.keys(preflight.headers)) {
        expect(name.startsWith('access-control-allow-'), `${url} sent ${name}`).toBe(false);
      }
    }
  });
});

describe('security headers in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => t.close());

  it('sends HSTS for a year, with subdomains, and asks the browser to upgrade requests', async () => {
    expect(t.config.nodeEnv).toBe('production');
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const hsts = String(response.headers['strict-transport-security'] ?? '');
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toMatch(/includeSubDomains/i);
    expect(parseCsp(response.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
