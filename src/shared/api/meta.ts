import { z } from 'zod';

/** Meta ad account ids are digits; the Graph API writes them as `act_<digits>` in paths. */
export const adAccountIdSchema = z
  .string()
  .trim()
  .regex(/^(act_)?\d{1,30}$/, 'must be an ad account id')
  .transform((id) => id.replace(/^act_/, ''));

/** `POST /auth/save-facebook-permissions` (bearer token required). */
export const saveFacebookPermissionsBody = z.object({
  facebookToken: z.string().min(1).max(4096),
  accounts: z
    .array(z.object({ account_id: adAccountIdSchema, name: z.string().max(400) }))
    .min(1, 'Choose at least one ad account')
    .max(5000),
});
export const saveFacebookPermissionsResponse = z.object({ success: z.literal(true), token: z.string() });
export type SaveFacebookPermissionsBody = z.input<typeof saveFacebookPermissionsBody>;

/** `PUT /api/accounts/{id}/status`. */
export const accountStatusParams = z.object({ id: adAccountIdSchema });
export const accountStatusBody = z.object({ active: z.boolean() });
export const accountStatusResponse = z.object({ success: z.boolean(), message: z.string() });

export const syncStatusSchema = z.enum(['pending', 'running', 'ok', 'error']);

/**
 * Where an account's data stands for the reader: its first import under way (with how far it has
 * got), synced, or failed. A refresh of an imported account is not an import: it stays 'synced'.
 */
export const importProgressSchema = z.object({
  state: z.enum(['importing', 'synced', 'error']),
  /** During the first import: whole days imported out of days to import, 0–99; else null. */
  percent: z.number().int().min(0).max(100).nullable(),
  /** During the first import: the last whole day imported (YYYY-MM-DD), null before the first. */
  data_through: z.string().nullable(),
});

/** One of the caller's connected ad accounts with its sync state (`GET /api/accounts`). */
export const connectedAccountSchema = z.object({
  account_id: z.string(),
  name: z.string(),
  active: z.boolean(),
  currency: z.string(),
  timezone: z.string(),
  sync: z.object({
    status: syncStatusSchema,
    last_success_at: z.string().nullable(),
    /** The rows ARLO holds for the account (every sync together), not what the last sync wrote. */
    rows: z.number().int(),
    last_error: z.string().nullable(),
    /** Always sent by this server; optional so a reader also accepts an answer without it. */
    progress: importProgressSchema.optional(),
  }),
});
export const accountsResponse = z.object({ accounts: z.array(connectedAccountSchema) });
export type ConnectedAccount = z.infer<typeof connectedAccountSchema>;

/** `POST /api/accounts/{id}/sync`: queues a refresh of one account. */
export const syncAccountResponse = z.object({ success: z.boolean(), message: z.string() });
