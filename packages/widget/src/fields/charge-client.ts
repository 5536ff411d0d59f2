// The hosted fields' only network calls: the charge and the payment status, both to the page's own
// origin (CSP connect-src 'self'). The card data travels in the charge body and nowhere else.
import type {
  AddCardBody,
  ChargeBody,
  ChargeResult,
  CheckoutCardSession,
  SubscribeBody,
  SubscribeResult,
} from '@kassa/contract/checkout';
import type { CheckoutSavedCard } from '@kassa/contract/saved-cards';

export interface FieldErrorItem {
  path: string;
  message: string;
}

export type ApiOutcome<T> =
  | { ok: true; result: T }
  | { ok: false; status: number; code: string; message: string; errors: FieldErrorItem[] };

export interface ClientOptions {
  fetch: typeof fetch;
  /** Waits between retries of the same attempt; injectable so tests do not sleep. */
  sleep: (ms: number) => Promise<void>;
}

export const RETRY_DELAYS_MS = [500, 1500];
export const NETWORK_ERROR_MESSAGE = 'We could not reach the payment server. Check your connection and try again.';
const RETRYABLE_STATUS = new Set([502, 503, 504]);

/** 128 random bits: one per payment attempt, reused by every retry of that attempt. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function readOutcome<T>(response: Response): Promise<ApiOutcome<T>> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const data = (body ?? {}) as { status?: string; result?: T; code?: string; message?: string; errors?: unknown };
  if (response.ok && data.status === 'success' && data.result !== undefined) return { ok: true, result: data.result };
  return {
    ok: false,
    status: response.status,
    code: typeof data.code === 'string' ? data.code : 'http_error',
    message: typeof data.message === 'string' ? data.message : 'Something went wrong. Please try again.',
    errors: Array.isArray(data.errors) ? (data.errors as FieldErrorItem[]) : [],
  };
}

/**
 * POST /apiv1/pay/charge/. A lost connection or a gateway error is retried with the same
 * Idempotency-Key, so the server runs the charge at most once (docs/ARCHITECTURE.md#api-conventions); a 409 after such a
 * retry means the first try is still running there, and is retried too.
 */
export const postCharge = (client: ClientOptions, body: ChargeBody, idempotencyKey: string) =>
  postWithRetries<ChargeResult>(client, '/apiv1/pay/charge/', body, idempotencyKey);

/** POST /apiv1/pay/subscribe/: the card saved with the buyer's authorisation and the subscription started, once per key. */
export const postSubscribe = (client: ClientOptions, body: SubscribeBody, idempotencyKey: string) =>
  postWithRetries<SubscribeResult>(client, '/apiv1/pay/subscribe/', body, idempotencyKey);

/** POST /apiv1/pay/add-card/ (header x-add-card-token): the link's page saves a card without paying. */
export const postAddCard = (client: ClientOptions, token: string, body: AddCardBody, idempotencyKey: string) =>
  postWithRetries<{ card: CheckoutSavedCard }>(client, '/apiv1/pay/add-card/', body, idempotencyKey, {
    'x-add-card-token': token,
  });

async function postWithRetries<T>(
  client: ClientOptions,
  path: string,
  body: unknown,
  idempotencyKey: string,
  headers: Record<string, string> = {},
): Promise<ApiOutcome<T>> {
  let outcome: ApiOutcome<T> | null = null;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    if (attempt > 0) await client.sleep(RETRY_DELAYS_MS[attempt - 1] ?? 0);
    try {
      const response = await client.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey, ...headers },
        body: JSON.stringify(body),
        credentials: 'omit',
        cache: 'no-store',
      });
      outcome = await readOutcome<T>(response);
      const retry = !outcome.ok && (RETRYABLE_STATUS.has(outcome.status) || (attempt > 0 && outcome.status === 409));
      if (!retry) return outcome;
    } catch {
      outcome = { ok: false, status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE, errors: [] };
    }
  }
  return outcome!;
}

/** GET /apiv1/pay/session/: the store option in effect and the bound customer's saved cards. */
export async function getCardSession(client: ClientOptions, token: string): Promise<ApiOutcome<CheckoutCardSession>> {
  return getWithToken<CheckoutCardSession>(client, '/apiv1/pay/session/', token);
}

/** GET /apiv1/pay/payment/{id}/: where a payment stands after the approval window. */
export const getPayment = (client: ClientOptions, id: string, token: string) =>
  getWithToken<ChargeResult>(client, `/apiv1/pay/payment/${encodeURIComponent(id)}/`, token);

async function getWithToken<T>(client: ClientOptions, path: string, token: string): Promise<ApiOutcome<T>> {
  try {
    // The checkout token travels in a header: URLs end up in access logs.
    const response = await client.fetch(path, {
      credentials: 'omit',
      cache: 'no-store',
      headers: { 'x-checkout-token': token },
    });
    return await readOutcome<T>(response);
  } catch {
    return { ok: false, status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE, errors: [] };
  }
}
