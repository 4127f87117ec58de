import { z } from 'zod';

/**
 * The one-time hand-off code that carries a session from the permissions step to the chat in the
 * address, in place of the bearer token itself: it works once, for this long.
 */
export const HANDOFF_CODE_TTL_SECONDS = 60;

/** The query parameter the chat and the plans pages read the code from. */
export const HANDOFF_PARAM = 'handoff';

/** What the exchange answers for a code that is unknown, used, expired or outdated; also the page's notice. */
export const HANDOFF_INVALID = 'This sign-in link is invalid or has expired, so it was not used.';

/** `POST /auth/handoff` (bearer token required): a fresh code for the caller. */
export const createHandoffResponse = z.object({
  code: z.string(),
  expiresIn: z.number().int().positive(),
});

/** `POST /auth/handoff/exchange` (no auth): the code, once, for a token of the user who made it. */
export const exchangeHandoffBody = z.object({ code: z.string().min(1).max(128) });
export const exchangeHandoffResponse = z.object({ token: z.string() });
