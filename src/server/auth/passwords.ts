import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when no account exists keeps the answer time the same either way.
let dummyHash: Promise<string> | undefined;
export function timingDummy(): Promise<string> {
  dummyHash ??= hashPassword('timing-equaliser-Aa1!');
  return dummyHash;
}
