import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''])
  .transform((v) => (v === '' ? undefined : ['1', 'true', 'on', 'yes'].includes(v)));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL'),
  REDIS_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL'),
  DEMO_MODE: flag.optional(),
  ADMIN_EMAIL: z.string().default(''),
  ADMIN_PASSWORD: z.string().default(''),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: flag.optional(),
  DEMO_CLOCK_START: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || !Number.isNaN(Date.parse(v)),
      'must be an ISO date-time such as 2026-11-23T10:00:00+01:00',
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SECRET_KEY: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || (/^[A-Za-z0-9+/]{43}=$/.test(v) && Buffer.from(v, 'base64').length === 32),
      'must be 32 random bytes in base64, e.g. the output of: openssl rand -base64 32',
    ),
  SERVICE_SCRIPT_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^https?:\/\/[^/\s]+\/\S+$/.test(v), 'must be the http(s) URL of a script'),
  VAPID_PUBLIC_KEY: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || /^[A-Za-z0-9_-]{87}$/.test(v),
      'must be a VAPID public key (base64url, 65 bytes)',
    ),
  VAPID_PRIVATE_KEY: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || /^[A-Za-z0-9_-]{43}$/.test(v),
      'must be a VAPID private key (base64url, 32 bytes)',
    ),
  VAPID_SUBJECT: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v),
      'must be a mailto: address or an https: URL',
    ),
  STOP_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  METRICS_TOKEN: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || /^[A-Za-z0-9._~+/=-]{24,}$/.test(v),
      'must be at least 24 characters, e.g. openssl rand -hex 24',
    ),
  MARKET_FEED: z
    .string()
    .default('simulator')
    .refine(
      (v) => v === 'simulator' || /^ccxt:[a-z0-9]+$/.test(v),
      'must be simulator or ccxt:<exchange id>, e.g. ccxt:binance',
    ),
});

/**
 * Where market data comes from: the simulator for everything, or a ccxt exchange for the crypto pairs (stocks,
 * indices and FX stay simulated). The exchange id is checked against ccxt's list when the feed is built.
 */
export type MarketFeedChoice = { source: 'simulator' } | { source: 'ccxt'; exchange: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  /** Demo mode: local outbox for codes, a seeded demo investor and operator. On by default with PGlite. */
  demoMode: boolean;
  adminEmail: string;
  adminPassword: string;
  corsOrigins: string[];
  /** Believe X-Forwarded-For (only behind a proxy you run): login throttling counts per client address. */
  trustProxy: boolean;
  /**
   * Demo mode only: the server's clock starts at this instant (epoch ms) and runs from there, so a demo or a
   * browser test can show a market in session on a weekend. Null: the real time.
   */
  demoClockStartMs: number | null;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  marketFeed: MarketFeedChoice;
  /**
   * The key that seals secrets at rest (TOTP secrets), 32 bytes, from SECRET_KEY; null: the embedded default
   * and demo mode generate one into DATA_DIR; the server refuses to start on PostgreSQL outside demo mode
   * without it (config-secret-key.ts).
   */
  secretKey: Buffer | null;
  /**
   * The operator's external customer-service script (login info's serviceSaleSmartly), '' for none. Its
   * origin, and only it, is let through the Content-Security-Policy (decision 031).
   */
  serviceScriptUrl: string;
  /** How long a stop waits for the requests in flight (SIGTERM, decision 041). */
  stopDrainMs: number;
  /** The bearer token of GET /metrics; '' answers 404 there (decision 041). */
  metricsToken: string;
  /**
   * Web push's VAPID keys (decision 040) from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, null when unset: the
   * embedded default and demo mode generate a pair into DATA_DIR; on PostgreSQL outside demo mode push is off
   * without them. The subject is the operator's contact the push services see (VAPID_SUBJECT).
   */
  vapid: { publicKey: string; privateKey: string } | null;
  vapidSubject: string;
}

export class ConfigError extends Error {}

/** Reads the configuration from the environment, or throws a message that names each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === '') !== (e.ADMIN_PASSWORD === '')) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (e.ADMIN_PASSWORD !== '' && e.ADMIN_PASSWORD.length < 10) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD must be at least 10 characters');
  }
  const demoMode = e.DEMO_MODE ?? e.DATABASE_URL === '';
  if ((e.VAPID_PUBLIC_KEY === '') !== (e.VAPID_PRIVATE_KEY === '')) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
  }
  if (e.DEMO_CLOCK_START !== '' && !demoMode) {
    throw new ConfigError('Invalid configuration:\n  DEMO_CLOCK_START is only allowed in demo mode');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    demoMode,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY ?? false,
    demoClockStartMs: e.DEMO_CLOCK_START === '' ? null : Date.parse(e.DEMO_CLOCK_START),
    logLevel: e.LOG_LEVEL,
    secretKey: e.SECRET_KEY === '' ? null : Buffer.from(e.SECRET_KEY, 'base64'),
    serviceScriptUrl: e.SERVICE_SCRIPT_URL,
    stopDrainMs: e.STOP_DRAIN_MS,
    metricsToken: e.METRICS_TOKEN,
    vapid:
      e.VAPID_PUBLIC_KEY === '' ? null : { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY },
    vapidSubject: e.VAPID_SUBJECT,
    marketFeed:
      e.MARKET_FEED === 'simulator'
        ? { source: 'simulator' }
        : { source: 'ccxt', exchange: e.MARKET_FEED.slice('ccxt:'.length) },
  };
}
