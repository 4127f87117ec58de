import { errorResponseSchema } from '../../shared/errors';
import type { Config } from '../config';
import type { users } from '../db/schema';
import { issueToken } from './tokens';

type User = typeof users.$inferSelect;

/** The `user` object of every auth answer: uid is the email. */
export const authUser = (user: User) => ({
  uid: user.email,
  name: user.name,
  status: user.status,
  signup_method: user.signupMethod,
});

/** A token for this user at their current version (a password reset raises it). */
export const tokenFor = (config: Pick<Config, 'jwtSecret'>, user: User): Promise<string> =>
  issueToken(config, { userId: user.id, email: user.email, version: user.tokenVersion });

/** What every successful login answers, by password or by Google or Facebook. */
export async function loginAnswer(config: Pick<Config, 'jwtSecret' | 'publicUrl'>, user: User) {
  return {
    token: await tokenFor(config, user),
    user: authUser(user),
    status: user.status,
    signup_method: user.signupMethod,
    originalHost: config.publicUrl,
  };
}

/** The error answers the auth routes declare. */
export const authErrorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
