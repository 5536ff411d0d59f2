// The ids one request names, for the mixed-tenant matrix (mixed-ids.api.test.ts): every path parameter,
// and every body field that names another object of the merchant. What each one names is read from
// the route itself — the path segment before a parameter, the name of a body field — so a route
// registered later is covered the day it appears, and one whose id the matrix cannot place fails.
import { fillPath, type RouteInfo } from './routes.ts';
import { sampleBody } from './samples.ts';

/** The world's kind of object (world.ts `ids`) a path parameter names, by the segment before it. */
const KIND_BY_SEGMENT: Record<string, string> = {
  customer: 'customer',
  'payment-method': 'savedCard',
  'webhook-endpoints': 'webhookEndpoint',
  deliveries: 'webhookDelivery',
  subscription: 'subscription',
  'recurring-invoice': 'recurringInvoice',
  // Only a draft invoice may still be edited: a sent one would be refused whoever's ids it named.
  invoice: 'draftInvoice',
  product: 'product',
  'quick-payment': 'quickPayment',
  price: 'price',
  'test-clock': 'testClock',
};

/** The kind a body field names. Fields left out here are not ids of a merchant's objects the world has. */
const KIND_BY_FIELD: Record<string, string> = {
  customer_id: 'customer',
  payment_method_id: 'savedCard',
  price_id: 'price',
  recurring_price_id: 'price',
  product_id: 'product',
  test_clock_id: 'testClock',
};

export interface IdSlot {
  name: string;
  in: 'path' | 'body';
  /** Null when the matrix cannot tell what the id names. */
  kind: string | null;
}

export function idSlotsOf(route: RouteInfo): IdSlot[] {
  const segments = route.url.split('/');
  const path = route.pathParams.map((name): IdSlot => {
    const before = segments[segments.indexOf(`{${name}}`) - 1] ?? '';
    return { name, in: 'path', kind: KIND_BY_SEGMENT[before] ?? null };
  });
  const fields = new Set(Object.keys(route.body?.properties ?? {}).filter((field) => KIND_BY_FIELD[field]));
  // Ids inside the lines a body must have (an invoice line's product), named by their path: items.0.product_id.
  const walk = (value: unknown, at: string) => {
    if (!value || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (at && KIND_BY_FIELD[k]) fields.add(`${at}${k}`);
      walk(v, `${at}${k}.`);
    }
  };
  if (route.body) walk(sampleBody(route.body), '');
  const body = [...fields].map((name): IdSlot => ({ name, in: 'body', kind: KIND_BY_FIELD[name.split('.').at(-1)!]! }));
  return [...path, ...body];
}

/**
 * Every way to take some ids from the other merchant and the rest from the caller's own, all-own
 * (the control) left out: `true` marks a foreign slot. All-foreign stays in: the caller is always
 * of its own merchant, and access.api.test.ts never names two of the other merchant's objects together.
 */
export function mixesOf(slots: IdSlot[]): boolean[][] {
  const mixes: boolean[][] = [];
  for (let mask = 1; mask < 2 ** slots.length; mask += 1) mixes.push(slots.map((_, i) => (mask & (2 ** i)) !== 0));
  return mixes;
}

/** The URL and body that put `values` (one id per slot, in order) where the slots are. */
export function withIds(route: RouteInfo, slots: IdSlot[], values: string[]) {
  const path = Object.fromEntries(slots.flatMap((s, i) => (s.in === 'path' ? [[s.name, values[i]!]] : [])));
  if (!route.body) return { url: fillPath(route, path) };
  const payload = (structuredClone(sampleBody(route.body)) ?? {}) as Record<string, unknown>;
  // The world's objects are test-mode ones (world.ts): a person's session must say so where it makes one.
  if (route.body.properties?.mode) payload.mode = 'test';
  slots.forEach((s, i) => {
    if (s.in !== 'body') return;
    const keys = s.name.split('.');
    let node = payload;
    for (const k of keys.slice(0, -1)) node = node[k] as Record<string, unknown>;
    node[keys.at(-1)!] = values[i];
  });
  return { url: fillPath(route, path), payload };
}
