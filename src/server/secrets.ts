import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { makePrivateDir } from './private-dir';

const SECRETS_FILE = 'secrets.json';

const storedSecretsSchema = z.object({
  jwtSecret: z.string().min(32),
  encryptionKey: z.string().refine((value) => Buffer.from(value, 'base64').length === 32),
});

export interface Secrets {
  jwtSecret: string;
  encryptionKey: Buffer;
}

/**
 * Reads DATA_DIR/secrets.json, creating it (mode 600, in a folder only this user can open) on
 * first start. Values given in the environment win over the file, so an operator can pin one
 * secret and let ARLO keep the other.
 * Regenerating on every start would log everyone out and make stored tokens unreadable.
 */
export function loadOrCreateSecrets(
  dataDir: string,
  fromEnv: { jwtSecret: string | undefined; encryptionKey: string | undefined },
): Secrets {
  const file = path.join(dataDir, SECRETS_FILE);
  const stored = readOrCreate(dataDir, file);
  return {
    jwtSecret: fromEnv.jwtSecret ?? stored.jwtSecret,
    encryptionKey: fromEnv.encryptionKey
      ? (decodeKey(fromEnv.encryptionKey) as Buffer)
      : Buffer.from(stored.encryptionKey, 'base64'),
  };
}

function readOrCreate(dataDir: string, file: string): z.infer<typeof storedSecretsSchema> {
  makePrivateDir(dataDir);
  const fresh = {
    jwtSecret: randomBytes(48).toString('base64url'),
    encryptionKey: randomBytes(32).toString('base64'),
  };
  try {
    // 'wx' fails if another process created the file first; we then read theirs instead.
    fs.writeFileSync(file, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  fs.chmodSync(file, 0o600);
  const parsed = storedSecretsSchema.safeParse(parseJson(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${file} is damaged; restore it from a backup or delete it to generate new secrets`);
  }
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Accepts a 32-byte key as hex or base64; returns undefined for anything else. */
export function decodeKey(value: string): Buffer | undefined {
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}
