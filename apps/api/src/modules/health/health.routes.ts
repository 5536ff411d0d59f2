import { envelope, errorEnvelopeSchema } from '@kassa/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { pendingMigrations } from '../../db/migrations-status.ts';
import { within } from '../../lib/within.ts';

export const DATABASE_UNAVAILABLE = 'The database is unavailable.';

async function checkDatabase(ctx: AppContext) {
  await ctx.database.query('select 1');
  return pendingMigrations(ctx.database);
}

export default async function healthRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        response: {
          200: envelope(z.object({ database: z.literal('ok'), migrations: z.enum(['current', 'pending']) })),
          503: errorEnvelopeSchema,
        },
      },
    },
    async (req, reply) => {
      // A load balancer or supervisor asks this to decide whether the process serves: it gets an answer
      // within KASSA_HEALTH_TIMEOUT_MS, not after the pool's own wait for a connection
      // (docs/decisions/0019-bounded-waits-on-the-database.md).
      const checked = await within(ctx.config.healthTimeoutMs, checkDatabase(ctx)).catch((err: unknown) => {
        req.log.warn({ err }, 'health: database unavailable');
        return { settled: false as const };
      });
      if (!checked.settled) {
        return reply
          .status(503)
          .header('retry-after', '1')
          .send({ status: 'error' as const, code: 'unavailable', message: DATABASE_UNAVAILABLE });
      }
      return {
        status: 'success' as const,
        result: {
          database: 'ok' as const,
          migrations: checked.value > 0 ? ('pending' as const) : ('current' as const),
        },
      };
    },
  );
}
