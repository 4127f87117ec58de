import { randomUUID } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';

/**
 * This server process, as the database knows it. Made once per process: work it takes on (a sync
 * lease, an answer being written) carries it, so after a crash the work can be told apart from
 * that of processes still running, on this host or another node sharing the database.
 */
export const BOOT_ID = randomUUID();

/**
 * Where a pid names this process and no other: the same hostname, kernel boot and pid namespace.
 * Two machines, or two containers on one machine, can share a hostname but not the other two.
 */
export const BOOT_HOST = [
  os.hostname(),
  readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
  readOr(() => readlinkSync('/proc/self/ns/pid')),
]
  .map((part) => part.trim())
  .join('|');

function readOr(read: () => string): string {
  try {
    return read();
  } catch {
    // Not Linux: the hostname alone has to do.
    return '';
  }
}
