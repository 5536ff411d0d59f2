// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { CLOSE_AFTER_MS, startApprovalPage } from './approval-page.ts';

const REFERENCE = 'ref_0123456789';
const view = (over: Record<string, unknown> = {}) => ({
  merchant_name: 'Acme Coffee',
  amount: 3897,
  currency: 'USD',
  description: 'Espresso beans × 3',
  method: 'card',
  status: 'buyer_approval_pending',
  ...over,
});
const reply = (status: number, body: unknown) =>
  ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response;
const success = (result: unknown) => reply(200, { status: 'success', result });

async function setup(fetch: Mock) {
  document.body.innerHTML = `<main id="kassa-approval" data-reference="${REFERENCE}"></main>`;
  const close = vi.fn();
  const fakeWindow = { close, setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) } as unknown as Window;
  const root = document.getElementById('kassa-approval')!;
  await startApprovalPage({ window: fakeWindow, root, fetch });
  const button = (id: string) => document.getElementById(id) as HTMLButtonElement | null;
  return { close, root, button };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('approval page', () => {
  it('speaks the language the API wrote the page in (<html lang>): German texts and a German amount', async () => {
    document.documentElement.lang = 'de';
    try {
      const fetch = vi
        .fn()
        .mockResolvedValueOnce(success(view({ currency: 'EUR' })))
        .mockResolvedValueOnce(success({ id: 't1', status: 'authorization_failed' }));
      const { button } = await setup(fetch);
      expect(document.getElementById('approval-title')?.textContent).toBe('Bestätigen Sie Ihre Zahlung');
      expect(document.querySelector('dt')?.textContent).toBe('Händler');
      expect(document.getElementById('approval-amount')?.textContent).toBe('38,97\u00a0€');
      expect(button('approve-button')?.textContent).toBe('Freigeben');
      button('decline-button')!.click();
      await vi.advanceTimersByTimeAsync(0);
      expect(document.getElementById('approval-outcome')?.textContent).toBe('Zahlung abgelehnt.');
      expect(document.querySelector('.ka-hint')?.textContent).toBe('Dieses Fenster schließt sich von selbst.');
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('shows who asks for how much, posts the approval, shows the outcome and closes', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(success(view()))
      .mockResolvedValueOnce(success({ id: 't1', status: 'capture_succeeded' }));
    const { close, root, button } = await setup(fetch);
    expect(fetch.mock.calls[0]![0]).toBe(`/apiv1/pay/approval/${REFERENCE}/`);
    expect(document.getElementById('approval-merchant')?.textContent).toBe('Acme Coffee');
    expect(document.getElementById('approval-amount')?.textContent).toBe('$38.97');
    expect(document.getElementById('approval-description')?.textContent).toBe('Espresso beans × 3');
    expect(document.activeElement).toBe(button('approve-button'));

    button('approve-button')!.click();
    await vi.advanceTimersByTimeAsync(0);
    const [url, init] = fetch.mock.calls[1]! as [string, RequestInit];
    expect(url).toBe(`/apiv1/pay/approval/${REFERENCE}/`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ decision: 'approve' });
    expect(document.getElementById('approval-outcome')?.textContent).toBe('Payment approved.');
    expect(root.querySelector('button')).toBeNull();
    expect(close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(CLOSE_AFTER_MS);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('posts a decline', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(success(view({ amount: 1234, currency: 'JPY', description: null })))
      .mockResolvedValueOnce(success({ id: 't1', status: 'authorization_failed' }));
    const { button } = await setup(fetch);
    expect(document.getElementById('approval-amount')?.textContent).toBe('¥1,234');
    expect(document.getElementById('approval-description')).toBeNull();
    button('decline-button')!.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(JSON.parse(String((fetch.mock.calls[1]![1] as RequestInit).body))).toEqual({ decision: 'decline' });
    expect(document.getElementById('approval-outcome')?.textContent).toBe('Payment declined.');
  });

  it('says when the payment was already answered, without buttons and without closing', async () => {
    const { close, button } = await setup(
      vi.fn().mockResolvedValueOnce(success(view({ status: 'capture_succeeded' }))),
    );
    expect(document.getElementById('approval-outcome')?.textContent).toBe('This payment has already been approved.');
    expect(button('approve-button')).toBeNull();
    await vi.advanceTimersByTimeAsync(CLOSE_AFTER_MS * 2);
    expect(close).not.toHaveBeenCalled();
  });

  it('shows the server message for an unknown reference', async () => {
    await setup(
      vi
        .fn()
        .mockResolvedValueOnce(
          reply(404, { status: 'error', code: 'not_found', message: 'This approval request does not exist.' }),
        ),
    );
    expect(document.getElementById('approval-outcome')?.textContent).toBe('This approval request does not exist.');
  });

  it('keeps the buttons when the answer fails, with the reason', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(success(view()))
      .mockResolvedValueOnce(
        reply(422, { status: 'error', code: 'business_rule', message: 'This payment no longer waits for approval.' }),
      );
    const { button } = await setup(fetch);
    button('approve-button')!.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(document.getElementById('approval-error')?.textContent).toBe('This payment no longer waits for approval.');
    expect(button('approve-button')!.disabled).toBe(false);
  });

  it('paints Approve in Kassa’s brand colour, not Bootstrap’s default blue', async () => {
    const { button } = await setup(vi.fn().mockResolvedValueOnce(success(view())));
    const style = document.createElement('style');
    style.textContent = readFileSync(join(import.meta.dirname, 'approval.css'), 'utf8');
    document.head.append(style);
    // --kassa-brand in apps/web/src/styles/app.css
    expect(getComputedStyle(button('approve-button')!).backgroundColor).toBe('rgb(79, 70, 229)');
    style.remove();
  });

  it('after a processor’s 3-D Secure page, shows the outcome the server rendered and closes, calling nothing', async () => {
    document.body.innerHTML = '<main id="kassa-approval" data-outcome="declined"></main>';
    const close = vi.fn();
    const fetch = vi.fn();
    const fakeWindow = { close, setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) } as unknown as Window;
    await startApprovalPage({ window: fakeWindow, root: document.getElementById('kassa-approval')!, fetch });
    expect(document.getElementById('approval-outcome')?.textContent).toBe('Payment declined.');
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(CLOSE_AFTER_MS);
    expect(close).toHaveBeenCalledTimes(1);
  });
});
