import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutErrorMessage, checkoutRequest } from './checkout-fetch.ts';

const reply = (status: number, body: string) => vi.fn(async () => new Response(body, { status }));

afterEach(() => vi.unstubAllGlobals());

describe('checkout fetch helper', () => {
  it('sends JSON to /apiv1 and resolves with the envelope’s result', async () => {
    const fetch = reply(200, JSON.stringify({ status: 'success', result: { token: 't' } }));
    vi.stubGlobal('fetch', fetch);
    await expect(checkoutRequest('POST', '/product/get-checkout-token/p-1/', { quantity: 2 })).resolves.toEqual({
      token: 't',
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/apiv1/product/get-checkout-token/p-1/');
    expect(init).toMatchObject({
      method: 'POST',
      body: '{"quantity":2}',
      headers: { 'content-type': 'application/json' },
    });
  });

  it('rejects with the server’s error envelope', async () => {
    const envelope = { status: 'error', code: 'not_found', message: 'This product does not exist.' };
    vi.stubGlobal('fetch', reply(404, JSON.stringify(envelope)));
    const error = await checkoutRequest('GET', '/product/checkout-details/x/').catch((e: unknown) => e);
    expect(error).toEqual(envelope);
    expect(checkoutErrorMessage(error, 'fallback')).toBe('This product does not exist.');
  });

  it('rejects with an envelope of its own when the answer is not one', async () => {
    vi.stubGlobal('fetch', reply(502, '<html>Bad gateway</html>'));
    const error = await checkoutRequest('GET', '/product/checkout-details/x/').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 'error', code: 'http_502' });
  });

  it('turns a network failure into a message for the buyer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await checkoutRequest('GET', '/product/checkout-details/x/').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'network_error' });
    expect(checkoutErrorMessage(error, 'fallback')).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
    expect(checkoutErrorMessage(undefined, 'fallback')).toBe('fallback');
  });
});
