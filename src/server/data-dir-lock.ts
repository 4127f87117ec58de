import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { makePrivateDir } from './private-dir';
import { isProcessRunning } from './process-alive';

/**
 * One server per embedded database. Two PGlite instances on one folder do not see each other's
 * writes and the last to flush wins, so a second server must refuse to start, not lose signups.
 * The lock is a file created exclusively (`wx`) that names its holder; a holder that died without
 * removing it (a crash, SIGKILL) is detected by its pid and replaced.
 */

export const LOCK_FILE = 'arlo.lock';

export interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Tells this holder's lock apart from a later one with the same pid (a restarted container). */
  token: string;
}

export interface DataDirLock {
  file: string;
  holder: LockHolder;
  /** Removes the lock file if it is still ours; safe to call more than once. */
  release(): void;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export interface LockOptions {
  pid?: number;
  hostname?: string;
  now?: Date;
  /**
   * Whether a process on this host is running, and started no later than `startedBefore` (when
   * the lock was written); the default asks the kernel.
   */
  isRunning?: IsRunning;
}

/** Whether a pid on this host is alive, and started no later than `startedBefore`. */
type IsRunning = (pid: number, startedBefore?: Date) => boolean;

// Tokens of the locks this process holds: a lock file naming our own pid is ours only if we wrote it.
const heldTokens = new Set<string>();

export function parseLockHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    // pid 0 or a negative pid would make kill(pid, 0) probe a whole process group.
    if (!Number.isInteger(value.pid) || (value.pid as number) <= 0) return undefined;
    if (typeof value.hostname !== 'string' || typeof value.startedAt !== 'string') return undefined;
    if (typeof value.token !== 'string') return undefined;
    return value as LockHolder;
  } catch {
    return undefined;
  }
}

type HolderState = 'running' | 'dead' | 'elsewhere';

export function holderState(
  holder: LockHolder,
  self: { pid: number; hostname: string },
  isRunning: IsRunning,
): HolderState {
  if (heldTokens.has(holder.token)) return 'running';
  // A pid on another machine (a shared network folder) cannot be checked from here.
  if (holder.hostname !== self.hostname) return 'elsewhere';
  // Our pid in a lock we did not write: a previous run that got the same pid (containers reuse them).
  if (holder.pid === self.pid) return 'dead';
  return isRunning(holder.pid, new Date(holder.startedAt)) ? 'running' : 'dead';
}

export function inUseMessage(dataDir: string, holder: LockHolder, state: HolderState): string {
  const who = `pid ${holder.pid}${state === 'elsewhere' ? ` on host ${holder.hostname}` : ''}, started ${holder.startedAt}`;
  const advice =
    state === 'elsewhere'
      ? `if no ARLO runs there any more, delete ${path.join(dataDir, LOCK_FILE)}`
      : 'stop it or set DATA_DIR to another folder';
  return `DATA_DIR ${dataDir} is in use by another ARLO server (${who}); ${advice}`;
}

// A lock file is written right after it is created; an empty or garbled one younger than this is
// probably being written now, an older one was left by a crash between the two steps.
const UNREADABLE_GRACE_MS = 5_000;
const RETRY_MS = 20;
const MAX_ATTEMPTS = 100;

/**
 * Takes DATA_DIR/arlo.lock or throws DataDirInUseError with one line naming the folder and the
 * holder. A lock whose process is gone is taken over; two starters racing for it cannot both win.
 */
export async function acquireDataDirLock(dataDir: string, options: LockOptions = {}): Promise<DataDirLock> {
  const self = { pid: options.pid ?? process.pid, hostname: options.hostname ?? os.hostname() };
  const isRunning = options.isRunning ?? isProcessRunning;
  const holder: LockHolder = {
    ...self,
    startedAt: (options.now ?? new Date()).toISOString(),
    token: randomBytes(12).toString('hex'),
  };
  const content = `${JSON.stringify(holder)}\n`;
  makePrivateDir(dataDir);
  const file = path.join(dataDir, LOCK_FILE);

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (createExclusive(file, content)) return held(file, holder);
    const existing = readIfExists(file);
    if (existing === undefined) continue; // released between our two calls: try again at once
    const current = parseLockHolder(existing);
    if (current) {
      const state = holderState(current, self, isRunning);
      if (state !== 'dead') throw new DataDirInUseError(inUseMessage(dataDir, current, state));
    } else if (ageMs(file) < UNREADABLE_GRACE_MS) {
      await sleep(RETRY_MS);
      continue;
    }
    if (replaceStale(file, existing, content, self, isRunning)) return held(file, holder);
    await sleep(RETRY_MS);
  }
  throw new DataDirInUseError(`DATA_DIR ${dataDir} is locked by another starting ARLO server; try again`);
}

function held(file: string, holder: LockHolder): DataDirLock {
  heldTokens.add(holder.token);
  // A process that exits without the clean shutdown (process.exit, a fatal error) still lets go.
  const onExit = () => release();
  process.once('exit', onExit);
  const release = () => {
    if (!heldTokens.delete(holder.token)) return;
    process.removeListener('exit', onExit);
    const current = readIfExists(file);
    if (current !== undefined && parseLockHolder(current)?.token === holder.token) {
      fs.rmSync(file, { force: true });
    }
  };
  return { file, holder, release };
}

function createExclusive(file: string, content: string): boolean {
  try {
    fs.writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Swaps a stale lock for ours. Only one starter at a time may do it: the `.takeover` file, created
 * exclusively, is that right. Under it we check the lock is still the stale one we judged (not a
 * lock another starter just took) and rename ours over it, so the lock file never goes missing.
 */
function replaceStale(
  file: string,
  stale: string,
  content: string,
  self: { pid: number; hostname: string },
  isRunning: IsRunning,
): boolean {
  const takeover = `${file}.takeover`;
  if (!createExclusive(takeover, content)) {
    const other = readIfExists(takeover);
    const otherHolder = other === undefined ? undefined : parseLockHolder(other);
    if (otherHolder && holderState(otherHolder, self, isRunning) === 'dead') {
      // Breaking it could let two starters through; it only happens if a start died in the
      // microseconds between creating and removing it, so a person decides.
      throw new DataDirInUseError(
        `${takeover} was left by a start that stopped while taking over a stale lock (pid ${otherHolder.pid}); delete it and start again`,
      );
    }
    return false;
  }
  try {
    if (readIfExists(file) !== stale) return false;
    const fresh = `${file}.${self.pid}.${randomBytes(6).toString('hex')}`;
    fs.writeFileSync(fresh, content, { flag: 'wx', mode: 0o600 });
    fs.renameSync(fresh, file);
    return true;
  } finally {
    fs.rmSync(takeover, { force: true });
  }
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
