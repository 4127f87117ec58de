import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stripe-looking ids: a prefix and random letters and digits (`sub_1Q2w3E...`). */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = '';
  // The modulo bias is irrelevant: these only need to be unique and unguessable.
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}
