import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runArlo } from '../helpers/cli';

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
