import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';

/**
 * KASSA_TRUSTED_PROXIES as Fastify's trustProxy. A hop count becomes a function trusting that many
 * hops from the socket inward, as proxy-addr counts them: Fastify itself treats a bare number as
 * "trust nothing". Hop counts suit a deployment reachable only through its proxies; an address list
 * also holds when a client can reach Kassa directly.
 */
export function trustProxyOption(trusted: Config['trustedProxies']): FastifyServerOptions['trustProxy'] {
  if (typeof trusted === 'number') return (_address: string, hop: number) => hop < trusted;
  return trusted;
}

/** "45 seconds", "12 minutes": a long wait is easier to read in minutes. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Rate limits apply only to the routes that opt in (sign-in, codes, forgotten password, checkout).
 * With REDIS_URL the counters are shared by every API process; otherwise they live in this process.
 */
export async function rateLimitOptions(ctx: AppContext): Promise<RateLimitPluginOptions> {
  const base: RateLimitPluginOptions = {
    global: false,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      message: `Too many attempts. Try again in ${waitText(context.ttl)}.`,
    }),
  };
  if (!ctx.config.redisUrl) return base;
  const { Redis } = await import('ioredis');
  return {
    ...base,
    redis: new Redis(ctx.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 }),
    nameSpace: 'kassa-rl-',
  };
}
