import { randomBytes } from 'node:crypto';

export interface GraphErrorOptions {
  status?: number;
  subcode?: number;
  /** Meta marks throttling and outages as transient so clients know a retry may succeed. */
  isTransient?: boolean;
}

/** A Graph API failure; the handler sends it as Meta's `{ error: {...} }` body with its HTTP status. */
export class GraphError extends Error {
  readonly status: number;
  readonly code: number;
  readonly subcode: number | undefined;
  readonly isTransient: boolean;

  constructor(code: number, message: string, options: GraphErrorOptions = {}) {
    super(message);
    this.code = code;
    // Meta answers every API error, 190 and throttling included, with HTTP 400.
    this.status = options.status ?? 400;
    this.subcode = options.subcode;
    this.isTransient = options.isTransient ?? false;
  }
}

/** Looks like Meta's: 11 characters of base64 letters. */
export function fbtraceId(): string {
  return randomBytes(12).toString('base64').replace(/[+/=]/g, '').slice(0, 11);
}

export function errorBody(error: GraphError, traceId: string): { error: Record<string, unknown> } {
  const body: Record<string, unknown> = { message: error.message, type: 'OAuthException', code: error.code };
  if (error.subcode !== undefined) body.error_subcode = error.subcode;
  if (error.isTransient) body.is_transient = true;
  body.fbtrace_id = traceId;
  return { error: body };
}

/** Meta's answer for a node or edge that does not exist or that the token may not see. */
export function unsupportedRequest(method: string, id: string): GraphError {
  return new GraphError(
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    { subcode: 33 },
  );
}

export function invalidParameter(message: string): GraphError {
  return new GraphError(100, `(#100) ${message}`);
}
