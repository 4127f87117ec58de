import { spawn } from 'node:child_process';
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakdownKeys } from '../../src/warehouse/graph-types';
import { runArlo } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';

// startArlo in test/helpers/cli.ts only knows `arlo serve`, so this spawns the same binary itself.
function startSimulator(args: string[]) {
  const child = spawn(process.execPath, [path.resolve('bin/arlo.mjs'), 'simulate-meta', ...args]);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`arlo simulate-meta did not start:\n${output}`));
    }, 45_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = output.match(
        /at (http:\/\/[\d.]+:\d+)\/v23\.0 app_id=(\S+) access_token=(\S+) appsecret_proof=([0-9a-f]{64})/,
      );
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`arlo simulate-meta exited with ${code}:\n${output}`));
    });
  });
  return { ready, exited, child, output: () => output };
}

describe('arlo simulate-meta', () => {
  it('prints the URL, app id and a ready token, serves ad accounts, and stops cleanly on SIGTERM', async () => {
    const simulator = startSimulator(['--port', '0', '--now', '2026-11-20']);
    const [, url, appId, token, proof] = await simulator.ready;
    expect(appId).toBe('arlo-demo');
    expect(simulator.output().trim().split('\n')).toHaveLength(1);

    const query = new URLSearchParams({
      fields: 'name,currency',
      access_token: token ?? '',
      appsecret_proof: proof ?? '',
    });
    const response = await fetch(`${url}/v23.0/me/adaccounts?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-app-usage')).toBeTruthy();
    const body = (await response.json()) as { data: { id: string; name: string }[] };
    expect(body.data).toHaveLength(2);
    expect(body.data[0]?.id).toMatch(/^act_\d+$/);

    simulator.child.kill('SIGTERM');
    expect(await simulator.exited).toBe(0);
  });

  it('refuses an unknown size with one clear line', async () => {
    const result = await runArlo(['simulate-meta', '--size', 'huge']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^arlo simulate-meta: --size must be demo or large/);
  });
});

describe('arlo demo --out, then arlo simulate-meta --data', () => {
  let dir: string;
  let data: string;
  beforeAll(async () => {
    dir = await makeTempDir();
    data = path.join(dir, 'demo');
    const written = await runArlo(['demo', '--out', data, '--now', '2026-11-20']);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toMatch(/wrote 2 accounts and \d+ rows \(plus \d+ breakdown rows/);
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function readJson(file: string) {
    return JSON.parse(await readFile(path.join(data, file), 'utf8'));
  }

  it('writes every breakdown key and the objects of each account in the fixture format', async () => {
    const accounts = (await readJson('adaccounts.json')).data as { id: string }[];
    expect(accounts).toHaveLength(2);
    for (const account of accounts) {
      for (const key of breakdownKeys) {
        const body = await readJson(path.join('breakdowns', account.id, `${key}.json`));
        expect(body.data.length, key).toBeGreaterThan(100);
        expect(body.data[0]).toMatchObject({ adset_id: expect.any(String), date_start: expect.any(String) });
        for (const field of key.split(',')) expect(typeof body.data[0][field], field).toBe('string');
      }
      const objects = await readJson(path.join('objects', `${account.id}.json`));
      expect(Object.keys(objects).sort()).toEqual(['ads', 'adsets', 'campaigns']);
      expect(objects.ads[0].creative).toMatchObject({
        object_type: expect.stringMatching(/^(VIDEO|PHOTO|SHARE)$/),
      });
    }
  });

  it('serves the folder’s breakdowns and objects, and a folder without them still works', async () => {
    const bare = path.join(dir, 'bare');
    await cp(path.join(data, 'adaccounts.json'), path.join(bare, 'adaccounts.json'));
    await cp(path.join(data, 'insights'), path.join(bare, 'insights'), { recursive: true });
    for (const [folder, expectRows] of [
      [data, true],
      [bare, false],
    ] as const) {
      const simulator = startSimulator(['--port', '0', '--data', folder, '--now', '2026-11-20']);
      const [, url, , token, proof] = await simulator.ready;
      const auth = { access_token: token ?? '', appsecret_proof: proof ?? '' };
      const accounts = await (await fetch(`${url}/v23.0/me/adaccounts?${new URLSearchParams(auth)}`)).json();
      const act = accounts.data[0].id as string;
      const breakdown = new URLSearchParams({
        ...auth,
        level: 'adset',
        breakdowns: 'device_platform',
        fields: 'impressions',
        date_preset: 'last_7d',
      });
      const rows = await (await fetch(`${url}/v23.0/${act}/insights?${breakdown}`)).json();
      const campaigns = await (
        await fetch(
          `${url}/v23.0/${act}/campaigns?${new URLSearchParams({ ...auth, fields: 'name,status' })}`,
        )
      ).json();
      if (expectRows) {
        expect(rows.data.length).toBeGreaterThan(0);
        expect(rows.data[0].device_platform).toMatch(/^(mobile_app|mobile_web|desktop)$/);
        expect(campaigns.data[0]).toMatchObject({ id: expect.any(String), name: expect.any(String) });
      } else {
        expect(rows).toEqual({ data: [] });
        expect(campaigns).toEqual({ data: [] });
      }
      simulator.child.kill('SIGTERM');
      expect(await simulator.exited).toBe(0);
    }
  }, 120_000);
});
