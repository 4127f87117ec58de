/** A password needs at least 9 characters; a maximum keeps hashing cheap and bounded. */
export const PASSWORD_MIN_LENGTH = 9;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_SPECIALS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~';

/** The rules in the order the product checks them, each with its exact message. */
const rules: [(password: string) => boolean, string][] = [
  [
    (p) => p.length >= PASSWORD_MIN_LENGTH,
    `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  ],
  [(p) => /[A-Z]/.test(p), 'Password must contain at least 1 uppercase letter'],
  [(p) => /[a-z]/.test(p), 'Password must contain at least 1 lowercase letter'],
  [(p) => /\d/.test(p), 'Password must contain at least 1 digit'],
  [
    (p) => [...p].some((c) => PASSWORD_SPECIALS.includes(c)),
    'Password must contain at least 1 special character',
  ],
];

/** The first rule a password breaks, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  }
  return rules.find(([ok]) => !ok(password))?.[1];
}
