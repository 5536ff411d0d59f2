import { envelope, errorEnvelopeSchema } from '@kassa/contract/common';
import { healthResultSchema, liveResultSchema, readyResultSchema } from '@kassa/contract/health';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { pendingMigrations } from '../../db/migrations-status.ts';
import { within } from '../../lib/within.ts';

export const DATABASE_UNAVAILABLE = 'The database is unavailable.';
export const DRAINING = 'This process is shutting down; send requests to another.';
export const MIGRATIONS_PENDING = 'The database has migrations this process has not applied yet.';

async function checkDatabase(ctx: AppContext) {
  await ctx.database.query('select 1');
  return pendingMigrations(ctx.database);
}

const unavailable = (reply: FastifyReply, message: string) =>
  reply
    .status(503)
    .header('retry-after', '1')
    .send({ status: 'error' as const, code: 'unavailable', message });

/**
 * Pending migrations, or null when the database did not answer. A load balancer or supervisor asks
 * this to decide whether the process serves: it gets an answer within KASSA_HEALTH_TIMEOUT_MS, not
 * after the pool's own wait for a connection (docs/decisions/0019-bounded-waits-on-the-database.md).
 */
async function pendingOrUnreachable(ctx: AppContext, req: FastifyRequest): Promise<number | null> {
  const checked = await within(ctx.config.healthTimeoutMs, checkDatabase(ctx)).catch((err: unknown) => {
    req.log.warn({ err }, 'health: database unavailable');
    return { settled: false as const };
  });
  return checked.settled ? checked.value : null;
}

export default async function healthRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        response: { 200: envelope(healthResultSchema), 503: errorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const pending = await pendingOrUnreachable(ctx, req);
      if (pending === null) return unavailable(reply, DATABASE_UNAVAILABLE);
      return {
        status: 'success' as const,
        result: { database: 'ok' as const, migrations: pending > 0 ? ('pending' as const) : ('current' as const) },
      };
    },
  );

  // Kubernetes' liveness probe: restarts the process when it fails, so it asks nothing of the
  // database (an outage must not restart every process).
  app.get(
    '/health/live/',
    { schema: { tags: ['health'], response: { 200: envelope(liveResultSchema) } } },
    async () => ({ status: 'success' as const, result: { process: 'running' as const } }),
  );

  // Kubernetes' readiness probe: a process that fails it gets no traffic. Draining answers at once,
  // before the database is asked (docs/ARCHITECTURE.md#processes-in-production).
  app.get(
    '/health/ready/',
    {
      schema: {
        tags: ['health'],
        response: { 200: envelope(readyResultSchema), 503: errorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      if (ctx.lifecycle?.draining) return unavailable(reply, DRAINING);
      const pending = await pendingOrUnreachable(ctx, req);
      if (pending === null) return unavailable(reply, DATABASE_UNAVAILABLE);
      if (pending > 0) return unavailable(reply, MIGRATIONS_PENDING);
      return { status: 'success' as const, result: { database: 'ok' as const, migrations: 'current' as const } };
    },
  );
}
