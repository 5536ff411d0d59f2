// The deliberate exceptions of the matrix, each with its reason. Everything not listed here is held
// to the strict rule, so a new route is checked the day it is registered.
import type { RouteInfo } from './routes.ts';

interface Allowance {
  pattern: RegExp;
  why: string;
}

const matches = (list: readonly Allowance[], route: RouteInfo | string) => {
  const key = typeof route === 'string' ? route : route.key;
  return list.some((a) => a.pattern.test(key));
};

/** Routes anyone may call without a token (docs/ARCHITECTURE.md#api-conventions: checkout, invoice view, embed callback, hosted fields). */
export const PUBLIC_ROUTES: readonly Allowance[] = [
  {
    pattern: /^GET \/apiv1\/health\/((live|ready)\/)?$/,
    why: 'load balancers, Kubernetes probes and uptime checks ask it',
  },
  {
    pattern:
      /^POST \/apiv1\/auth\/(login|verify-otp|resend-otp|token\/refresh|logout|forgot-password|reset-password)\/$/,
    why: 'the sign-in, session renewal and password-recovery steps happen before there is an access token',
  },
  {
    pattern: /^POST \/apiv1\/auth\/passkeys\/sign-in\/(options\/)?$/,
    why: 'signing in with a passkey happens before there is an access token',
  },
  { pattern: /^GET \/apiv1\/auth\/verify-hmac\/$/, why: 'called by the financing partner, authenticated by its HMAC' },
  { pattern: /^POST \/apiv1\/auth\/embed-callback\/$/, why: 'spec: "except URLs containing embed-callback"' },
  {
    pattern:
      /^(GET|POST) \/apiv1\/(product|quick-payment|invoice)\/(checkout-details|get-checkout-token|submit-billing)\/\{id\}\/$/,
    why: 'buyer checkout pages: the buyer is anonymous',
  },
  { pattern: /^GET \/apiv1\/invoice\/public-invoice\/\{id\}\/$/, why: 'the invoice link mailed to the customer' },
  {
    pattern: /^GET \/apiv1\/invoice\/public-invoice\/\{id\}\/pdf\/$/,
    why: "the PDF link on the customer's public invoice page",
  },
  {
    pattern: /^(GET|POST) \/apiv1\/pay\//,
    why: 'charge and approval of the anonymous buyer, bound to a checkout token',
  },
  {
    pattern: /^POST \/apiv1\/transaction\/send-notification\/$/,
    why: 'the checkout page announces a completed payment (docs/product-rules.md#api-calls); it only sends what the server queued',
  },
  { pattern: /^GET \/apiv1\/uploads\/\{file\}$/, why: 'product images are shown on the public checkout pages' },
  {
    pattern: /^POST \/apiv1\/webhooks\/stripe\/\{connectionId\}\/$/,
    why: 'Stripe delivers a connection’s events; authenticated by the Stripe-Signature HMAC, not a token',
  },
  {
    pattern: /^GET \/pay\//,
    why: 'hosted payment fields, approval page and widget assets, loaded in the buyer’s browser',
  },
  { pattern: /^GET \/apiv1\/docs/, why: 'the OpenAPI document and its viewer (docs/ARCHITECTURE.md#layers)' },
  {
    pattern: /^(GET|POST|DELETE) \/apiv1\/customer-portal\//,
    why: 'the customer portal: its own cookie session for one customer (docs/product-rules.md#customer-portal), never a bearer token',
  },
  {
    pattern: /^POST \/apiv1\/webhooks\/[a-z]+\/\{connectionId\}\/$/,
    why: 'processors deliver webhooks; the signature made with the connection’s key is the credential',
  },
];
export const isPublic = (route: RouteInfo | string) => matches(PUBLIC_ROUTES, route);

