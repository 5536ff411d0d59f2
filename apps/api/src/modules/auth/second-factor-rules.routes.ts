// GET/PUT the rules that require an authenticator app or a passkey (second-factor-rules.service.ts):
// the platform's for every admin, a merchant owner's for every user of that merchant.
import { envelope } from '@kassa/contract/common';
import { secondFactorRule, secondFactorRuleBody, secondFactorRuleSaved } from '@kassa/contract/second-factor-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { platformAdmin } from '../../lib/route-access.ts';
import {
  getAdminRule,
  getMerchantRule,
  requireMerchantOwner,
  setAdminRule,
  setMerchantRule,
} from './second-factor-rules.service.ts';

export default async function secondFactorRuleRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['auth'], security: [{ bearer: [] }] };
  const response = { 200: envelope(secondFactorRule) };
  const merchantOwner = { access: requireMerchantOwner };

  app.get(
    '/superadmin/second-factor-rule/',
    { config: { access: platformAdmin }, schema: { ...common, response } },
    async () => ({ status: 'success' as const, result: await getAdminRule(ctx) }),
  );

  app.put(
    '/superadmin/second-factor-rule/',
    { config: { access: platformAdmin }, schema: { ...common, body: secondFactorRuleBody, response } },
    async (request) => ({
      status: 'success' as const,
      result: await setAdminRule(ctx, request.actor, request.body.require_second_factor),
      message: secondFactorRuleSaved(request.body.require_second_factor),
    }),
  );

  app.get(
    '/auth/merchant-second-factor-rule/',
    { config: merchantOwner, schema: { ...common, response } },
    async (request) => ({ status: 'success' as const, result: await getMerchantRule(ctx, request.actor) }),
  );

  app.put(
    '/auth/merchant-second-factor-rule/',
    { config: merchantOwner, schema: { ...common, body: secondFactorRuleBody, response } },
    async (request) => ({
      status: 'success' as const,
      result: await setMerchantRule(ctx, request.actor, request.body.require_second_factor),
      message: secondFactorRuleSaved(request.body.require_second_factor),
    }),
  );
}
