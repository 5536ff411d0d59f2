import { APP } from '@kassa/contract/access';
import { checkoutTokenData } from '@kassa/contract/checkout';
import { envelope } from '@kassa/contract/common';
import { virtualTerminalCheckoutBody } from '@kassa/contract/virtual-terminal';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { merchantApp } from '../../lib/route-access.ts';
import { openTerminalCheckout } from './virtual-terminal.service.ts';

export default async function virtualTerminalRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/virtual-terminal/checkout/',
    {
      config: { access: merchantApp(APP.VIRTUAL_TERMINAL, 'create') },
      schema: {
        tags: ['virtual-terminal'],
        security: [{ bearer: [] }],
        body: virtualTerminalCheckoutBody,
        response: { 200: envelope(checkoutTokenData) },
      },
    },
    async (req) => ({ status: 'success' as const, result: await openTerminalCheckout(ctx, req.actor, req.body) }),
  );
}
