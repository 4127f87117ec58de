export type StripeErrorType = 'invalid_request_error' | 'api_error' | 'idempotency_error';

/**
 * A Stripe API failure; sent as Stripe's `{ error: {...} }` body. The SDK picks its error class from
 * the HTTP status (400/404 invalid request, 401 authentication), so the status matters most.
 */
export class StripeApiError extends Error {
  readonly status: number;
  readonly type: StripeErrorType;
  readonly code: string | undefined;
  readonly param: string | undefined;

  constructor(
    status: number,
    message: string,
    options: { type?: StripeErrorType; code?: string; param?: string } = {},
  ) {
    super(message);
    this.status = status;
    this.type = options.type ?? 'invalid_request_error';
    this.code = options.code;
    this.param = options.param;
  }

  body(requestId: string): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    // Stripe leaves out code and param rather than sending null.
    if (this.code) {
      error.code = this.code;
      error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replaceAll('_', '-')}`;
    }
    if (this.param) error.param = this.param;
    error.request_log_url = `https://dashboard.stripe.com/test/logs/${requestId}`;
    return { error };
  }
}

/** What Stripe calls an object by in "No such ..." messages. */
const NOUNS: Record<string, string> = {
  cs: 'checkout.session',
  sub: 'subscription',
  cus: 'customer',
  in: 'invoice',
  price: 'price',
};

export function noSuch(kind: keyof typeof NOUNS, id: string, param = 'id', status = 404): StripeApiError {
  return new StripeApiError(status, `No such ${NOUNS[kind]}: '${id}'`, { code: 'resource_missing', param });
}

export function missingParam(param: string): StripeApiError {
  return new StripeApiError(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

export function invalidParam(param: string, message: string, code = 'parameter_invalid'): StripeApiError {
  return new StripeApiError(400, message, { code, param });
}

export function unrecognizedUrl(method: string, path: string): StripeApiError {
  return new StripeApiError(
    404,
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );
}
