/**
 * Whether a process with this pid exists on this host. `kill(pid, 0)` checks without signalling it;
 * EPERM means it exists but runs as another user, which still counts as running.
 */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
