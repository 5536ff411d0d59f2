import type { WebhookEndpoint } from '@kassa/contract/webhooks';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setPaymentMode } from '../../lib/payment-mode.ts';
import { declineThenConfirm } from '../../test/confirm-flow.ts';
import { bodyOf, fail, mockApi, ok, routeOf, waitForCall } from '../../test/mock-api.ts';
import { renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { WebhooksSection } from './components/webhooks-section.tsx';
import { ENDPOINT_ID, webhookDelivery, webhookEndpoint } from './developers-fixtures.ts';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../lib/clipboard.ts', () => ({ copyToClipboard: vi.fn() }));
const { showToast, toastApiError } = await import('../../lib/toast.ts');
const { copyToClipboard } = await import('../../lib/clipboard.ts');

const BASE = '/developers/webhook-endpoints/';
/** The list of the header's mode: test, as a browser with no choice stored starts. */
const LIST = `GET ${BASE}?mode=test`;
beforeEach(() => {
  vi.clearAllMocks();
  setPaymentMode('test');
});

describe('Webhooks section', () => {
  it('adds an endpoint for chosen events and shows its secret once, with copy', async () => {
    let list: WebhookEndpoint[] = [];
    const calls = mockApi((config) => {
      if (routeOf(config) === LIST) return ok(list);
      if (routeOf(config) === `POST ${BASE}`) {
        list = [webhookEndpoint({ events: ['payment.succeeded', 'invoice.paid'] })];
        return ok({ ...list[0], secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0' });
      }
      return fail(404, 'not_found', 'no mock');
    });
    renderMerchantPage(<WebhooksSection />);
    expect(await screen.findByTestId('webhooks-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('webhook-add'));
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: ' https://shop.example.com/hooks ' } });
    fireEvent.click(screen.getByTestId('webhook-events-all'));
    fireEvent.click(screen.getByTestId('webhook-save'));
    expect((await screen.findByTestId('webhook-events-error')).textContent).toBe(
      'Choose at least one event, or all events.',
    );
    fireEvent.click(screen.getByTestId('webhook-event-payment.succeeded'));
    fireEvent.click(screen.getByTestId('webhook-event-invoice.paid'));
    fireEvent.click(screen.getByTestId('webhook-save'));
    const secret = (await screen.findByTestId('webhook-secret-value')) as HTMLInputElement;
    expect(secret.value).toBe('whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0');
    expect(bodyOf(calls.find((c) => routeOf(c) === `POST ${BASE}`)!)).toEqual({
      url: 'https://shop.example.com/hooks',
      description: '',
      events: ['payment.succeeded', 'invoice.paid'],
      mode: 'test',
    });
    expect(screen.getByTestId('webhook-endpoint-events').textContent).toBe('payment.succeeded, invoice.paid');
    fireEvent.click(screen.getByTestId('webhook-secret-copy'));
    expect(copyToClipboard).toHaveBeenCalledWith('whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0', 'Secret');
    fireEvent.click(screen.getByTestId('webhook-secret-done'));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('follows the Test mode switch: lists and adds the endpoints of the mode shown', async () => {
    const LIVE_ID = '7a1b2c3d-0000-4000-8000-000000000002';
    const calls = mockApi((config) => {
      const route = routeOf(config);
      if (route === LIST) return ok([webhookEndpoint()]);
      if (route === `GET ${BASE}?mode=live`)
        return ok([webhookEndpoint({ id: LIVE_ID, url: 'https://shop.example.com/live', mode: 'live' })]);
      if (route === `POST ${BASE}`)
        return ok({ ...webhookEndpoint({ mode: 'live' }), secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0' });
      return fail(404, 'not_found', 'no mock');
    });
    renderMerchantPage(<WebhooksSection />);
    expect((await screen.findByTestId('webhook-endpoint-url')).textContent).toBe('https://shop.example.com/hooks');
    expect(screen.getByTestId('webhooks-mode').textContent).toBe('Test endpoints');
    act(() => setPaymentMode('live'));
    await waitFor(() =>
      expect(screen.getByTestId('webhook-endpoint-url').textContent).toBe('https://shop.example.com/live'),
    );
    expect(screen.getByTestId('webhooks-mode').textContent).toBe('Live endpoints');
    fireEvent.click(screen.getByTestId('webhook-add'));
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'https://shop.example.com/live2' } });
    fireEvent.click(screen.getByTestId('webhook-save'));
    const created = await waitForCall(calls, `POST ${BASE}`);
    expect(bodyOf(created)).toMatchObject({ url: 'https://shop.example.com/live2', mode: 'live' });
  });

  it("shows the server's message next to the URL when it refuses one", async () => {
    mockApi((config) => {
      if (routeOf(config) === LIST) return ok([]);
      if (routeOf(config) === `POST ${BASE}`) {
        const message = 'Webhook URLs must point to a public address; 10.0.0.1 is a private network address.';
        return fail(400, 'invalid_input', message, [{ path: 'url', message }]);
      }
      return fail(404, 'not_found', 'no mock');
    });
    renderMerchantPage(<WebhooksSection />);
    fireEvent.click(await screen.findByTestId('webhook-add'));
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'https://10.0.0.1/' } });
    fireEvent.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByText(/10.0.0.1 is a private network address/)).toBeTruthy();
    expect(toastApiError).toHaveBeenCalled();
    expect(screen.getByTestId('webhook-endpoint-form')).toBeTruthy();
  });

  it('says on the form how to try webhooks offline, and each endpoint offers Send test event', async () => {
    mockApi((config) => (routeOf(config) === LIST ? ok([webhookEndpoint()]) : fail(404, 'not_found', 'no mock')));
    renderMerchantPage(<WebhooksSection />);
    expect((await screen.findByTestId('webhook-test')).textContent).toBe('Send test event');
    fireEvent.click(screen.getByTestId('webhook-add'));
    const help = screen.getByTestId('webhook-url-help').textContent ?? '';
    expect(help).toContain('KASSA_WEBHOOKS_ALLOW_PRIVATE=true');
    expect(help).toContain('http://localhost:');
    expect(help).toContain('Send test event');
  });

  it('sends a test, shows the delivery log and retries a delivery', async () => {
    const calls = mockApi((config) => {
      const route = routeOf(config);
      if (route === LIST) return ok([webhookEndpoint()]);
      if (route === `POST ${BASE}${ENDPOINT_ID}/test/`)
        return ok(webhookDelivery({ status: 'pending' }), 'Test event queued.');
      if (route?.startsWith(`GET ${BASE}${ENDPOINT_ID}/deliveries/`))
        return ok({ count: 1, page: 1, page_size: 10, results: [webhookDelivery()] });
      if (route === `POST ${BASE}${ENDPOINT_ID}/deliveries/d-1/retry/`)
        return ok(webhookDelivery({ status: 'pending' }), 'The delivery will be sent again in a moment.');
      return fail(404, 'not_found', 'no mock');
    });
    renderMerchantPage(<WebhooksSection />);
    fireEvent.click(await screen.findByTestId('webhook-test'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Test event queued.'));
    const row = await screen.findByTestId('webhook-delivery-row');
    expect(within(row).getByText('payment.succeeded')).toBeTruthy();
    expect(within(row).getByTestId('webhook-delivery-code').textContent).toBe('500');
    expect(within(row).getByText('42 ms')).toBeTruthy();
    expect(within(row).getByText('Internal error')).toBeTruthy();
    fireEvent.click(within(row).getByTestId('webhook-delivery-retry'));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('success', 'The delivery will be sent again in a moment.'),
    );
    expect(calls.some((c) => routeOf(c) === `POST ${BASE}${ENDPOINT_ID}/deliveries/d-1/retry/`)).toBe(true);
  });

  it('rolls the secret and deletes only after confirming', async () => {
    const calls = mockApi((config) => {
      const route = routeOf(config);
      if (route === LIST) return ok([webhookEndpoint()]);
      if (route === `POST ${BASE}${ENDPOINT_ID}/roll-secret/`)
        return ok({ ...webhookEndpoint(), secret: 'whsec_bmV3' }, 'New secret created.');
      if (route === `DELETE ${BASE}${ENDPOINT_ID}/`) return ok(null, 'Endpoint deleted.');
      return fail(404, 'not_found', 'no mock');
    });
    renderMerchantPage(<WebhooksSection />);
    await declineThenConfirm(
      () => screen.findByTestId('webhook-roll'),
      () => calls.some((c) => routeOf(c) === `POST ${BASE}${ENDPOINT_ID}/roll-secret/`),
    );
    expect(((await screen.findByTestId('webhook-secret-value')) as HTMLInputElement).value).toBe('whsec_bmV3');

    await declineThenConfirm(
      () => screen.getByTestId('webhook-delete'),
      () => calls.some((c) => routeOf(c) === `DELETE ${BASE}${ENDPOINT_ID}/`),
    );
    await waitForCall(calls, `DELETE ${BASE}${ENDPOINT_ID}/`);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Endpoint deleted.'));
  });

  it('says why Kassa turned an endpoint off and turns it on again', async () => {
    let current = webhookEndpoint({
      enabled: false,
      disabled_reason: 'Every delivery failed for 3 days, so Kassa turned this endpoint off.',
    });
    const calls = mockApi((config) => {
      const route = routeOf(config);
      if (route === LIST) return ok([current]);
      if (route === `PATCH ${BASE}${ENDPOINT_ID}/`) {
        current = webhookEndpoint();
        return ok(current, 'Endpoint saved.');
      }
      return fail(404, 'not_found', 'no mock');
    });
    renderMerchantPage(<WebhooksSection />);
    expect(await screen.findByText(/Every delivery failed for 3 days/)).toBeTruthy();
    expect((screen.getByTestId('webhook-test') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('webhook-toggle'));
    await waitFor(() => expect(screen.getByTestId('webhook-toggle').textContent).toBe('Turn off'));
    expect(bodyOf(calls.find((c) => routeOf(c) === `PATCH ${BASE}${ENDPOINT_ID}/`)!)).toEqual({ enabled: true });
  });
});
