// Requests a route must refuse before it reads them, made from its own schemas: ids that are no ids,
// a query of wrong types, an empty body (a form's required fields) and a body that is no object. A
// caller who may not use the route is told so, never which fields are wrong: the route's input rules
// are none of its business.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { envelopeProblem } from './envelope.ts';
import { fillPath, type RouteInfo } from './routes.ts';
import { toQueryString } from './samples.ts';

export function malformedRequests(
  app: FastifyInstance,
  headers: Record<string, string>,
  route: RouteInfo,
): Promise<LightMyRequestResponse[]> {
  const url =
    fillPath(route, Object.fromEntries(route.pathParams.map((p) => [p, 'not-a-uuid']))) + malformedQuery(route);
  const bodies: unknown[] = route.body ? [{}, []] : [undefined];
  return Promise.all(
    bodies.map((payload) =>
      app.inject({
        method: route.method,
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    ),
  );
}

/** Every query parameter that has a shape (a number, a flag, an enum, a pattern) given one it cannot have. */
function malformedQuery(route: RouteInfo): string {
  const props = Object.entries(route.query?.properties ?? {});
  const shaped = props.filter(([, s]) => {
    const leaf = (s.anyOf ?? s.oneOf)?.find((o) => o.type !== 'null') ?? s;
    return leaf.type !== 'string' || leaf.enum || leaf.pattern || leaf.format;
  });
  return toQueryString(Object.fromEntries(shaped.map(([k]) => [k, 'not-valid'])));
}

/** Refused with `status` and the envelope, and nothing about the input: no field errors. */
export const isRefusedBlind = (res: LightMyRequestResponse, status: number) =>
  res.statusCode === status && envelopeProblem(res) === null && res.json().errors === undefined;
