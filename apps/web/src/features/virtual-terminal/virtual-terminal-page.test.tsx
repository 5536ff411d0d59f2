import { APP, ROLE } from '@kassa/contract/access';
import type { CheckoutTokenData } from '@kassa/contract/checkout';
import type { WidgetOptions, WidgetTransaction } from '@kassa/widget';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../lib/toast.ts';
import { CUSTOMER_ID, chargeResult, customer, savedCard, VISA_ID } from '../../test/customer-fixtures.ts';
import { bodyOf, fail, mockApi, ok, okPage, routeOf, waitForCall } from '../../test/mock-api.ts';
import { accessOf, makeOwner, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { VirtualTerminalPage } from './virtual-terminal-page.tsx';

const mounted = vi.hoisted(() => [] as WidgetOptions[]);
vi.mock('@kassa/widget', async (original) => ({
  ...(await original<typeof import('@kassa/widget')>()),
  mount: (options: WidgetOptions) => {
    mounted.push(options);
    return { iframe: document.createElement('iframe'), submit: () => true, destroy: () => undefined };
  },
}));
vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));

beforeEach(() => {
  mounted.length = 0;
  vi.mocked(showToast).mockClear();
});

const session: CheckoutTokenData = {
  merchant_id: 'm-1',
  token_card: 'vt-card-token',
  token: null,
  embed_data_card: { amount: 4_999, intent: 'capture', currency: 'EUR', country: 'DE', metadata: {}, buyer_id: 'b-1' },
  embed_data: null,
  comment: null,
  expires_at: '2030-01-01T00:00:00.000Z',
  gift_cards_accepted: false,
  test_mode: false,
};

const fill = (values: Record<string, string>) => {
  for (const [testId, value] of Object.entries(values)) {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  }
};

/** The terminal, with an API that opens the session and answers anything else 404. */
const openTerminal = () => {
  const calls = mockApi((config) =>
    routeOf(config) === 'POST /virtual-terminal/checkout/' ? ok(session) : fail(404, 'not_found', 'No'),
  );
  renderMerchantPage(<VirtualTerminalPage />);
  return calls;
};

const complete = (status: string) =>
  act(async () => {
    const transaction: WidgetTransaction = { id: 'tx-9', status, paymentMethod: { method: 'card', approvalUrl: null } };
    await (mounted.at(-1)!.onComplete as (t: WidgetTransaction) => unknown)(transaction);
  });

