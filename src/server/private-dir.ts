import fs from 'node:fs';

/**
 * Creates `dir` (and its parents) if needed and makes it readable by this user only. The data
 * folder holds password hashes, sealed Facebook tokens and the signing secrets; PGlite writes its
 * files world-readable whatever the umask, so the folder's mode is what keeps them private. An
 * existing folder is tightened too: `mkdir` only applies a mode to folders it creates.
 */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    fs.chmodSync(dir, 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    throw new Error(
      `cannot make ${dir} private (chmod 700): it belongs to another user; use a folder you own`,
    );
  }
}
