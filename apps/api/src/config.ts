// Every environment variable Kassa reads, parsed in one place (ARCHITECTURE 3).
import { z } from 'zod';
import type { ProcessorEndpoints } from './payments/registry.ts';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
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
  KASSA_API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
  KASSA_API_KEY_RATE_WINDOW_S: z.coerce.number().int().min(1).max(3600).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
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
  logLevel: Env['LOG_LEVEL'];
  /** Requests one API key may make per window (its own limit, apart from people's sessions). */
  apiKeyRateLimit: { max: number; windowMs: number };
  /** Real processors' API base URLs; unset means the SDK defaults (production). */
  processorEndpoints: ProcessorEndpoints;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
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
    logLevel: parsed.LOG_LEVEL,
    apiKeyRateLimit: { max: parsed.KASSA_API_KEY_RATE_LIMIT, windowMs: parsed.KASSA_API_KEY_RATE_WINDOW_S * 1000 },
    processorEndpoints: {
      stripeApiBase: parsed.KASSA_STRIPE_API_BASE,
      adyenCheckoutBase: parsed.KASSA_ADYEN_CHECKOUT_BASE,
    },
  };
}
