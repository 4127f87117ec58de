import { z } from 'zod';

/** True for a time zone name this runtime knows (IANA, e.g. "Europe/Berlin"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone, { message: 'must be an IANA time zone such as Europe/Berlin' });

/** `GET /api/email-reports`: the caller's choices, and the zone the digest follows. */
export const emailReportPrefsResponse = z.object({
  digest: z.boolean(),
  alerts: z.boolean(),
  /** The zone the caller set, or null when the digest follows the first active ad account's zone. */
  timeZone: z.string().nullable(),
  /** The zone actually used for "Monday 08:00". */
  effectiveTimeZone: z.string(),
});
export type EmailReportPrefs = z.infer<typeof emailReportPrefsResponse>;

/** `PUT /api/email-reports`: any of the fields; the web sends the browser's zone with an opt-in. */
export const emailReportPrefsBody = z
  .object({
    digest: z.boolean().optional(),
    alerts: z.boolean().optional(),
    timeZone: timeZoneSchema.nullable().optional(),
  })
  .strict();
export type EmailReportPrefsBody = z.input<typeof emailReportPrefsBody>;

/** `POST /api/email-reports/test-digest`: sent now, not counted as the week's digest. */
export const testDigestResponse = z.object({ success: z.literal(true), message: z.string() });

/** The signed unsubscribe link's query (no login: the signature is the proof). */
export const emailReportKinds = ['digest', 'alerts'] as const;
export type EmailReportKind = (typeof emailReportKinds)[number];
export const unsubscribeQuery = z.object({
  u: z.uuid('must be a user id'),
  k: z.enum(emailReportKinds),
  s: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the link signature'),
});
/** GET answers `unsubscribed: false` (it only asks to confirm); POST answers `true`. */
export const unsubscribeResponse = z.object({
  unsubscribed: z.boolean(),
  message: z.string(),
});
