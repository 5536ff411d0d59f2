// Every environment variable Kassa reads, parsed in one place (docs/ARCHITECTURE.md).
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_POOL_SIZE, DEFAULT_STATEMENT_TIMEOUT_MS } from './db/client.ts';
import type { ProcessorEndpoints } from './payments/registry.ts';

/** Names proxy-addr (behind Fastify's trustProxy) knows for whole private ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [ip = '', bits, ...rest] = entry.split('/');
  const version = isIP(ip);
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address in X-Forwarded-For. Off by default: the address is then
 * the socket's, so a client cannot pick its own rate-limit bucket. A number trusts that many hops in
 * front of Kassa; a list trusts those addresses or ranges.
 */
const trustedProxies = z
  .string()
  .trim()
  .default('off')
  .transform((value, ctx): false | number | string[] => {
    if (/^(off|false|none|0)$/i.test(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const wrong = entries.filter((e) => !isProxyAddress(e));
    if (entries.length === 0 || wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `KASSA_TRUSTED_PROXIES must be "off", a number of proxy hops, or a comma-separated list of IP addresses or CIDR ranges; not understood: ${wrong.join(', ') || value}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** The metrics endpoint's port: a number, or 0 / "off" for no endpoint (docs/operations.md#metrics). */
const metricsPort = z
  .string()
  .trim()
  .default('9464')
  .transform((value, ctx): number | null => {
    if (/^(off|false|none|0)$/i.test(value)) return null;
    const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
    if (!(port >= 1 && port <= 65535)) {
      ctx.addIssue({
        code: 'custom',
        message: `KASSA_METRICS_PORT must be a port number (1-65535) or "off"; got ${value}`,
      });
      return z.NEVER;
    }
    return port;
  });

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('127.0.0.1'),
    KASSA_METRICS_PORT: metricsPort,
    DATABASE_URL: z.string().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_SIZE),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(DEFAULT_CONNECT_TIMEOUT_MS),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(DEFAULT_STATEMENT_TIMEOUT_MS),
    KASSA_HEALTH_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(1_000),
    KASSA_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
    KASSA_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
    KASSA_DATA_DIR: z.string().default('./data'),
    KASSA_SECRET_KEY: z.string().min(32).optional(),
    KASSA_PREVIOUS_SECRET_KEYS: z.string().optional(),
    KASSA_ADMIN_EMAIL: z.email().default('admin@kassa.local'),
    KASSA_ADMIN_PASSWORD: z.string().optional(),
    SMTP_URL: z.string().optional(),
    PUBLIC_URL: z.string().optional(),
    REDIS_URL: z.string().optional(),
    KASSA_OTP: z.enum(['on', 'off']).default('on'),
    KASSA_STRIPE_API_BASE: z.url().optional(),
    KASSA_ADYEN_CHECKOUT_BASE: z.url().optional(),
    KASSA_PROCESSOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
    KASSA_RENEWAL_TICKS: z.coerce.number().int().min(1).max(32).default(1),
    KASSA_TRUSTED_PROXIES: trustedProxies,
    KASSA_WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
    KASSA_API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
    KASSA_API_KEY_RATE_WINDOW_S: z.coerce.number().int().min(1).max(3600).default(1),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    // The metrics would otherwise fail to bind after the API took the port, and go unserved.
    if (env.KASSA_METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['KASSA_METRICS_PORT'],
        message: `KASSA_METRICS_PORT must differ from PORT (${env.PORT}): metrics are never served on the public port`,
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  /** Port of the Prometheus endpoint, on `host` beside the public port; null when it is off. */
  metricsPort: number | null;
  databaseUrl?: string;
  /** Connections to PostgreSQL (unused on PGlite, which has one). */
  databasePoolSize: number;
  /** How long a request waits for a PostgreSQL connection (a free one, or a new one opened) before it fails with 503. */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL's statement_timeout on every connection; 0 for none. */
  databaseStatementTimeoutMs: number;
  /** The health check answers within this, "database unavailable" when the database did not answer in time. */
  healthTimeoutMs: number;
  /** SIGTERM/SIGINT end the process within this, even if requests or connections do not finish. */
  shutdownTimeoutMs: number;
  /**
   * After SIGTERM, how long the process still takes new connections while /health/ready answers 503,
   * so a load balancer moves away before connections are refused (0: refuse at once).
   */
  drainDelayMs: number;
  dataDir: string;
  secretKey?: string;
  /** Earlier root keys, oldest first: credentials sealed under them stay readable until rotated. */
  previousSecretKeys: string[];
  adminEmail: string;
  adminPassword?: string;
  smtpUrl?: string;
  publicUrl: string;
  redisUrl?: string;
  otpEnabled: boolean;
  /** Fastify's trustProxy: false (socket address), a hop count, or trusted proxy addresses/ranges. */
  trustedProxies: false | number | string[];
  logLevel: Env['LOG_LEVEL'];
  /** Requests one API key may make per window (its own limit, apart from people's sessions). */
  apiKeyRateLimit: { max: number; windowMs: number };
  /** Real processors' API base URLs; unset means the SDK defaults (production). */
  processorEndpoints: ProcessorEndpoints;
  /** Development and tests only: webhook endpoints on the loopback interface, over http too. */
  webhooksAllowPrivate: boolean;
  /** Renewal ticks this process runs at once, at start and each minute (claims never overlap). */
  renewalTicks: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    metricsPort: parsed.KASSA_METRICS_PORT,
    databaseUrl: parsed.DATABASE_URL,
    databasePoolSize: parsed.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: parsed.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: parsed.DATABASE_STATEMENT_TIMEOUT_MS,
    healthTimeoutMs: parsed.KASSA_HEALTH_TIMEOUT_MS,
    shutdownTimeoutMs: parsed.KASSA_SHUTDOWN_TIMEOUT_MS,
    drainDelayMs: parsed.KASSA_DRAIN_DELAY_MS,
    dataDir: parsed.KASSA_DATA_DIR,
    secretKey: parsed.KASSA_SECRET_KEY,
    previousSecretKeys: (parsed.KASSA_PREVIOUS_SECRET_KEYS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    adminEmail: parsed.KASSA_ADMIN_EMAIL,
    adminPassword: parsed.KASSA_ADMIN_PASSWORD,
    smtpUrl: parsed.SMTP_URL,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    redisUrl: parsed.REDIS_URL,
    otpEnabled: parsed.KASSA_OTP === 'on',
    trustedProxies: parsed.KASSA_TRUSTED_PROXIES,
    logLevel: parsed.LOG_LEVEL,
    apiKeyRateLimit: { max: parsed.KASSA_API_KEY_RATE_LIMIT, windowMs: parsed.KASSA_API_KEY_RATE_WINDOW_S * 1000 },
    processorEndpoints: {
      stripeApiBase: parsed.KASSA_STRIPE_API_BASE,
      adyenCheckoutBase: parsed.KASSA_ADYEN_CHECKOUT_BASE,
      timeoutMs: parsed.KASSA_PROCESSOR_TIMEOUT_MS,
    },
    webhooksAllowPrivate: parsed.KASSA_WEBHOOKS_ALLOW_PRIVATE === 'true',
    renewalTicks: parsed.KASSA_RENEWAL_TICKS,
  };
}