describe('virtual terminal', () => {
  it('opens a card-only session for the keyed-in amount, then shows the result card', async () => {
    const calls = openTerminal();
    fill({
      'vt-amount': '49.99',
      'vt-currency': 'EUR',
      'vt-description': 'Phone order',
      'vt-customer-first-name': 'Grace',
      'vt-customer-last-name': 'Hopper',
      'vt-customer-email': 'grace@example.com',
    });
    fireEvent.click(screen.getByTestId('vt-continue'));
    await waitFor(() => expect(mounted).toHaveLength(1));
    expect(bodyOf(calls[0]!)).toEqual({
      amount: 4_999,
      currency: 'EUR',
      description: 'Phone order',
      customer_first_name: 'Grace',
      customer_last_name: 'Hopper',
      customer_email: 'grace@example.com',
      email_receipt: false,
      authorize_only: false,
    });
    expect(mounted[0]).toMatchObject({ method: 'card', token: 'vt-card-token', amount: 4_999, currency: 'EUR' });
    // The card form starts with the customer the clerk just typed.
    expect(mounted[0]!.billingDetails).toEqual({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' });
    expect(screen.getByTestId('vt-amount-summary').textContent).toBe('€49.99');

    await complete('authorization_failed');
    expect(showToast).toHaveBeenCalledWith('error', 'Invalid card details.');
    expect(screen.queryByTestId('result-card')).toBeNull();

    await complete('capture_succeeded');
    expect(showToast).toHaveBeenCalledWith('success', 'Transaction completed successfully.');
    expect(screen.getByTestId('result-status').textContent).toBe('Success');
    expect(screen.getByTestId('vt-view').getAttribute('href')).toBe('/transactions/tx-9');
  });

  it('opens the card fields in the user’s profile language, not the browser’s', async () => {
    mockApi((config) =>
      routeOf(config) === 'POST /virtual-terminal/checkout/' ? ok(session) : fail(404, 'not_found', 'No'),
    );
    renderMerchantPage(<VirtualTerminalPage />, { user: makeOwner({ locale: 'fr' }) });
    fill({ 'vt-amount': '12.00', 'vt-currency': 'EUR' });
    fireEvent.click(screen.getByTestId('vt-continue'));
    // The French catalogue loads on its own time; the fields open (again) in French once it has.
    await waitFor(() => expect(mounted.at(-1)?.locale).toBe('fr'));
  });

  it('authorizes only when asked: the session is opened for authorization and the button says so', async () => {
    const calls = openTerminal();
    fill({
      'vt-amount': '20',
      'vt-customer-first-name': 'Grace',
      'vt-customer-last-name': 'Hopper',
      'vt-customer-email': 'grace@example.com',
    });
    fireEvent.click(screen.getByTestId('vt-authorize-only'));
    fireEvent.click(screen.getByTestId('vt-continue'));
    await waitFor(() => expect(mounted).toHaveLength(1));
    expect(bodyOf(calls[0]!)).toMatchObject({ amount: 2_000, authorize_only: true });
    expect(screen.getByRole('button', { name: /^Authorize .*20\.00$/ })).toBeTruthy();
  });

  it('checks the form before calling the API', async () => {
    const calls = mockApi(() => ok(session));
    renderMerchantPage(<VirtualTerminalPage />);
    fill({ 'vt-amount': '12.345', 'vt-customer-email': 'nope' });
    fireEvent.click(screen.getByTestId('vt-continue'));
    expect(await screen.findByText('Enter an amount like 12.50')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('takes a keyed payment with no name or e-mail; a ticked receipt needs the e-mail', async () => {
    const calls = openTerminal();
    fill({ 'vt-amount': '15' });
    fireEvent.click(screen.getByTestId('vt-email-receipt'));
    fireEvent.click(screen.getByTestId('vt-continue'));
    expect(await screen.findByText('Enter the e-mail address to send the receipt to')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByTestId('vt-email-receipt'));
    fireEvent.click(screen.getByTestId('vt-continue'));
    await waitFor(() => expect(mounted).toHaveLength(1));
    expect(bodyOf(calls[0]!)).toMatchObject({
      amount: 1_500,
      customer_first_name: '',
      customer_last_name: '',
      customer_email: '',
      email_receipt: false,
    });
    expect(screen.getByTestId('vt-summary').textContent).toContain('Customer not named');
    // The card form lets the clerk leave the name and e-mail blank too.
    expect(mounted[0]!.optionalBilling).toEqual(['firstName', 'lastName', 'email']);
  });

  it('tells a sub-user without Virtual Terminal create access', async () => {
    mockApi(() => ok(session));
    renderMerchantPage(<VirtualTerminalPage />, {
      user: makeOwner({ role: ROLE.MERCHANT_SUB_USER }),
      access: accessOf({ [APP.VIRTUAL_TERMINAL]: [1] }),
    });
    expect(screen.getByTestId('vt-no-access')).toBeTruthy();
    expect(screen.queryByTestId('vt-form')).toBeNull();
  });
});

describe('Virtual Terminal: Saved card tab', () => {
  it('picks a customer, one of their cards and the amount, and charges it without the card form', async () => {
    const calls = mockApi((config) => {
      const route = routeOf(config);
      if (route.startsWith('GET /customer/?')) return okPage([customer()]);
      if (route === `GET /customer/${CUSTOMER_ID}/payment-method/`) return ok([savedCard()]);
      if (route === `POST /customer/${CUSTOMER_ID}/charge/`) return ok(chargeResult({ amount: 2000 }));
      return fail(404, 'not_found', 'No');
    });
    renderMerchantPage(<VirtualTerminalPage />);
    fireEvent.click(screen.getByTestId('vt-tab-saved'));
    fireEvent.change(screen.getByTestId('vt-customer-search'), { target: { value: 'ada' } });
    fireEvent.click(await screen.findByTestId('vt-customer-option'));
    expect(calls.find((c) => routeOf(c).startsWith('GET /customer/?'))?.url).toBe(
      '/customer/?search=ada&mode=test&page_size=5&sort_by=name',
    );
    expect(screen.getByTestId('vt-customer-chosen').textContent).toContain('Ada Lovelace');
    await waitFor(() => expect(screen.getByTestId('charge-card').textContent).toContain('Visa •••• 4242'));
    fireEvent.change(screen.getByTestId('charge-amount'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('charge-submit'));
    const call = await waitForCall(calls, `POST /customer/${CUSTOMER_ID}/charge/`);
    expect(bodyOf(call)).toMatchObject({ payment_method_id: VISA_ID, amount: 2000, currency: 'USD' });
    expect((await screen.findByTestId('charge-result-title')).textContent).toBe('$20.00 charged.');
    expect(mounted).toHaveLength(0);
  });

  it('says so when the customer has no card to charge', async () => {
    mockApi((config) => {
      const route = routeOf(config);
      if (route.startsWith('GET /customer/?')) return okPage([customer()]);
      if (route === `GET /customer/${CUSTOMER_ID}/payment-method/`) return ok([savedCard({ expired: true })]);
      return fail(404, 'not_found', 'No');
    });
    renderMerchantPage(<VirtualTerminalPage />);
    fireEvent.click(screen.getByTestId('vt-tab-saved'));
    fireEvent.change(screen.getByTestId('vt-customer-search'), { target: { value: 'ada' } });
    fireEvent.click(await screen.findByTestId('vt-customer-option'));
    expect((await screen.findByTestId('charge-no-cards')).textContent).toBe(
      'Ada Lovelace has no saved card that can be charged.',
    );
  });

  it('lists no match for a search that finds nobody', async () => {
    mockApi((config) => (routeOf(config).startsWith('GET /customer/?') ? okPage([]) : fail(404, 'not_found', 'No')));
    renderMerchantPage(<VirtualTerminalPage />);
    fireEvent.click(screen.getByTestId('vt-tab-saved'));
    fireEvent.change(screen.getByTestId('vt-customer-search'), { target: { value: 'zed' } });
    expect(await screen.findByText('No customers match.')).toBeTruthy();
  });
});
