// GET/POST /test-clock/, GET/DELETE /test-clock/{id}/, POST /test-clock/{id}/advance/ (test mode only).
import { APP } from '@kassa/contract/access';
import { envelope, idParam } from '@kassa/contract/common';
import {
  TEST_CLOCK_MESSAGES,
  testClockAdvance,
  testClockAdvanceResult,
  testClockCreate,
  testClockListQuery,
  testClockSchema,
} from '@kassa/contract/test-clocks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { bearer, resourceRoutes } from '../../lib/resource-routes.ts';
import { merchantApp } from '../../lib/route-access.ts';
import {
  advanceTestClock,
  createTestClock,
  deleteTestClock,
  getMerchantTestClock,
  listMerchantTestClocks,
} from './test-clocks.service.ts';

export default async function testClockRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const clocks = resourceRoutes(base, '/test-clock/', ['test clocks']);
  const read = { access: merchantApp(APP.INVOICES, 'view'), scope: 'subscriptions:read' } as const;
  const write = (need: 'create' | 'edit' | 'delete') =>
    ({ access: merchantApp(APP.INVOICES, need), scope: 'subscriptions:write' }) as const;

  clocks.list(read, { query: testClockListQuery, item: testClockSchema, summary: 'List test clocks' }, (actor, q) =>
    listMerchantTestClocks(ctx, actor, q),
  );
  clocks.create(
    write('create'),
    { body: testClockCreate, item: testClockSchema, summary: 'Create a test clock (test mode)' },
    (actor, body) => createTestClock(ctx, actor, body),
    TEST_CLOCK_MESSAGES.created,
  );
  clocks.read(read, { item: testClockSchema, summary: 'Read a test clock' }, (actor, id) =>
    getMerchantTestClock(ctx, actor, id),
  );
  clocks.remove(write('delete'), (actor, id) => deleteTestClock(ctx, actor, id), { summary: 'Delete a test clock' });
  app.post(
    '/test-clock/:id/advance/',
    {
      config: write('edit'),
      schema: {
        tags: ['test clocks'],
        security: bearer,
        summary: 'Move a test clock forward; every renewal, trial end and retry due by then runs, in order',
        params: idParam,
        body: testClockAdvance,
        response: { 200: envelope(testClockAdvanceResult) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await advanceTestClock(ctx, req.actor, req.params.id, req.body),
      message: TEST_CLOCK_MESSAGES.advanced,
    }),
  );
}
