import { CONNECTIONS_NOT_ALLOWED, type ConnectionView, type ProviderInfo } from '@kassa/contract/connections';
import { loadPortalCatalogue, portalEnglish } from '@kassa/contract/i18n/portal-catalogue';
import { createTranslator } from '@kassa/contract/i18n/translate';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { declineThenConfirm } from '../../test/confirm-flow.ts';
import { bodyOf, fail, type MockReply, mockApi, ok, routeOf } from '../../test/mock-api.ts';
import { makeMerchant } from '../../test/render-app.tsx';
import { makeOwner, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { PaymentConnectionPage } from './payment-connection-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const { showToast, toastApiError } = await import('../../lib/toast.ts');

const sandbox: ProviderInfo = {
  kind: 'payment_service',
  id: 'sandbox',
  display_name: 'Kassa Sandbox Processor',
  description: 'Test-mode card processor.',
  is_sandbox: true,
  credential_fields: [
    { name: 'account_id', label: 'Account ID', secret: false, placeholder: 'acct_test_…' },
    { name: 'secret_key', label: 'Secret key', secret: true, placeholder: 'sk_test_…' },
  ],
};
const other: ProviderInfo = {
  ...sandbox,
  id: 'acme_pay',
  display_name: 'Acme Pay',
  description: 'A real processor.',
  is_sandbox: false,
  credential_fields: [{ name: 'api_token', label: 'API token', secret: true, placeholder: null }],
};

const connection = (over: Partial<ConnectionView> = {}): ConnectionView => ({
  id: '0c9a4f6e-1d2b-4c3d-8e9f-000000000001',
  kind: 'payment_service',
  provider: 'sandbox',
  provider_name: 'Kassa Sandbox Processor',
  credentials: { account_id: 'acct_test_42', secret_key: 'sk_test_••••3f9a' },
  enabled: true,
  fallback: false,
  status: 'verified',
  last_verified_at: '2026-11-02T09:30:00.000Z',
  last_verification_message: 'Sandbox credentials verified.',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T09:30:00.000Z',
  ...over,
});

function api(routes: Record<string, () => MockReply>, connections: ConnectionView[] = []) {
  return mockApi((config) => {
    const route = routeOf(config);
    const handler = routes[route.split('?')[0]!] ?? routes[route];
    if (handler) return handler();
    if (route === 'GET /connection/providers/?kind=payment_service') return ok([sandbox, other]);
    if (route === 'GET /connection/merchant-connection/?kind=payment_service') return ok(connections);
    return fail(404, 'not_found', `No mock for ${route}`);
  });
}

beforeEach(() => vi.clearAllMocks());

describe('Payment connection page', () => {
  it('words a credential placeholder in the reader’s language and keeps a sample value as it is', async () => {
    const adyen: ProviderInfo = {
      ...other,
      id: 'adyen',
      display_name: 'Adyen',
      credential_fields: [
        { name: 'environment', label: 'Environment', secret: false, placeholder: 'TEST or LIVE' },
        { name: 'hmac_key', label: 'Webhook HMAC key', secret: true, placeholder: '64 hexadecimal characters' },
        { name: 'merchant_account', label: 'Merchant account', secret: false, placeholder: 'YourCompanyECOM' },
      ],
    };
    api({ 'GET /connection/providers/': () => ok([adyen]) });
    const spanish = {
      locale: 'es' as const,
      t: createTranslator('es', await loadPortalCatalogue('es'), portalEnglish),
    };
    renderMerchantPage(
      <I18nProvider value={spanish}>
        <PaymentConnectionPage kind="payment_service" />
      </I18nProvider>,
    );
    expect((await screen.findByTestId('credential-environment')).getAttribute('placeholder')).toBe('TEST o LIVE');
    expect(screen.getByTestId('credential-hmac_key').getAttribute('placeholder')).toBe('64 caracteres hexadecimales');
    expect(screen.getByTestId('credential-merchant_account').getAttribute('placeholder')).toBe('YourCompanyECOM');
  });

  it('renders the credential fields from the provider definition, secrets as password inputs', async () => {
    api({});
    renderMerchantPage(<PaymentConnectionPage kind="payment_service" />);
    expect((await screen.findByTestId('kind-explainer')).textContent).toMatch(/decides which processor/);
    const account = await screen.findByTestId('credential-account_id');
    expect(account.getAttribute('type')).toBe('text');
    expect(account.getAttribute('placeholder')).toBe('acct_test_…');
    expect(screen.getByTestId('credential-secret_key').getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('Account ID')).toBe(account);

    fireEvent.change(screen.getByTestId('provider-select'), { target: { value: 'acme_pay' } });
    expect(await screen.findByTestId('credential-api_token')).toBeTruthy();
    expect(screen.queryByTestId('credential-account_id')).toBeNull();
    expect(screen.getByTestId('provider-description').textContent).toContain('A real processor.');
  });

  it('verifies typed credentials and shows the status and the provider message', async () => {
    const calls = api({
      'POST /connection/verify-connection-credentials/': () =>
        fail(422, 'business_rule', 'Sandbox secret keys start with "sk_test_" followed by the key.', [
          { path: 'credentials', message: 'Sandbox secret keys start with "sk_test_" followed by the key.' },
        ]),
    });
    renderMerchantPage(<PaymentConnectionPage kind="payment_service" />);
    fireEvent.change(await screen.findByTestId('credential-account_id'), { target: { value: 'acct_test_1' } });
    fireEvent.change(screen.getByTestId('credential-secret_key'), { target: { value: 'sk_live_nope' } });
    fireEvent.click(screen.getByTestId('verify-new'));
    expect((await screen.findByTestId('verify-status')).textContent).toBe('Verification failed');
    expect(screen.getByTestId('verify-message').textContent).toBe(
      'Sandbox secret keys start with "sk_test_" followed by the key.',
    );
    const verify = calls.find((c) => routeOf(c) === 'POST /connection/verify-connection-credentials/')!;
    expect(bodyOf(verify)).toEqual({
      kind: 'payment_service',
      provider: 'sandbox',
      credentials: { account_id: 'acct_test_1', secret_key: 'sk_live_nope' },
    });
  });

  it('saves a new connection enabled with the typed credentials', async () => {
    const calls = api({
      'POST /connection/merchant-connection/': () => ({
        status: 201,
        data: { status: 'success', result: connection(), message: 'Connection saved.' },
      }),
    });
    renderMerchantPage(<PaymentConnectionPage kind="payment_service" />);
    fireEvent.change(await screen.findByTestId('credential-account_id'), { target: { value: ' acct_test_1 ' } });
    fireEvent.change(screen.getByTestId('credential-secret_key'), { target: { value: 'sk_test_abc123' } });
    fireEvent.click(screen.getByTestId('save-connection'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Connection saved.'));
    const post = calls.find((c) => routeOf(c) === 'POST /connection/merchant-connection/')!;
    expect(bodyOf(post)).toEqual({
      kind: 'payment_service',
      provider: 'sandbox',
      credentials: { account_id: 'acct_test_1', secret_key: 'sk_test_abc123' },
      enabled: true,
      fallback: false,
    });
  });

  it('saves a new payment service as the fallback when the owner switches it on', async () => {
    const calls = api({
      'POST /connection/merchant-connection/': () => ({
        status: 201,
        data: { status: 'success', result: connection({ fallback: true }), message: 'Connection saved.' },
      }),
    });
    renderMerchantPage(<PaymentConnectionPage kind="payment_service" />);
    fireEvent.change(await screen.findByTestId('credential-account_id'), { target: { value: 'acct_test_1' } });
    fireEvent.change(screen.getByTestId('credential-secret_key'), { target: { value: 'sk_test_abc123' } });
    fireEvent.click(screen.getByLabelText(/Fallback only/));
    fireEvent.click(screen.getByTestId('save-connection'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Connection saved.'));
    const post = calls.find((c) => routeOf(c) === 'POST /connection/merchant-connection/')!;
    expect(bodyOf(post)).toMatchObject({ fallback: true, enabled: true });
  });

  it('says which saved payment service is main and which is the fallback, and switches it', async () => {
    const id = '0c9a4f6e-1d2b-4c3d-8e9f-000000000001';
    const calls = api(
      {
        [`PATCH /connection/merchant-connection/${id}/`]: () => ok(connection({ fallback: true }), 'Connection saved.'),
      },
      [connection()],
    );
    renderMerchantPage(<PaymentConnectionPage kind="payment_service" />);
    expect((await screen.findByTestId('connection-role')).textContent).toBe('Main');
    fireEvent.click(screen.getByTestId('connection-fallback'));
    await waitFor(() =>
      expect(calls.some((c) => routeOf(c) === `PATCH /connection/merchant-connection/${id}/`)).toBe(true),
    );
    const patch = calls.find((c) => routeOf(c) === `PATCH /connection/merchant-connection/${id}/`)!;
    expect(bodyOf(patch)).toEqual({ fallback: true });
  });

  it('shows a saved connection masked, replaces only the secret, and verifies it with its status and message', async () => {
    const calls = api(
      {
        'PATCH /connection/merchant-connection/0c9a4f6e-1d2b-4c3d-8e9f-000000000001/': () =>
          ok(
            connection({ credentials: { account_id: 'acct_test_42', secret_key: 'sk_test_••••9999' } }),
            'Connection saved.',
          ),
        'POST /connection/verify-connection-credentials/': () =>
          ok(
            { status: 'verified', verified_at: '2026-11-03T08:00:00.000Z', connection: connection() },
            'Sandbox credentials verified.',
          ),
      },
      [connection()],
    );
    renderMerchantPage(<PaymentConnectionPage kind="payment_service" />);
    const card = await screen.findByTestId('connection-card');
    expect((within(card).getByTestId('credential-masked-secret_key') as HTMLInputElement).value).toBe(
      'sk_test_••••3f9a',
    );
    expect((within(card).getByTestId('credential-account_id') as HTMLInputElement).value).toBe('acct_test_42');
    expect(within(card).getByTestId('connection-last-verified').textContent).toMatch(/Last verified Nov 2, 2026/);
    expect(within(card).getByTestId('connection-status').textContent).toBe('Verified');
    // Every provider is connected or offered: only the other one is left to connect.
    expect((screen.getByTestId('provider-select') as HTMLSelectElement).value).toBe('acme_pay');

    fireEvent.click(within(card).getByTestId('credential-replace-secret_key'));
    const secret = within(card).getByTestId('credential-secret_key');
    expect(secret.getAttribute('type')).toBe('password');
    fireEvent.change(secret, { target: { value: 'sk_test_new9999' } });
    fireEvent.click(within(card).getByTestId('connection-save'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Connection saved.'));
    const patch = calls.find((c) => c.method === 'patch')!;
    expect(bodyOf(patch)).toEqual({ credentials: { secret_key: 'sk_test_new9999' } });

    fireEvent.click(within(await screen.findByTestId('connection-card')).getByTestId('connection-verify'));
    expect((await screen.findByTestId('verify-status')).textContent).toBe('Verified');
    expect(screen.getByTestId('verify-message').textContent).toBe('Sandbox credentials verified.');
    const verify = calls.find((c) => routeOf(c) === 'POST /connection/verify-connection-credentials/')!;
    expect(bodyOf(verify)).toEqual({ connection_id: '0c9a4f6e-1d2b-4c3d-8e9f-000000000001' });
  });

  it('disables with the switch and deletes only after confirming', async () => {
    const calls = api(
      {
        'PATCH /connection/merchant-connection/0c9a4f6e-1d2b-4c3d-8e9f-000000000001/': () =>
          ok(connection({ enabled: false }), 'Connection saved.'),
        'DELETE /connection/merchant-connection/0c9a4f6e-1d2b-4c3d-8e9f-000000000001/': () =>
          ok(null, 'Connection deleted.'),
      },
      [connection()],
    );
    renderMerchantPage(<PaymentConnectionPage kind="payment_service" />);
    fireEvent.click(await screen.findByTestId('connection-enabled'));
    await waitFor(() => expect(calls.some((c) => c.method === 'patch')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'patch')!)).toEqual({ enabled: false });

    await declineThenConfirm(
      () => screen.getByTestId('connection-delete'),
      () => calls.some((c) => c.method === 'delete'),
    );
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Connection deleted.'));
  });

  it('says up front, without a form to fill in, when the platform has not allowed connections', async () => {
    api({});
    renderMerchantPage(<PaymentConnectionPage kind="payment_service" />, {
      user: makeOwner({ merchant: makeMerchant({ allow_connections: false }) }),
    });
    expect((await screen.findByTestId('connections-not-allowed')).textContent).toContain(CONNECTIONS_NOT_ALLOWED);
    expect(screen.queryByTestId('new-connection')).toBeNull();
    expect(screen.queryByTestId('save-connection')).toBeNull();
  });

  it('explains why when the platform withdraws connections while the page is open', async () => {
    api({
      'POST /connection/merchant-connection/': () =>
        fail(
          403,
          'forbidden',
          'Payment connections are not enabled for this account yet. Contact the platform administrator.',
        ),
    });
    renderMerchantPage(<PaymentConnectionPage kind="payment_service" />);
    fireEvent.change(await screen.findByTestId('credential-secret_key'), { target: { value: 'sk_test_abc123' } });
    fireEvent.click(screen.getByTestId('save-connection'));
    expect((await screen.findByTestId('connections-not-allowed')).textContent).toContain(
      'Payment connections are not enabled for this account yet.',
    );
    expect(toastApiError).toHaveBeenCalled();
    expect(screen.queryByTestId('new-connection')).toBeNull();
  });

  it('issues a sandbox gift card, shows its PIN once and lists the balances', async () => {
    const giftProvider: ProviderInfo = {
      ...sandbox,
      kind: 'gift_card',
      id: 'sandbox_gift_card',
      credential_fields: [sandbox.credential_fields[1]!],
    };
    const card = {
      id: 'g-1',
      code: 'ABCD-EFGH-JKLM-NPQR',
      balance: 5_000,
      currency: 'USD',
      created_at: '2026-11-02T09:30:00.000Z',
      updated_at: '2026-11-02T09:30:00.000Z',
    };
    const calls = mockApi((config) => {
      const route = routeOf(config);
      if (route === 'GET /connection/providers/?kind=gift_card') return ok([giftProvider]);
      if (route === 'GET /connection/merchant-connection/?kind=gift_card') return ok([]);
      if (route.startsWith('GET /gift-card/')) return ok({ count: 1, page: 1, page_size: 10, results: [card] });
      if (route === 'POST /gift-card/') return ok({ ...card, pin: '482913' }, 'Gift card issued.');
      return fail(404, 'not_found', route);
    });
    renderMerchantPage(<PaymentConnectionPage kind="gift_card" />);
    expect((await screen.findByTestId('gift-card-balance-cell')).textContent).toBe('$50.00');
    fireEvent.change(screen.getByTestId('gift-card-balance'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('gift-card-issue'));
    expect((await screen.findByTestId('issued-pin')).textContent).toBe('482913');
    expect(bodyOf(calls.find((c) => routeOf(c) === 'POST /gift-card/')!)).toEqual({ balance: 5_000, currency: 'USD' });
  });
});
