import type { StatusUser } from '../../../lib/user-status';

/**
 * Where a signed-in user who opened the permissions page belongs, or null to stay.
 * The page is for status signup; anyone else goes to /signup. Sending an
 * active or trial user who already granted Facebook back to signup would strand a finished
 * account, so they go to the chat instead (it reads the stored session on this same origin).
 */
export function permissionsGate(user: Pick<StatusUser, 'status' | 'fb_permissions_granted'>): string | null {
  if (user.status === 'signup') return null;
  if ((user.status === 'active' || user.status === 'trial') && user.fb_permissions_granted) return '/';
  return '/signup';
}
