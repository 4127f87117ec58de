import { dropFromAddress } from './address';
import { saveSession, type UserInfo } from './session';

/**
 * SPEC.md section 2: the chat and the plans screens read 'token' and 'userInfo' from the address on
 * load, store them, and remove them from the address, so they are neither bookmarked nor left in
 * the history.
 */
export function takeSessionFromAddress(
  location: Location = window.location,
  history: History = window.history,
): void {
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (!token) return;
  let user: UserInfo = { uid: '', name: '' };
  try {
    const parsed = JSON.parse(params.get('userInfo') ?? '{}') as Partial<UserInfo>;
    user = { uid: String(parsed.uid ?? ''), name: String(parsed.name ?? '') };
  } catch {
    // A mangled userInfo still leaves a usable token; the status check fills in the rest.
  }
  saveSession(token, user);
  dropFromAddress(['token', 'userInfo'], location, history);
}
