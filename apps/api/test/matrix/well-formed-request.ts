// A request to any route of the route table that passes validation: the sample query and body, and
// ids nobody has, so that whatever answers it is authorization, never validation, and nothing real
// changes. The refused-first and API-key matrices send it with each caller's headers.
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helper.ts';
import { fillPath, NIL_LIKE_UUID, type RouteInfo } from './routes.ts';
import { sampleBody, sampleOf, toQueryString } from './samples.ts';

export function sendWellFormed(
  t: Pick<TestApp, 'app'>,
  headers: Record<string, string>,
  route: RouteInfo,
): Promise<LightMyRequestResponse> {
  const query = route.query ? toQueryString(sampleOf(route.query) as Record<string, unknown>) : '';
  return t.app.inject({
    method: route.method,
    url: fillPath(route, Object.fromEntries(route.pathParams.map((p) => [p, NIL_LIKE_UUID]))) + query,
    headers,
    ...(route.body ? { payload: sampleBody(route.body) as object } : {}),
  });
}
