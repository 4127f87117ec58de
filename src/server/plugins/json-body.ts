import { errorCodes, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { parse } from 'secure-json-parse';
import { AppError } from '../errors';

const FORBIDDEN_KEY_MESSAGE =
  'The request body contains a key that is not allowed ("__proto__" or "constructor.prototype").';
/** Far deeper than any of our bodies (three levels at most); deep nesting only makes parsing slow. */
export const MAX_JSON_DEPTH = 32;
const TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text opens more than `maxDepth` objects or arrays inside each other: one linear
 * pass that skips over strings, so brackets inside them do not count. Exact for valid JSON;
 * invalid JSON is refused by the parse anyway.
 */
export function nestedDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === QUOTE) {
      i = closingQuote(text, i);
      if (i === -1) return false;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** The quote that ends the string opened at `open`: the next one not escaped by a backslash. */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at !== -1; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}

/**
 * Request bodies are JSON and nothing else.
 * - text/plain has no parser: it is what a cross-site form may post without a preflight, and no
 *   route reads text, so it gets the 415 every other unread content type gets.
 * - Nesting depth is checked before parsing: a deeply nested body costs far more to parse and to
 *   scan for forbidden keys than its size suggests.
 * - Prototype-polluting keys are refused, with a message that says so: the body is valid JSON,
 *   and "not valid JSON" would send its author looking for the wrong mistake.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  app.removeContentTypeParser(['text/plain', 'application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text === '') return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    if (nestedDeeperThan(text, MAX_JSON_DEPTH))
      return done(new AppError('BAD_REQUEST', TOO_DEEP_MESSAGE), undefined);
    try {
      done(null, parse(text, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      const forbidden = error instanceof SyntaxError && error.message.startsWith('Object contains forbidden');
      done(
        forbidden
          ? new AppError('BAD_REQUEST', FORBIDDEN_KEY_MESSAGE)
          : new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(),
        undefined,
      );
    }
  });
});
