import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../shared/errors';
import { AppError, isDatabaseUnavailable, isUnstorableText } from '../errors';
import { bodyTooLargeMessage } from './body-limits';

const UNSTORABLE_TEXT_MESSAGE =
  'The request contains characters that cannot be stored (such as a NUL character).';
const MISSING_BODY_MESSAGE = 'The request body is missing; a JSON object was expected.';
const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

// Fastify's own 4xx errors carry safe, specific messages; we only give them our codes.
const codeForStatus: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const friendlyFastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; JSON was expected.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported; send application/json.',
};

/** The one place errors become responses: `{ message, code }`, and never internals on a 5xx. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'application error');
      return reply
        .status(error.statusCode)
        .send({ ...error.extra, message: error.message, code: error.code });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      // No body at all (or JSON null): say that, rather than "expected object, received null".
      if (error.validationContext === 'body' && (request.body === undefined || request.body === null)) {
        return reply.status(400).send({ message: MISSING_BODY_MESSAGE, code: 'VALIDATION_ERROR' });
      }
      const issue = error.validation[0];
      const where = error.validationContext ?? 'request';
      const field = issue?.instancePath ? issue.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
      const message = `Invalid ${where}${field ? ` field "${field}"` : ''}: ${issue?.message ?? 'invalid value'}`;
      return reply.status(400).send({ message, code: 'VALIDATION_ERROR' });
    }

    // Text PostgreSQL cannot store (a NUL character), wherever it came from: a body, a token claim.
    if (isUnstorableText(error)) {
      return reply.status(400).send({ message: UNSTORABLE_TEXT_MESSAGE, code: 'BAD_REQUEST' });
    }

    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ message: UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      // Each route has its own limit (plugins/body-limits.ts); the message names the one that applied.
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? bodyTooLargeMessage(request.routeOptions.bodyLimit)
          : (friendlyFastifyMessages[error.code] ?? error.message);
      return reply.status(status).send({ message, code: codeForStatus[status] ?? 'BAD_REQUEST' });
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: INTERNAL_MESSAGE, code: 'INTERNAL_ERROR' });
  });
});
