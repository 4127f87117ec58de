import type { ClientConfig } from '../../../shared/api/client-config';
import { loadScript } from './load-script';
import { ProviderError } from './provider-error';

export interface FacebookAuthResponse {
  status?: 'connected' | 'not_authorized' | 'unknown';
  authResponse?: { accessToken?: string } | null;
}

export interface FacebookSdk {
  init(options: {
    appId: string;
    version: string;
    cookie?: boolean;
    xfbml?: boolean;
    status?: boolean;
  }): void;
  login(callback: (response: FacebookAuthResponse) => void, options?: { scope?: string }): void;
  logout(callback?: () => void): void;
  getLoginStatus(callback: (response: FacebookAuthResponse) => void): void;
  api(path: string, params: Record<string, unknown>, callback: (response: unknown) => void): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

/** Which script to load and which app to initialise it for. */
export interface FacebookSdkSource {
  appId: string;
  sdkUrl: string;
  version: string;
}

/*
 * `window.FB` is one global per page, but two configurations use it: sign-in (Facebook's SDK, the
 * login app) and ad-account connection (`facebook.connect`: in demo mode ARLO's stand-in SDK).
 * So each script is loaded at most once and its SDK object is kept by URL; callers use the object
 * they were handed, never `window.FB`, so a later script replacing the global cannot swap it under
 * them. The same script asked for with another app id is initialised again for that app; only one
 * page (hence one configuration) is mounted at a time, so they never alternate mid-flow.
 */
const sdks = new Map<string, Promise<FacebookSdk>>();
const initializedFor = new Map<string, string>();

function initFor(sdk: FacebookSdk, source: FacebookSdkSource): FacebookSdk {
  if (initializedFor.get(source.sdkUrl) !== source.appId) {
    sdk.init({ appId: source.appId, version: source.version, cookie: false, xfbml: false });
    initializedFor.set(source.sdkUrl, source.appId);
  }
  return sdk;
}

function loadSdkScript(sdkUrl: string): Promise<FacebookSdk> {
  return new Promise<FacebookSdk>((resolve, reject) => {
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      const sdk = window.FB;
      if (sdk) resolve(sdk);
      else reject(new ProviderError('failed_to_start'));
    };
    // An SDK already on the page that no script of ours put there (a test's stand-in, or a tag in
    // the HTML) is adopted. Otherwise the global is cleared first: Facebook's script does nothing
    // when it finds a `window.FB` already defined, which would leave the other script's SDK.
    if (window.FB && sdks.size === 0) return settle();
    window.FB = undefined;
    window.fbAsyncInit = settle;
    loadScript(sdkUrl).then(
      // A stand-in that defines FB without calling fbAsyncInit is picked up once its script ran.
      () => window.FB && settle(),
      () => {
        settled = true;
        reject(new ProviderError('failed_to_start'));
      },
    );
  });
}

/** Loads the SDK at `sdkUrl` (Facebook's, or our demo stand-in: same surface) and inits it for the app. */
export function loadFacebookSdk(source: FacebookSdkSource): Promise<FacebookSdk> {
  let loading = sdks.get(source.sdkUrl);
  if (!loading) {
    loading = loadSdkScript(source.sdkUrl);
    sdks.set(source.sdkUrl, loading);
    // A failed load is forgotten so the next page visit can try again.
    loading.catch(() => sdks.delete(source.sdkUrl));
  }
  return loading.then((sdk) => initFor(sdk, source));
}

/** The SDK for connecting ad accounts: `facebook.connect`, never the sign-in app. */
export const loadFacebookConnectSdk = (facebook: ClientConfig['facebook']): Promise<FacebookSdk> =>
  loadFacebookSdk({
    appId: facebook.connect.appId,
    sdkUrl: facebook.connect.sdkUrl,
    version: facebook.version,
  });

/**
 * Facebook needs HTTPS. Browsers also count loopback addresses as secure,
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

/** After a failed attempt, drop Facebook's session so the next click starts clean. */
export function facebookLogout(sdk: FacebookSdk | undefined): void {
  try {
    sdk?.logout();
  } catch {
    // Facebook throws when there was no session to end; nothing to undo then.
  }
}
