import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { AppContext } from '../context.ts';

/**
 * Rate limits apply only to the routes that opt in (sign-in, codes, forgotten password, checkout).
 * With REDIS_URL the counters are shared by every API process; otherwise they live in this process.
 */
export async function rateLimitOptions(ctx: AppContext): Promise<RateLimitPluginOptions> {
  const base: RateLimitPluginOptions = {
    global: false,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      message: `Too many attempts. Try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
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
