import path from 'node:path';
import { z } from 'zod';
import { decodeKey, loadOrCreateSecrets } from './secrets';

/** Thrown when the environment is wrong; its message is the one line the CLI prints before exiting. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

// Values of these variables must never be echoed back in an error line or a log.
const secretVariables = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'JWT_SECRET',
  'ENCRYPTION_KEY',
  'SMTP_URL',
  'META_APP_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'LLM_API_KEY',
]);

const optional = z.string().optional();
const url = (protocols: string[]) =>
  z
    .string()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
    )
    .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PORT: z.coerce
      .number({ message: 'must be a whole number from 0 to 65535' })
      .int('must be a whole number from 0 to 65535')
      .min(0, 'must be a whole number from 0 to 65535')
      .max(65535, 'must be a whole number from 0 to 65535')
      .default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    // Unset: the address of the port served (below), so links work whatever PORT is.
    PUBLIC_URL: url(['http:', 'https:']),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: url(['postgres:', 'postgresql:']),
    REDIS_URL: url(['redis:', 'rediss:']),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ENCRYPTION_KEY: z
      .string()
      .refine((value) => decodeKey(value) !== undefined, {
        message: 'must be 32 bytes written as 64 hex characters or as base64',
      })
      .optional(),
    SMTP_URL: url(['smtp:', 'smtps:']),
    MAIL_FROM: z.string().min(3).default('ARLO <no-reply@localhost>'),
    META_GRAPH_URL: url(['http:', 'https:']),
    META_APP_ID: z.string().regex(/^\d+$/, 'must be the numeric Facebook app id').optional(),
    META_APP_SECRET: optional,
    // Meta keeps insights for 37 months; a longer backfill would only be refused.
    META_BACKFILL_DAYS: z.coerce
      .number({ message: 'must be a whole number of days from 1 to 1125 (37 months)' })
      .int('must be a whole number of days from 1 to 1125 (37 months)')
      .min(1, 'must be a whole number of days from 1 to 1125 (37 months)')
      .max(1125, 'must be a whole number of days from 1 to 1125 (37 months)')
      .default(90),
    META_SYNC_INTERVAL_HOURS: z.coerce
      .number({ message: 'must be a number of hours from 0.25 to 168' })
      .min(0.25, 'must be a number of hours from 0.25 to 168')
      .max(168, 'must be a number of hours from 0.25 to 168')
      .default(6),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_JWKS_URL: url(['http:', 'https:']).default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    STRIPE_API_URL: url(['http:', 'https:']),
    STRIPE_PRICE_MONTHLY: optional,
    STRIPE_PRICE_ANNUAL: optional,
    STRIPE_YPRICE_MONTHLY: optional,
    STRIPE_YPRICE_ANNUAL: optional,
    LLM_BASE_URL: url(['http:', 'https:']),
    LLM_API_KEY: optional,
    LLM_MODEL: optional,
    WHATSAPP_COMMUNITY_URL: url(['https:']),
  })
  .superRefine((env, ctx) => {
    // Half-configured integrations are a mistake worth stopping for, not a silent demo mode.
    const together: [string, string[]][] = [
      ['META_APP_ID', ['META_APP_SECRET', 'META_GRAPH_URL']],
      ['LLM_BASE_URL', ['LLM_MODEL']],
      [
        'STRIPE_SECRET_KEY',
        [
          'STRIPE_WEBHOOK_SECRET',
          'STRIPE_PRICE_MONTHLY',
          'STRIPE_PRICE_ANNUAL',
          'STRIPE_YPRICE_MONTHLY',
          'STRIPE_YPRICE_ANNUAL',
        ],
      ],
    ];
    for (const [lead, needed] of together) {
      const record = env as Record<string, unknown>;
      if (record[lead] === undefined) continue;
      for (const name of needed) {
        if (record[name] === undefined) {
          ctx.addIssue({ code: 'custom', path: [name], message: `must be set when ${lead} is set` });
        }
      }
    }
  })
  .transform((env) => ({ ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}` }));

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  logLevel: Env['LOG_LEVEL'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string;
  encryptionKey: Buffer;
  mail: { smtpUrl: string | undefined; from: string };
  meta: {
    graphUrl: string | undefined;
    appId: string | undefined;
    appSecret: string | undefined;
    demo: boolean;
    backfillDays: number;
    syncIntervalHours: number;
  };
  google: { clientId: string | undefined; jwksUrl: string; issuers: string[] };
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string | undefined;
    prices: {
      monthly: string | undefined;
      annual: string | undefined;
      yMonthly: string | undefined;
      yAnnual: string | undefined;
    };
  };
  llm: { baseUrl: string; apiKey: string | undefined; model: string } | undefined;
  /** The WhatsApp community that Settings → Get Help invites users to; unset hides the link. */
  whatsappCommunityUrl: string | undefined;
}

/** Validates the environment without touching the disk. Throws ConfigError naming the variable. */
export function parseEnv(raw: NodeJS.ProcessEnv): Env {
  // An empty string in a .env file or a shell means "not set".
  const cleaned = Object.fromEntries(
    Object.entries(raw).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? 'environment');
  const value = cleaned[name];
  const shown = value === undefined || secretVariables.has(name) ? '' : ` (got ${JSON.stringify(value)})`;
  throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${shown}`);
}

/** Validates the environment and resolves the secrets, generating them once into DATA_DIR when unset. */
export function loadConfig(raw: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(raw);
  const dataDir = path.resolve(env.DATA_DIR);
  const secrets =
    env.JWT_SECRET && env.ENCRYPTION_KEY
      ? { jwtSecret: env.JWT_SECRET, encryptionKey: decodeKey(env.ENCRYPTION_KEY) as Buffer }
      : loadOrCreateSecrets(dataDir, { jwtSecret: env.JWT_SECRET, encryptionKey: env.ENCRYPTION_KEY });

  return {
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    jwtSecret: secrets.jwtSecret,
    encryptionKey: secrets.encryptionKey,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    meta: {
      graphUrl: env.META_GRAPH_URL,
      appId: env.META_APP_ID,
      appSecret: env.META_APP_SECRET,
      demo: env.META_APP_ID === undefined,
      backfillDays: env.META_BACKFILL_DAYS,
      syncIntervalHours: env.META_SYNC_INTERVAL_HOURS,
    },
    google: {
      clientId: env.GOOGLE_CLIENT_ID,
      jwksUrl: env.GOOGLE_JWKS_URL,
      issuers: env.GOOGLE_ISSUERS.split(',')
        .map((issuer) => issuer.trim())
        .filter(Boolean),
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiUrl: env.STRIPE_API_URL,
      prices: {
        monthly: env.STRIPE_PRICE_MONTHLY,
        annual: env.STRIPE_PRICE_ANNUAL,
        yMonthly: env.STRIPE_YPRICE_MONTHLY,
        yAnnual: env.STRIPE_YPRICE_ANNUAL,
      },
    },
    whatsappCommunityUrl: env.WHATSAPP_COMMUNITY_URL,
    llm:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL }
        : undefined,
  };
}
