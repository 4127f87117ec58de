import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE } from '../../src/server/data-dir-lock';
import { makeTempDir } from '../helpers/temp-dir';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function freshDir(): Promise<string> {
  const dir = await makeTempDir('arlo-lock-');
  dirs.push(dir);
  return dir;
}

function lockText(holder: { pid: number; hostname?: string; startedAt?: string }): string {
  return JSON.stringify({
    pid: holder.pid,
    hostname: holder.hostname ?? os.hostname(),
    startedAt: holder.startedAt ?? '2026-01-01T00:00:00.000Z',
    token: 'earlier',
  });
}

/** The pid of a process that has already exited. */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('error', reject);
    child.on('exit', () => resolve(child.pid as number));
  });
}

/** Resolves when a racer is ready to race, then with what it got: 'won' or the error's name. */
function watchRacer(child: ChildProcess): { readied: Promise<void>; outcome: Promise<string> } {
  let out = '';
  let onReady = () => {};
  let onOutcome = (_result: string) => {};
  const readied = new Promise<void>((resolve) => {
    onReady = resolve;
  });
  const outcome = new Promise<string>((resolve) => {
    onOutcome = resolve;
  });
  child.stdout?.on('data', (chunk) => {
    out += chunk;
    if (out.includes('ready')) onReady();
    const result = out.match(/^(won|\w+Error)$/m)?.[1];
    if (result) onOutcome(result);
  });
  return { readied, outcome };
}

async function refusal(dir: string): Promise<string> {
  const error = await acquireDataDirLock(dir).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DataDirInUseError);
  const message = (error as Error).message;
  expect(message).not.toContain('\n');
  return message;
}

describe('the DATA_DIR lock', () => {
  it('is a file naming this process, private to this user, removed on release', async () => {
    const dir = await freshDir();
    await chmod(dir, 0o755);
    const lock = await acquireDataDirLock(dir);
    const file = path.join(dir, LOCK_FILE);
    const holder = JSON.parse(await readFile(file, 'utf8'));
    expect(holder).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    expect(Number.isNaN(Date.parse(holder.startedAt))).toBe(false);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);

    lock.release();
    expect(existsSync(file)).toBe(false);
    lock.release(); // twice is harmless
  });

  it('refuses a second holder with one line naming the folder and the pid', async () => {
    const dir = await freshDir();
    const lock = await acquireDataDirLock(dir);
    try {
      expect(await refusal(dir)).toBe(
        `DATA_DIR ${dir} is in use by another ARLO server (pid ${process.pid}, started ${lock.holder.startedAt}); stop it or set DATA_DIR to another folder`,
      );
    } finally {
      lock.release();
    }
    (await acquireDataDirLock(dir)).release();
  });

  it('refuses while the process named in the lock is running', async () => {
    const dir = await freshDir();
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      // The lock is written after its process started, as a server writes it.
      const startedAt = new Date().toISOString();
      await writeFile(path.join(dir, LOCK_FILE), lockText({ pid: running.pid as number, startedAt }));
      expect(await refusal(dir)).toContain(`(pid ${running.pid}, started ${startedAt})`);
    } finally {
      running.kill();
    }
  });

  it.skipIf(process.platform !== 'linux')(
    'takes over the lock of a pid that started after the lock was written: another process got the pid',
    async () => {
      const dir = await freshDir();
      const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
      try {
        const file = path.join(dir, LOCK_FILE);
        await writeFile(
          file,
          lockText({ pid: running.pid as number, startedAt: '2026-01-01T00:00:00.000Z' }),
        );
        const lock = await acquireDataDirLock(dir);
        expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ pid: process.pid });
        lock.release();
      } finally {
        running.kill();
      }
    },
  );

  // After kill -9 under a parent that does not reap (a container's pid 1), the server's pid is a
  // zombie: kill(pid, 0) still succeeds on it, but nothing holds the folder.
  it.skipIf(process.platform !== 'linux')('takes over the lock of a zombie', async () => {
    const dir = await freshDir();
    // The background `sleep` ends after its shell has become the long `sleep`, which never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 60']);
    try {
      const pid = await new Promise<number>((resolve) =>
        parent.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim()))),
      );
      const zombie = async () =>
        (await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')).includes(') Z ');
      for (let i = 0; i < 100 && !(await zombie()); i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await zombie()).toBe(true);
      const file = path.join(dir, LOCK_FILE);
      await writeFile(file, lockText({ pid, startedAt: new Date().toISOString() }));
      const lock = await acquireDataDirLock(dir);
      expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ pid: process.pid });
      lock.release();
    } finally {
      parent.kill();
    }
  });

  it('takes over the lock of a process that is gone', async () => {
    const dir = await freshDir();
    const file = path.join(dir, LOCK_FILE);
    await writeFile(file, lockText({ pid: await deadPid() }));
    const lock = await acquireDataDirLock(dir);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      pid: process.pid,
      token: lock.holder.token,
    });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('takes over a lock naming our own pid that this process never wrote (a restarted container)', async () => {
    const dir = await freshDir();
    await writeFile(path.join(dir, LOCK_FILE), lockText({ pid: process.pid }));
    (await acquireDataDirLock(dir)).release();
  });

  it('takes over an unreadable lock left long ago, but not one being written now', async () => {
    const dir = await freshDir();
    const file = path.join(dir, LOCK_FILE);
    await writeFile(file, '');
    const old = new Date(Date.now() - 60_000);
    await utimes(file, old, old);
    (await acquireDataDirLock(dir)).release();

    await writeFile(file, '{"pid":');
    expect(await refusal(dir)).toMatch(/is locked by another starting ARLO server/);
  });

  it('refuses a lock from another host, saying which file to delete if that host is done', async () => {
    const dir = await freshDir();
    await writeFile(path.join(dir, LOCK_FILE), lockText({ pid: 4242, hostname: 'other-host' }));
    expect(await refusal(dir)).toBe(
      `DATA_DIR ${dir} is in use by another ARLO server (pid 4242 on host other-host, started 2026-01-01T00:00:00.000Z); if no ARLO runs there any more, delete ${path.join(dir, LOCK_FILE)}`,
    );
  });

  it('lets exactly one of several processes racing for a stale lock win', async () => {
    const dir = await freshDir();
    await writeFile(path.join(dir, LOCK_FILE), lockText({ pid: await deadPid() }));
    const go = path.join(dir, 'go');
    const racer = `
      import { existsSync } from 'node:fs';
      const { acquireDataDirLock } = await import(${JSON.stringify(path.resolve('src/server/data-dir-lock.ts'))});
      console.log('ready');
      while (!existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 1));
      const outcome = await acquireDataDirLock(${JSON.stringify(dir)}).then(() => 'won', (e) => e.name);
      console.log(outcome);
      // Winners hold the lock until every racer has tried.
      process.stdin.on('end', () => process.exit(0)).resume();
    `;
    const racers: ChildProcess[] = [];
    const outcomes: Promise<string>[] = [];
    const ready: Promise<void>[] = [];
    for (let i = 0; i < 5; i++) {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', racer]);
      racers.push(child);
      const { readied, outcome } = watchRacer(child);
      ready.push(readied);
      outcomes.push(outcome);
    }
    try {
      await Promise.all(ready);
      await writeFile(go, '');
      const results = await Promise.all(outcomes);
      expect(results.filter((result) => result === 'won')).toHaveLength(1);
      expect(results.filter((result) => result === 'DataDirInUseError')).toHaveLength(4);
    } finally {
      for (const child of racers) child.stdin?.end();
    }
  }, 60_000);
});
