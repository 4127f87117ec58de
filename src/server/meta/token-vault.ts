import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface SealedToken {
  keyId: string;
  iv: string;
  ciphertext: string;
  tag: string;
}

/** Names the key without revealing it, so a rotated ENCRYPTION_KEY is detected instead of misread. */
export const keyIdOf = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 16);

/**
 * AES-256-GCM with a fresh 96-bit IV per token. The user id is the associated data: a sealed
 * token copied onto another user's row fails authentication instead of being used for them.
 */
export function sealToken(key: Buffer, userId: string, token: string): SealedToken {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return {
    keyId: keyIdOf(key),
    iv: iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
}

export class TokenVaultError extends Error {
  override name = 'TokenVaultError';
}

export function openToken(key: Buffer, userId: string, sealed: SealedToken): string {
  if (sealed.keyId !== keyIdOf(key)) throw new TokenVaultError('sealed with another key');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(userId, 'utf8'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    // Never the underlying error: the message must not hint at the plaintext or key.
    throw new TokenVaultError('token does not open for this user');
  }
}
