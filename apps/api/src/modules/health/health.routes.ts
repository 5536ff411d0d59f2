import { envelope } from '@kassa/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { pendingMigrations } from '../../db/migrations-status.ts';

export default async function healthRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        response: {
          200: envelope(z.object({ database: z.literal('ok'), migrations: z.enum(['current', 'pending']) })),
        },
      },
    },
    async () => {
      await ctx.database.query('select 1');
      const pending = await pendingMigrations(ctx.database);
      return {
        status: 'success' as const,
        result: { database: 'ok' as const, migrations: pending > 0 ? ('pending' as const) : ('current' as const) },
      };
    },
  );
}
