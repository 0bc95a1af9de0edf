/** Server configuration from the environment, with safe defaults and clear errors. */
import { z } from 'zod';
import { DEFAULT_SEED_PRODUCTS } from './seed/seed-demo';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a port number')
    .transform(Number)
    .refine((p) => p >= 0 && p <= 65_535, 'must be between 0 and 65535')
    .default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  SEED_PRODUCTS: z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number')
    .transform(Number)
    .default(DEFAULT_SEED_PRODUCTS),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
});

export interface ServerConfig {
  port: number;
  host: string;
  /** undefined → the SQLite file ./data/souk.sqlite (see db/database.ts). */
  databaseUrl: string | undefined;
  seedProducts: number;
  logLevel: (typeof LOG_LEVELS)[number];
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
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    seedProducts: c.SEED_PRODUCTS,
    logLevel: c.LOG_LEVEL,
  };
}
