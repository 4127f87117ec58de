/** Why a provider's sign-in could not start or finish in the browser, before any call to our API. */
export type ProviderFailure =
  | 'unconfigured'
  | 'insecure'
  | 'initializing'
  | 'popup_blocked'
  | 'failed_to_start'
  | 'cancelled'
  | 'denied';

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(readonly failure: ProviderFailure) {
    super(failure);
  }
}
