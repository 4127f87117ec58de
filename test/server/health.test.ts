import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';
import { postgresUrl } from '../helpers/environment';

const packageVersion = JSON.parse(readFileSync('package.json', 'utf8')).version;

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reports ok, the database in use and the version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      db: postgresUrl ? 'postgres' : 'pglite',
      version: packageVersion,
    });
  });

  it('answers with a request id, generated or the caller’s when it is safe', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-42' },
    });
    expect(given.headers['x-request-id']).toBe('lb-42');
    const hostile = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'x\n{"level":60}' },
    });
    expect(hostile.headers['x-request-id']).not.toContain('\n');
  });

  it('is described in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
  });

  // Last in the file: it closes the database under the running app.
  it('answers 503 with a plain message when the database is gone', async () => {
    await t.testDatabase.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'The service is temporarily unavailable. Please try again in a moment.',
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