/** Routes whose success answer is not JSON, so there is no JSON response schema to declare. */
export const NO_JSON_RESPONSE: readonly Allowance[] = [
  { pattern: /^POST \/apiv1\/transaction\/export\/$/, why: 'streams a CSV file' },
  { pattern: /^GET \/apiv1\/customer\/export\/$/, why: 'streams a CSV file' },
  { pattern: /^GET \/apiv1\/uploads\/\{file\}$/, why: 'streams the image bytes' },
  {
    pattern:
      /^GET \/apiv1\/(invoice\/(public-invoice\/)?\{id\}|transaction\/\{id\}\/receipt|customer-portal\/receipts\/\{id\})\/pdf\/$/,
    why: 'answers a PDF document',
  },
  { pattern: /^POST \/apiv1\/webhooks\/adyen\//, why: 'Adyen expects the plain text "[accepted]"' },
];
export const hasNoJsonResponse = (route: RouteInfo) => matches(NO_JSON_RESPONSE, route);

/** Mounted but deliberately absent from the OpenAPI document. */
export const UNDOCUMENTED_ROUTES: readonly Allowance[] = [
  { pattern: /^GET \/apiv1\/docs/, why: '@fastify/swagger-ui’s own pages, hidden from the document they show' },
];
export const isAllowedUndocumented = (key: string) => matches(UNDOCUMENTED_ROUTES, key);

/**
 * Signed-in routes that are about the caller or serve reference data the same for everyone, not a
 * merchant app or an admin area, so a sub-user without any app access or a staff admin without view
 * flags still uses them (docs/ARCHITECTURE.md: apps are Dashboard … Users; profile and password are not apps).
 */
export const SELF_SERVICE_ROUTES: readonly Allowance[] = [
  { pattern: /^(GET|PATCH) \/apiv1\/auth\/profile\/$/, why: 'one’s own name, phone, notification setting' },
  { pattern: /^POST \/apiv1\/auth\/change-password\/$/, why: 'one’s own password' },
  {
    pattern: /^(GET|POST|DELETE) \/apiv1\/auth\/totp\/((confirm|recovery-codes)\/)?$/,
    why: 'one’s own authenticator app and recovery codes',
  },
  {
    pattern: /^(GET|POST|PATCH|DELETE) \/apiv1\/auth\/passkeys\/((registration\/(options\/)?)|\{id\}\/)?$/,
    why: 'one’s own passkeys',
  },
  {
    pattern: /^(GET|DELETE|POST) \/apiv1\/auth\/sessions\/(\{id\}\/|sign-out-others\/)?$/,
    why: 'one’s own signed-in devices',
  },
  {
    pattern: /^GET \/apiv1\/auth\/merchant-profile\/$/,
    why: 'the header shows the merchant name and logo to everyone',
  },
  { pattern: /^GET \/apiv1\/auth\/access\/\{id\}\/$/, why: 'the web app loads the signed-in user’s own access list' },
  { pattern: /^GET \/apiv1\/connection\/industry-type\/(\{id\}\/)?$/, why: 'a reference list the forms use' },
  { pattern: /^POST \/apiv1\/uploads\/image\/$/, why: 'any signed-in user may upload an image for a form' },
  {
    pattern: /^GET \/apiv1\/connection\/providers\/$/,
    why: 'the provider registry is product data (names, credential field labels), no merchant’s data',
  },
  {
    pattern: /^GET \/apiv1\/superadmin\/admin\/$/,
    why: 'docs/product-rules.md#api-calls: a staff admin loads its own permission set as the first entry (checked in access.api.test.ts)',
  },
];
export const isSelfService = (route: RouteInfo) => matches(SELF_SERVICE_ROUTES, route);

/**
 * Routes that end the caller's own session when they succeed: the fuzz sends them without the
 * actor's token (they are public), or the rest of the run would be signed out.
 */
export const SIGNS_OUT: readonly Allowance[] = [
  { pattern: /^POST \/apiv1\/auth\/logout\/$/, why: 'revokes the family of the bearer token it is sent with' },
];
export const signsOut = (route: RouteInfo) => matches(SIGNS_OUT, route);

/** POST routes that only read (a filtered list, an export): checked like the GET lists. */
export const READS_VIA_POST: readonly Allowance[] = [
  {
    pattern: /^POST \/apiv1\/transaction\/(transaction-details|export)\/$/,
    why: 'docs/product-rules.md#api-calls: the list is a POST with filters',
  },
];
export const readsViaPost = (route: RouteInfo) => matches(READS_VIA_POST, route);

/** POST routes a user with view access may call: they open or look at something, they change nothing. */
export const VIEWER_ACTIONS: readonly Allowance[] = [
  {
    pattern: /^POST \/apiv1\/connection\/sso-login\/$/,
    why: 'opening a financing partner’s site (signed SSO) is using the Connections view, not editing it',
  },
];
export const isViewerAction = (route: RouteInfo) => matches(VIEWER_ACTIONS, route);
