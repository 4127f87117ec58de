import type { users } from '../db/schema';

type User = typeof users.$inferSelect;

/** The `user` object of every auth answer (SPEC.md section 7): uid is the email. */
export const authUser = (user: User) => ({
  uid: user.email,
  name: user.name,
  status: user.status,
  signup_method: user.signupMethod,
});
