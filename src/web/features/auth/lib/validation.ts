import { z } from 'zod';

const emailFormat = z.email();

/** The first problem with an email, or undefined. */
export function emailProblem(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return 'Please enter your email address';
  if (trimmed.length > 254 || !emailFormat.safeParse(trimmed.toLowerCase()).success) {
    return 'Please enter a valid email address';
  }
  return undefined;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Keeps only digits, at most `length` of them (verification and reset codes). */
export const digitsOnly = (value: string, length = 6): string => value.replace(/\D/g, '').slice(0, length);
