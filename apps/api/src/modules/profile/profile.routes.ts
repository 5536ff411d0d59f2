// Profile endpoints (docs/product-rules.md#api-calls): the user's own profile and the merchant's business profile.
import {
  MERCHANT_PROFILE_UPDATED_MESSAGE,
  merchantProfile,
  merchantProfilePatch,
  profilePatch,
  userSchema,
} from '@kassa/contract/auth';
import { envelope } from '@kassa/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { fullSession, merchantUser, signedIn } from '../../lib/route-access.ts';
import { getMerchantProfile, requireBusinessProfileAccess, updateMerchantProfile } from './merchant-profile.service.ts';
import { getProfile, updateProfile } from './profile.service.ts';

export default async function profileRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['profile'], security: [{ bearer: [] }] };

  app.get(
    '/auth/profile/',
    // Read while a required second factor is owed too: the web app needs to know who is enrolling.
    { config: { access: signedIn, enrolment: true }, schema: { ...common, response: { 200: envelope(userSchema) } } },
    async (request) => ({ status: 'success' as const, result: await getProfile(ctx, request.actor) }),
  );

  app.patch(
    '/auth/profile/',
    {
      config: { access: fullSession },
      schema: { ...common, body: profilePatch, response: { 200: envelope(userSchema) } },
    },
    async (request) => ({
      status: 'success' as const,
      result: await updateProfile(ctx, request.actor, request.body),
      message: 'Profile updated.',
    }),
  );

  app.get(
    '/auth/merchant-profile/',
    { config: { access: merchantUser }, schema: { ...common, response: { 200: envelope(merchantProfile) } } },
    async (request) => ({ status: 'success' as const, result: await getMerchantProfile(ctx, request.actor) }),
  );

  app.patch(
    '/auth/merchant-profile/',
    {
      config: { access: requireBusinessProfileAccess },
      schema: { ...common, body: merchantProfilePatch, response: { 200: envelope(merchantProfile) } },
    },
    async (request) => ({
      status: 'success' as const,
      result: await updateMerchantProfile(ctx, request.actor, request.body),
      message: MERCHANT_PROFILE_UPDATED_MESSAGE,
    }),
  );
}
