// One line per domain module; each is registered under /apiv1 with the app context.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import checkoutRoutes from './modules/checkout/checkout.routes.ts';
import healthRoutes from './modules/health/health.routes.ts';

type RoutePlugin = (app: FastifyInstance, opts: { ctx: AppContext }) => Promise<void>;

export const ROUTE_MODULES: RoutePlugin[] = [healthRoutes, checkoutRoutes];
