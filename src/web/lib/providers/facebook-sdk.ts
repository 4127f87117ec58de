import type { ClientConfig } from '../../../shared/api/client-config';
import { loadScript } from './load-script';
import { ProviderError } from './provider-error';

interface FacebookAuthResponse {
  status?: 'connected' | 'not_authorized' | 'unknown';
  authResponse?: { accessToken?: string } | null;
}

interface FacebookSdk {
  init(options: {
    appId: string;
    version: string;
    cookie?: boolean;
    xfbml?: boolean;
    status?: boolean;
  }): void;
  login(callback: (response: FacebookAuthResponse) => void, options?: { scope?: string }): void;
  logout(callback?: () => void): void;
  api(path: string, params: Record<string, unknown>, callback: (response: unknown) => void): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

let ready: Promise<FacebookSdk> | undefined;

/** Loads the SDK (or our demo stand-in: same surface) and initialises it once for the app id. */
export function loadFacebookSdk(
  facebook: ClientConfig['facebook'] & { appId: string },
): Promise<FacebookSdk> {
  ready ??= new Promise<FacebookSdk>((resolve, reject) => {
    const init = () => {
      const sdk = window.FB;
      if (!sdk) return reject(new ProviderError('failed_to_start'));
      sdk.init({ appId: facebook.appId, version: facebook.version, cookie: false, xfbml: false });
      resolve(sdk);
    };
    if (window.FB) return init();
    window.fbAsyncInit = init;
    loadScript(facebook.sdkUrl).catch(() => {
      ready = undefined;
      reject(new ProviderError('failed_to_start'));
    });
  });
  return ready;
}

/** The SDK once loaded, or undefined while it is still loading. */
export const loadedFacebookSdk = (): FacebookSdk | undefined => window.FB;

/**
 * SPEC.md section 5: Facebook needs HTTPS. Browsers also count loopback addresses as secure,
 * which is what lets the demo and the tests run the real flow on http://localhost.
 */
export const facebookAllowed = (): boolean => window.isSecureContext || window.location.protocol === 'https:';

/** Opens Facebook's login dialog and resolves with the user access token. */
export function facebookLogin(sdk: FacebookSdk, scope: string): Promise<string> {
  return new Promise((resolve, reject) => {
    sdk.login(
      (response) => {
        const token = response.authResponse?.accessToken;
        if (response.status === 'connected' && token) return resolve(token);
        reject(new ProviderError(response.status === 'not_authorized' ? 'denied' : 'cancelled'));
      },
      { scope },
    );
  });
}

/** After a failed attempt, drop Facebook's session so the next click starts clean (SPEC.md section 4). */
export function facebookLogout(sdk: FacebookSdk | undefined): void {
  try {
    sdk?.logout();
  } catch {
    // Facebook throws when there was no session to end; nothing to undo then.
  }
}
