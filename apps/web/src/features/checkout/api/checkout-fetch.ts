// The buyer pages' HTTP helper: fetch on the same origin's /apiv1, JSON in and out, the success
// envelope unwrapped to its result, and a failure rejected with the server's error envelope (docs/product-rules.md#api-calls;
// docs/ARCHITECTURE.md) — or one of the same shape when the server could not be reached. The back office's
// axios client (token cookies, refresh queue) is ~22 KB gzip a buyer never needs: these calls are
// public, so this file keeps the checkout bundle free of it (buyer JavaScript budget).
import type { ErrorEnvelope } from '@kassa/contract/common';
import { type BuyerText, buyerErrorTexts, declineText } from '@kassa/contract/i18n/buyer-error-keys';
import type { I18n } from '../../../lib/i18n.tsx';

export const CHECKOUT_API_BASE = '/apiv1';
const TIMEOUT_MS = 30_000; // the app client's timeout (lib/api-client.ts)

const failure = (code: string, message: string): ErrorEnvelope => ({ status: 'error', code, message });

const isEnvelope = (body: unknown): body is { status: string; result?: unknown; message?: unknown } =>
  Boolean(body && typeof body === 'object' && 'status' in body);

export async function checkoutRequest<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${CHECKOUT_API_BASE}${path}`, {
      method,
      headers: {
        ...(body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw error instanceof DOMException && error.name === 'TimeoutError'
      ? failure('timeout', 'The server took too long to answer. Please try again.')
      : failure('network_error', 'Could not reach the server. Check your connection and try again.');
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok || !isEnvelope(json) || json.status !== 'success') {
    throw isEnvelope(json) ? json : failure(`http_${response.status}`, `The server answered ${response.status}.`);
  }
  return json.result as T;
}

/** The server's message from a rejected call, or the fallback (docs/product-rules.md#error-messages). */
export function checkoutErrorMessage(error: unknown, fallback: string): string {
  const message = error && typeof error === 'object' && 'message' in error ? error.message : null;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

// The API's messages stay English (docs/i18n.md); a buyer reading another language sees the catalogue's
// text for the errors it knows, by code or by the server's fixed business-rule wording (buyer-error-keys.ts).
const KNOWN_CODES = new Set(['timeout', 'network_error', 'rate_limited', 'internal']);

/** checkoutErrorMessage in the buyer's language: `fallback` is already translated. */
export function buyerErrorMessage(error: unknown, fallback: string, { locale, t }: I18n): string {
  const message = checkoutErrorMessage(error, fallback);
  if (locale === 'en') return message;
  const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
  if (code === 'not_found' || /^http_/.test(code)) return fallback;
  if (KNOWN_CODES.has(code)) return t(`error.${code}`);
  const known = buyerErrorTexts(message, locale);
  return known ? wordTexts(known, t) : message;
}

/** Catalogue texts (an API sentence read in parts, buyer-error-keys.ts) as one text in the buyer's language. */
const wordTexts = (texts: BuyerText[], t: I18n['t']) => texts.map(({ key, values }) => t(key, values)).join(' ');

/**
 * Why a card was declined: the processor's words for an English reader, else the decline's text by its code or
 * the processor's known sentence, else a decline said in the buyer's language with the processor's words quoted.
 */
export function buyerDeclineText(
  result: { failure_code: string | null; failure_reason: string | null },
  fallback: string,
  { locale, t }: I18n,
): string {
  if (locale === 'en') return result.failure_reason ?? fallback;
  const text = declineText(result.failure_code, result.failure_reason);
  return text ? t(text.key, text.values) : fallback;
}
