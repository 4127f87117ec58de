import { GOOGLE_SDK_URL } from '../../../shared/api/client-config';
import { loadScript } from './load-script';
import { ProviderError } from './provider-error';

interface GoogleIdApi {
  initialize(options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup' | 'redirect';
    use_fedcm_for_button?: boolean;
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdApi } };
  }
}

/** The hidden button is clicked after 300 ms and removed after 2 s. */
export const GOOGLE_TRIGGER_DELAY_MS = 300;
export const GOOGLE_TRIGGER_CLEANUP_MS = 2_000;

export const loadGoogleIdentity = () => loadScript(GOOGLE_SDK_URL);

// Google Identity calls one callback per initialize(); the click that started sign-in owns it.
let initializedFor: string | undefined;
let onCredential: ((credential: string) => void) | undefined;

/**
 * Starts Google sign-in from our own button. Google Identity only opens its popup from a button it
 * rendered itself, so one is rendered off-screen and clicked. `deliver` runs when Google hands back
 * an ID token; closing the popup simply never calls it.
 */
export function startGoogleSignIn(clientId: string, deliver: (credential: string) => void): Promise<void> {
  const api = window.google?.accounts?.id;
  if (!api) return Promise.reject(new ProviderError('initializing'));
  onCredential = deliver;
  if (initializedFor !== clientId) {
    api.initialize({
      client_id: clientId,
      ux_mode: 'popup',
      callback: (response) => {
        if (response.credential) onCredential?.(response.credential);
      },
    });
    initializedFor = clientId;
  }
  const holder = document.createElement('div');
  holder.setAttribute('aria-hidden', 'true');
  holder.style.cssText = 'position:fixed;left:-10000px;top:0;opacity:0;pointer-events:none';
  document.body.append(holder);
  setTimeout(() => holder.remove(), GOOGLE_TRIGGER_CLEANUP_MS);
  try {
    api.renderButton(holder, { type: 'standard', size: 'large' });
  } catch {
    return Promise.reject(new ProviderError('failed_to_start'));
  }
  return new Promise((resolve, reject) => {
    setTimeout(() => {
      const button = holder.querySelector<HTMLElement>('[role="button"]');
      if (!button) return reject(new ProviderError('failed_to_start'));
      try {
        button.click();
        resolve();
      } catch {
        reject(new ProviderError('popup_blocked'));
      }
    }, GOOGLE_TRIGGER_DELAY_MS);
  });
}
