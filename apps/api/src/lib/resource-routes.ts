// The conventional CRUD routes of a signed-in resource (docs/ARCHITECTURE.md): list and create on the
// collection path, read, change, delete and actions on `{path}:id/`, every answer in the success
// envelope. Routes that answer anything else are declared in full by their module.
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

/** The one-line description of a route in the API reference, where its path does not say enough. */
interface Summary {
  summary?: string;
}

// The schemas are generic here, which the zod type provider cannot resolve: the routes are declared
// untyped and each input is given the type of the schema that validated it before the handler ran.
const idOf = (req: FastifyRequest) => (req.params as z.output<typeof idParam>).id;

export function resourceRoutes(app: FastifyInstance, path: string, tags: string[]) {
  const itemPath = `${path}:id/`;
  // Absent keys rather than undefined ones: Fastify warns of a querystring without a schema.
  const documented = ({ summary }: Summary) => ({ tags, security: bearer, ...(summary && { summary }) });

  return {
    list<Q extends z.ZodType, I extends z.ZodType>(
      config: RouteGuard,
      schema: Summary & { query: Q; item: I },
      list: (actor: Actor, query: z.output<Q>) => Promise<Page<z.input<I>>>,
    ) {
      app.get(
        path,
        {
          config,
          schema: {
            ...documented(schema),
            querystring: schema.query,
            response: { 200: envelope(page(schema.item)) },
          },
        },
        async (req) => ({ status: 'success' as const, result: await list(req.actor, req.query as z.output<Q>) }),
      );
    },

    create<B extends z.ZodType, I extends z.ZodType>(
      config: RouteGuard,
      schema: Summary & { body: B; item: I },
      create: (actor: Actor, body: z.output<B>) => Promise<z.input<I>>,
      message: string,
    ) {
      app.post(
        path,
        { config, schema: { ...documented(schema), body: schema.body, response: { 201: envelope(schema.item) } } },
        async (req, reply) => {
          const result = await create(req.actor, req.body as z.output<B>);
          return reply.status(201).send({ status: 'success' as const, result, message });
        },
      );
    },

    read<Q extends z.ZodType, I extends z.ZodType>(
      config: RouteGuard,
      schema: Summary & { query?: Q; item: I },
      read: (actor: Actor, id: string, query: z.output<Q>) => Promise<z.input<I>>,
    ) {
      app.get(
        itemPath,
        {
          config,
          schema: {
            ...documented(schema),
            params: idParam,
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
      schema: Summary & { body: B; item: I },
      update: (actor: Actor, id: string, body: z.output<B>) => Promise<z.input<I>>,
      message: string,
    ) {
      app[method](
        itemPath,
        {
          config,
          schema: {
            ...documented(schema),
            params: idParam,
            body: schema.body,
            response: { 200: envelope(schema.item) },
          },
        },
        async (req) => ({
          status: 'success' as const,
          result: await update(req.actor, idOf(req), req.body as z.output<B>),
          message,
        }),
      );
    },

    /** `remove` answers the message that says what it did. */
    remove(config: RouteGuard, remove: (actor: Actor, id: string) => Promise<string>, schema: Summary = {}) {
      app.delete(
        itemPath,
        { config, schema: { ...documented(schema), params: idParam, response: { 200: messageEnvelope } } },
        async (req) => ({ status: 'success' as const, message: await remove(req.actor, idOf(req)) }),
      );
    },

    /** POST `{path}:id/{name}/`: something done to one item, answered with the item as it is now. */
    action<I extends z.ZodType>(
      name: string,
      config: RouteGuard,
      schema: Summary & { item: I },
      act: (actor: Actor, id: string) => Promise<z.input<I>>,
      message: string,
    ) {
      app.post(
        `${itemPath}${name}/`,
        { config, schema: { ...documented(schema), params: idParam, response: { 200: envelope(schema.item) } } },
        async (req) => ({ status: 'success' as const, result: await act(req.actor, idOf(req)), message }),
      );
    },
  };
}
