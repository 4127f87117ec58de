import { errorCodes, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { parse } from 'secure-json-parse';
import { AppError } from '../errors';

const FORBIDDEN_KEY_MESSAGE =
  'The request body contains a key that is not allowed ("__proto__" or "constructor.prototype").';

/**
 * Request bodies are JSON and nothing else.
 * - text/plain has no parser: it is what a cross-site form may post without a preflight, and no
 *   route reads text, so it gets the 415 every other unread content type gets.
 * - Prototype-polluting keys are refused, with a message that says so: the body is valid JSON,
 *   and "not valid JSON" would send its author looking for the wrong mistake.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  app.removeContentTypeParser(['text/plain', 'application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text === '') return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
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
