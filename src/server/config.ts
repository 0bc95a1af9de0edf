/** Server configuration from the environment, with safe defaults and clear errors. */
import { isIP } from 'node:net';
import { z } from 'zod';
import { MAX_COMMISSION_RATE_BP } from '../domain/ledger';
import { MIN_SECRET_LENGTH } from './auth/secret';
import { databaseUrlProblem } from './db/database-url';
import { PASSWORD_MAX, PASSWORD_MIN } from './http/body';
import { loadPushConfig, type PushConfig } from './push/push-config';
import { DEFAULT_SEED_PRODUCTS } from './seed/seed-demo';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An address or a CIDR block (IPv4 /0–32, IPv6 /0–128). */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: a hop count (`1`: the one proxy in front of us) or a comma list of the proxies' addresses or
 * CIDR blocks (`10.0.0.0/8, 127.0.0.1`). Unset: no proxy is trusted (X-Forwarded-* are ignored).
 */
const trustProxySchema = z
  .string()
  .transform((raw, ctx): number | string[] => {
    const text = raw.trim();
    if (/^\d{1,3}$/.test(text)) return Number(text);
    const entries = text.split(',').map((e) => e.trim());
    if (entries.length === 0 || entries.some((e) => !isAddressOrCidr(e))) {
      ctx.addIssue({ code: 'custom', message: 'must be a hop count (like 1) or a comma list of proxy addresses or CIDR blocks' });
      return z.NEVER;
    }
    return entries;
  })
  .optional();

const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a port number')
    .transform(Number)
    .refine((p) => p >= 0 && p <= 65_535, 'must be between 0 and 65535')
    .default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .superRefine((url, ctx) => {
      const problem = databaseUrlProblem(url);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  SEED_PRODUCTS: z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number')
    .transform(Number)
    .default(DEFAULT_SEED_PRODUCTS),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  NODE_ENV: z.string().optional(),
  AUTH_SECRET: z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`).optional(),
  GOOGLE_CLIENT_ID: z
    .string()
    .regex(/^[\w.-]+$/, 'must be an OAuth client id (like 1234-abc.apps.googleusercontent.com)')
    .optional(),
  SEED_SELLER_PASSWORD: z
    .string()
    .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`)
    .optional(),
  SEED_ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`)
    .optional(),
  AUTH_RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  SMS_PROVIDER: z.enum(['log', 'webhook']).default('log'),
  SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  TRUST_PROXY: trustProxySchema,
  /** Percent, at most 2 decimals (`10`, `12.5`, `10%`), to basis points. */
  COMMISSION_RATE: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?%?$/, 'must be a percent from 0 to 100 with at most 2 decimals (like 10 or 12.5)')
    .transform((text) => Math.round(Number(text.replace('%', '')) * 100))
    .refine((bp) => bp <= MAX_COMMISSION_RATE_BP, 'must be a percent from 0 to 100')
    .optional(),
  /** The operator's mail (docs/OPERATOR.md "Inbox"): smtp(s)://user:password@host:port; unset: the log sender. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
});

export interface ServerConfig {
  port: number;
  host: string;
  /** undefined → the SQLite file ./data/souk.sqlite; the accepted forms: db/database-url.ts. */
  databaseUrl: string | undefined;
  seedProducts: number;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Token signing secret; undefined → generated once and kept in the database. */
  authSecret: string | undefined;
  /** Google sign-in's OAuth client id; undefined → Google sign-in off (503). */
  googleClientId: string | undefined;
  /** Password of the demo seller accounts; undefined → they have none. */
  seedSellerPassword: string | undefined;
  /** Password of the demo admin admin@souk.test; undefined → none. */
  seedAdminPassword: string | undefined;
  /** false only for local load tests (AUTH_RATE_LIMITS=off), never in production. */
  authRateLimits: boolean;
  smsProvider: 'log' | 'webhook';
  /** Where SMS_PROVIDER=webhook POSTs {to, text}. */
  smsWebhookUrl: string | undefined;
  /** Fastify's trustProxy: false (unset), a hop count, or the trusted proxies' addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** Push (FIREBASE_WEB_CONFIG, FIREBASE_VAPID_KEY, FCM_SERVICE_ACCOUNT_FILE…; see push/push-config.ts). */
  push: PushConfig;
  /**
   * COMMISSION_RATE in basis points: the rate of shops without their own (docs/MONEY.md); undefined → the
   * default, 10 % (DEFAULT_COMMISSION_RATE_BP).
   */
  commissionRateBp: number | undefined;
  /** SMTP_URL: where the operator's mail goes; undefined → the log sender (server log). */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the From of that mail; undefined → DEFAULT_MAIL_FROM. */
  mailFrom: string | undefined;
}

export class ConfigError extends Error {
  readonly code = 'BAD_CONFIG';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // Empty variables count as unset.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${String(i.path[0] ?? '?')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  const problems: string[] = [];
  if (c.AUTH_RATE_LIMITS === 'off' && c.NODE_ENV === 'production') {
    problems.push('AUTH_RATE_LIMITS: off is refused when NODE_ENV=production (it exists for local load tests)');
  }
  if (c.SMS_PROVIDER === 'webhook' && c.SMS_WEBHOOK_URL === undefined) {
    problems.push('SMS_WEBHOOK_URL: required when SMS_PROVIDER=webhook');
  }
  const push = loadPushConfig(present);
  problems.push(...push.problems);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    seedProducts: c.SEED_PRODUCTS,
    logLevel: c.LOG_LEVEL,
    authSecret: c.AUTH_SECRET,
    googleClientId: c.GOOGLE_CLIENT_ID,
    seedSellerPassword: c.SEED_SELLER_PASSWORD,
    seedAdminPassword: c.SEED_ADMIN_PASSWORD,
    authRateLimits: c.AUTH_RATE_LIMITS === 'on',
    smsProvider: c.SMS_PROVIDER,
    smsWebhookUrl: c.SMS_WEBHOOK_URL,
    trustProxy: c.TRUST_PROXY ?? false,
    push: push.config,
    commissionRateBp: c.COMMISSION_RATE,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
  };
}
