import { readFileSync } from 'node:fs';

// Linux counts a process's start in clock ticks since boot; USER_HZ is 100 on every mainstream build.
const TICKS_PER_SECOND = 100;
// The start time's resolution and the lock's clock reading, with room to spare.
const START_SLACK_MS = 2_000;

/** The kernel's view of a pid on Linux: its state letter and when it started; undefined elsewhere. */
function procStat(pid: number): { state: string; startedAtMs: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const bootLine = readFileSync('/proc/stat', 'utf8').match(/^btime (\d+)$/m);
    if (!bootLine?.[1] || fields[0] === undefined || fields[19] === undefined) return undefined;
    const startedAtMs = Number(bootLine[1]) * 1000 + (Number(fields[19]) / TICKS_PER_SECOND) * 1000;
    return { state: fields[0], startedAtMs };
  } catch {
    return undefined;
  }
}

/**
 * Whether a process with this pid is alive on this host. `kill(pid, 0)` checks without signalling
 * it; EPERM means it exists but runs as another user, which still counts. But `kill` also succeeds
 * on a zombie (exited, waiting for its parent to reap it, as under a container's pid 1), which is
 * not alive. And given `startedBefore` (when the holder recorded itself), a process with this pid
 * that started later is another process that got the pid again, so the holder is gone.
 */
export function isProcessRunning(pid: number, startedBefore?: Date): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(pid);
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  if (startedBefore && !Number.isNaN(startedBefore.getTime()))
    return stat.startedAtMs <= startedBefore.getTime() + START_SLACK_MS;
  return true;
}
