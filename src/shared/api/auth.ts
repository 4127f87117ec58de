import { z } from 'zod';

/** Emails are compared lowercased; the limit is RFC 5321's. */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .transform((email) => email.toLowerCase())
  .pipe(z.email({ message: 'Please enter a valid email address' }));

// Bounded before hashing, so a megabyte "password" is a 400, not a slow hash.
const passwordInput = z.string().min(1, 'Please enter your password').max(1024);
const codeSchema = z.string().regex(/^\d{6}$/, 'Please enter the 6-digit verification code');

export const userStatusSchema = z.enum(['signup', 'active', 'trial', 'payment', 'paused']);
export const signupMethodSchema = z.enum(['web', 'google', 'facebook']);

export const authUserSchema = z.object({
  uid: z.string(),
  name: z.string(),
  status: userStatusSchema,
  signup_method: signupMethodSchema,
});

export const checkSignupStatusBody = z.object({ email: emailSchema });
export const checkSignupStatusResponse = z.object({ redirect: z.string().optional() });

export const createUserBody = z.object({
  email: emailSchema,
  password: passwordInput,
  method: z.literal('web'),
});
export const createUserResponse = z.object({ requiresVerification: z.literal(true) });

export const verifyEmailBody = z.object({ email: emailSchema, code: codeSchema });
export const verifyEmailResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  user: authUserSchema,
  redirect: z.string(),
  message: z.string(),
});

export const resendVerificationBody = z.object({ email: emailSchema });
export const resendVerificationResponse = z.object({ success: z.literal(true), message: z.string() });

export const validateEmailBody = z.object({ email: emailSchema });
export const validateEmailResponse = z.object({ valid: z.boolean() });

export const loginBody = z.object({ email: emailSchema, password: passwordInput });
export const loginResponse = z.object({
  token: z.string(),
  user: authUserSchema,
  status: userStatusSchema,
  signup_method: signupMethodSchema,
  originalHost: z.string(),
});

export const forgotPasswordBody = z.object({ email: emailSchema });
export const forgotPasswordResponse = z.object({ success: z.literal(true) });

export const resetPasswordBody = z.object({
  email: emailSchema,
  code: z.string().regex(/^\d{6}$/, 'Please enter a valid 6-digit verification code'),
  newPassword: z.string().min(1, 'Please enter a new password').max(1024),
});
export const resetPasswordResponse = z.object({ success: z.literal(true) });

export const userStatusResponse = z.object({
  user: z.object({
    status: userStatusSchema,
    user_type: z.enum(['basic', 'pro']),
    uid: z.string(),
    name: z.string(),
    fb_permissions_granted: z.boolean(),
    g_permissions_granted: z.boolean(),
    accounts: z.array(z.object({ id: z.string(), name: z.string(), active: z.boolean() })),
  }),
});

// Google and Facebook sign-in. Credentials are bounded so junk is a cheap 400. Both providers'
// tokens are printable ASCII (a JWT, a Graph token); anything else, a lone surrogate included,
// could not even be put into the provider's URL, so it is refused here rather than sent.
const providerToken = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');
export const googleAuthBody = z.object({ credential: providerToken(8192) });
export const facebookAuthBody = z.object({ accessToken: providerToken(4096) });
export const socialSignupResponse = z.object({
  redirect: z.string(),
  token: z.string(),
  user: authUserSchema,
  message: z.string(),
});
export const socialLoginResponse = loginResponse;
