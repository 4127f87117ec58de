import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A fresh directory under the system's temporary folder; its owner removes it. */
export async function makeTempDir(prefix = 'arlo-test-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}
