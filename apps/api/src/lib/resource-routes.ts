// The conventional CRUD routes of a signed-in resource (docs/ARCHITECTURE.md): list and create on the
// collection path, read, change and delete on `{path}:id/`, every answer in the success envelope.
// Routes that answer anything else are declared in full by their module.
import { envelope, idParam, messageEnvelope, type Page, page } from '@kassa/contract/common';
import type { ApiKeyScope } from '@kassa/contract/developers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from './actor.ts';
import type { AccessRule } from './route-access.ts';

/** Who may call one route: its access rule and, when API keys may call it, their scope. */
export interface RouteGuard {
  access: AccessRule;
  scope?: ApiKeyScope;
}

/** A session or an API key: how every signed-in route is documented. */
export const bearer = [{ bearer: [] }];
const security = bearer;

// The schemas are generic here, which the zod type provider cannot resolve: the routes are declared
// untyped and each input is given the type of the schema that validated it before the handler ran.
const idOf = (req: FastifyRequest) => (req.params as z.output<typeof idParam>).id;

export function resourceRoutes(app: FastifyInstance, path: string, tags: string[]) {
  const itemPath = `${path}:id/`;

  return {
    list<Q extends z.ZodType, I extends z.ZodType>(
      config: RouteGuard,
      schema: { query: Q; item: I },
      list: (actor: Actor, query: z.output<Q>) => Promise<Page<z.input<I>>>,
    ) {
      app.get(
        path,
        {
          config,
          schema: { tags, security, querystring: schema.query, response: { 200: envelope(page(schema.item)) } },
        },
        async (req) => ({ status: 'success' as const, result: await list(req.actor, req.query as z.output<Q>) }),
      );
    },

    create<B extends z.ZodType, I extends z.ZodType>(
      config: RouteGuard,
      schema: { body: B; item: I },
      create: (actor: Actor, body: z.output<B>) => Promise<z.input<I>>,
      message: string,
    ) {
      app.post(
        path,
        { config, schema: { tags, security, body: schema.body, response: { 201: envelope(schema.item) } } },
        async (req, reply) => {
          const result = await create(req.actor, req.body as z.output<B>);
          return reply.status(201).send({ status: 'success' as const, result, message });
        },
      );
    },

    read<Q extends z.ZodType, I extends z.ZodType>(
      config: RouteGuard,
      schema: { query?: Q; item: I },
      read: (actor: Actor, id: string, query: z.output<Q>) => Promise<z.input<I>>,
    ) {
      app.get(
        itemPath,
        {
          config,
          schema: {
            tags,
            security,
            params: idParam,
            // An absent schema rather than an undefined one: Fastify warns of a querystring without one.
            ...(schema.query && { querystring: schema.query }),
            response: { 200: envelope(schema.item) },
          },
        },
        async (req) => ({
          status: 'success' as const,
          result: await read(req.actor, idOf(req), req.query as z.output<Q>),
        }),
      );
    },

    update<B extends z.ZodType, I extends z.ZodType>(
      method: 'patch' | 'put',
      config: RouteGuard,
      schema: { body: B; item: I },
      update: (actor: Actor, id: string, body: z.output<B>) => Promise<z.input<I>>,
      message: string,
    ) {
      app[method](
        itemPath,
        {
          config,
          schema: { tags, security, params: idParam, body: schema.body, response: { 200: envelope(schema.item) } },
        },
        async (req) => ({
          status: 'success' as const,
          result: await update(req.actor, idOf(req), req.body as z.output<B>),
          message,
        }),
      );
    },

    /** `remove` answers the message that says what it did. */
    remove(config: RouteGuard, remove: (actor: Actor, id: string) => Promise<string>) {
      app.delete(
        itemPath,
        { config, schema: { tags, security, params: idParam, response: { 200: messageEnvelope } } },
        async (req) => ({ status: 'success' as const, message: await remove(req.actor, idOf(req)) }),
      );
    },
  };
}
