import { APP, ROLE } from '@kassa/contract/access';
import type { TransactionDetail, TransactionItem } from '@kassa/contract/transactions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from '../../lib/download-file.ts';
import { showToast, toastApiError } from '../../lib/toast.ts';
import { backOfficeSession, merchantListItem, pageOf, renderBackOffice, staffAdmin } from '../../test/back-office.tsx';
import { bodyOf, fail, mockApi, ok, routeOf, waitForCall } from '../../test/mock-api.ts';
import { makeMerchant, makeUser } from '../../test/render-app.tsx';
import { accessOf, makeOwner, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { TransactionDetailPage } from './transaction-detail-page.tsx';
import { TransactionsPage } from './transactions-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../lib/download-file.ts', () => ({ downloadFile: vi.fn() }));

beforeEach(() => {
  vi.mocked(showToast).mockClear();
  vi.mocked(toastApiError).mockClear();
  vi.mocked(downloadFile).mockClear();
});

const item = (over: Partial<TransactionItem> = {}): TransactionItem => ({
  id: 't-1',
  merchant_id: 'm-1',
  merchant_name: 'Acme Outfitters',
  amount: 7_500,
  currency: 'USD',
  captured_amount: 7_500,
  refunded_amount: 0,
  method: 'card',
  status: 'capture_succeeded',
  source: 'product',
  card_brand: 'visa',
  card_last4: '4242',
  disputed_at: null,
  buyer_first_name: 'Ada',
  buyer_last_name: 'Lovelace',
  buyer_email: 'ada@example.com',
  mode: 'test',
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

const listPage = (results: TransactionItem[]) =>
  ok({ count: results.length, page: 1, page_size: 20, next_cursor: null, results });
const listCalls = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((c) => routeOf(c) === 'POST /transaction/transaction-details/').map(bodyOf);

describe('transactions list', () => {
  it('shows amount with the currency symbol and exponent, method, status, buyer', async () => {
    mockApi(() =>
      listPage([
        item(),
        item({ id: 't-2', amount: 1_500, currency: 'JPY', status: 'refunded', method: 'wallet', card_last4: null }),
      ]),
    );
    renderMerchantPage(<TransactionsPage />);
    const rows = await screen.findAllByTestId('transaction-row');
    expect(within(rows[0]!).getByTestId('transaction-amount').textContent).toBe('$75.00');
    expect(within(rows[0]!).getByTestId('transaction-buyer').textContent).toBe('Ada Lovelace');
    expect(rows[0]!.textContent).toContain('Visa •••• 4242');
    expect(within(rows[0]!).getByTestId('transaction-status').textContent).toBe('Succeeded');
    expect(within(rows[1]!).getByTestId('transaction-amount').textContent).toBe('¥1,500');
    expect(rows[1]!.textContent).toContain('Digital wallet');
    expect(within(rows[1]!).getByTestId('transaction-status').textContent).toBe('Refunded');
    expect(screen.queryByTestId('transaction-merchant')).toBeNull();
    expect(screen.queryByTestId('transaction-disputed')).toBeNull();
  });

  it('shows a master merchant whose payment each row is, its own or a sub-merchant’s', async () => {
    mockApi(() => listPage([item(), item({ id: 't-2', merchant_id: 'm-2', merchant_name: 'Bolt Bikes' })]));
    renderMerchantPage(<TransactionsPage />, { user: makeOwner({ merchant: makeMerchant({ is_master: true }) }) });
    const rows = await screen.findAllByTestId('transaction-row');
    expect(rows.map((row) => within(row).getByTestId('transaction-merchant').textContent)).toEqual([
      'Acme Outfitters',
      'Bolt Bikes',
    ]);
    expect(screen.getByTestId('transactions-search').getAttribute('placeholder')).toBe('Name, e-mail, id or last 4');
  });

  it('marks a disputed payment in the list', async () => {
    mockApi(() => listPage([item(), item({ id: 't-2', disputed_at: '2026-11-21T09:00:00.000Z' })]));
    renderMerchantPage(<TransactionsPage />);
    const rows = await screen.findAllByTestId('transaction-row');
    expect(within(rows[0]!).queryByTestId('transaction-disputed')).toBeNull();
    expect(within(rows[1]!).getByTestId('transaction-disputed').textContent).toBe('Disputed');
  });

  it('sends the filters, search and sort in the body (amounts in minor units)', async () => {
    const calls = mockApi(() => listPage([item()]));
    renderMerchantPage(<TransactionsPage />);
    await screen.findAllByTestId('transaction-row');
    expect(listCalls(calls)[0]).toEqual({ mode: 'test', sort_by: '-created_at', page: 1, page_size: 20 });

    fireEvent.click(screen.getByTestId('filter-status'));
    fireEvent.click(await screen.findByTestId('filter-status-capture_succeeded'));
    fireEvent.click(screen.getByTestId('filter-status-partially_refunded'));
    fireEvent.change(screen.getByTestId('filter-method'), { target: { value: 'card' } });
    fireEvent.change(screen.getByTestId('filter-from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId('filter-to'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByTestId('filter-currency'), { target: { value: 'BHD' } });
    fireEvent.change(screen.getByTestId('filter-amount-min'), { target: { value: '1.5' } });
    fireEvent.change(screen.getByTestId('filter-amount-max'), { target: { value: '20.125' } });
    fireEvent.change(screen.getByTestId('transactions-search'), { target: { value: ' 4242 ' } });
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toEqual({
        status: ['capture_succeeded', 'partially_refunded'],
        method: ['card'],
        from: '2026-11-01',
        to: '2026-11-30',
        currency: 'BHD',
        amount_min: 1_500,
        amount_max: 20_125,
        search: '4242',
        mode: 'test',
        sort_by: '-created_at',
        page: 1,
        page_size: 20,
      }),
    );

    fireEvent.click(screen.getByTestId('sort-amount'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort_by: 'amount', page: 1 }));
  });

  it('does not send an amount it cannot read, and says why', async () => {
    const calls = mockApi(() => listPage([item()]));
    renderMerchantPage(<TransactionsPage />);
    await screen.findAllByTestId('transaction-row');
    fireEvent.change(screen.getByTestId('filter-amount-min'), { target: { value: '12.345' } });
    expect(await screen.findByText('Enter an amount like 12.50')).toBeTruthy();
    expect(listCalls(calls).every((body) => !('amount_min' in body))).toBe(true);
  });

  it('exports the same filter as a CSV download, disabled while it runs', async () => {
    let finish: () => void = () => undefined;
    const calls = mockApi(async (config) => {
      if (routeOf(config) !== 'POST /transaction/export/') return listPage([item()]);
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return { status: 200, data: new Blob(['id,amount\n']) };
    });
    renderMerchantPage(<TransactionsPage />);
    await screen.findAllByTestId('transaction-row');
    fireEvent.change(screen.getByTestId('filter-method'), { target: { value: 'wallet' } });
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ method: ['wallet'] }));
    fireEvent.click(screen.getByTestId('transactions-export'));
    await waitFor(() => expect(screen.getByTestId('transactions-export')).toHaveProperty('disabled', true));
    const exportCall = calls.find((c) => routeOf(c) === 'POST /transaction/export/')!;
    expect(bodyOf(exportCall)).toEqual({ method: ['wallet'], sort_by: '-created_at' });
    expect(exportCall.responseType).toBe('blob');
    finish();
    await waitFor(() => expect(downloadFile).toHaveBeenCalledWith(expect.any(Blob), 'transactions.csv'));
    expect(screen.getByTestId('transactions-export')).toHaveProperty('disabled', false);
  });

  it('shows admins the merchant column and filter', async () => {
    const calls = mockApi((config) =>
      routeOf(config).startsWith('GET /admin/merchant/')
        ? ok(pageOf([merchantListItem({ id: '5f0c1a52-8e55-4a53-9d4e-0f1bb1e0a001', name: 'Bolt Bikes' })]))
        : listPage([item()]),
    );
    renderMerchantPage(<TransactionsPage />, { user: makeUser({ role: ROLE.PLATFORM_ADMIN }) });
    expect((await screen.findByTestId('transaction-merchant')).textContent).toBe('Acme Outfitters');
    await screen.findByRole('option', { name: 'Bolt Bikes' });
    fireEvent.change(screen.getByTestId('filter-merchant'), {
      target: { value: '5f0c1a52-8e55-4a53-9d4e-0f1bb1e0a001' },
    });
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({ merchant_id: '5f0c1a52-8e55-4a53-9d4e-0f1bb1e0a001' }),
    );
  });

  it('asks a staff admin without view_merchant for no merchant list, which the server refuses it', async () => {
    const calls = backOfficeSession(
      { 'POST /transaction/transaction-details/': () => listPage([item()]) },
      { user: staffAdmin, permissions: { view_transactions: 1 } },
    );
    renderBackOffice('/transactions');
    expect((await screen.findByTestId('transaction-merchant')).textContent).toBe('Acme Outfitters');
    expect(screen.queryByTestId('filter-merchant')).toBeNull();
    expect(calls.map(routeOf).filter((route) => route.startsWith('GET /admin/merchant/'))).toEqual([]);
  });
});

const detail = (over: Partial<TransactionDetail> = {}): TransactionDetail => ({
  ...item(),
  intent: 'capture',
  provider: 'sandbox',
  card_exp_month: 4,
  card_exp_year: 2031,
  gift_card_amount: 0,
  billing_address: { line1: '1 Analytical Way', city: 'London', country: 'GB' },
  fraud_decision: null,
  fraud_reasons: null,
  failure_reason: null,
  failure_code: null,
  description: 'Trail Backpack × 3',
  product_id: 'p-1',
  quick_payment_id: null,
  invoice_id: null,
  customer_id: null,
  payment_method_id: null,
  initiator: null,
  refundable_amount: 7_500,
  capturable_amount: 0,
  authorization_expires_at: null,
  events: [
    {
      id: 'e-1',
      type: 'captured',
      status: 'capture_succeeded',
      amount: 7_500,
      message: null,
      created_at: '2026-11-20T10:00:01.000Z',
    },
  ],
  refunds: [],
  pending_at_processor: [],
  ...over,
});

const renderDetail = (options: Parameters<typeof renderMerchantPage>[1] = {}) =>
  renderMerchantPage(
    <Routes>
      <Route path="/transactions/:id" element={<TransactionDetailPage />} />
    </Routes>,
    { path: '/transactions/t-1', ...options },
  );

describe('transaction detail and refunds', () => {
  it('shows the card, buyer, billing address and timeline', async () => {
    mockApi(() => ok(detail()));
    renderDetail();
    expect((await screen.findByTestId('detail-amount')).textContent).toBe('$75.00');
    expect(screen.getByTestId('detail-card').textContent).toBe('Visa •••• 4242, expires 04/31');
    expect(screen.getByTestId('detail-buyer').textContent).toBe('Ada Lovelace');
    expect(screen.getByText('1 Analytical Way, London, GB')).toBeTruthy();
    expect(screen.getByTestId('detail-timeline').textContent).toContain('Succeeded · $75.00');
    expect(screen.queryByTestId('dispute-notice')).toBeNull();
  });

  it("downloads the payment's receipt and a refund's receipt as PDFs, named as the server names them", async () => {
    const refund = { id: 'r-9', amount: 2_500, currency: 'USD', reason: null, created_at: '2026-11-21T09:00:00.000Z' };
    const calls = mockApi((config) =>
      routeOf(config).includes('/receipt/pdf/')
        ? {
            status: 200,
            data: new Blob(['%PDF-']),
            headers: { 'content-disposition': 'inline; filename="receipt-t-1.pdf"' },
          }
        : ok(
            detail({
              status: 'partially_refunded',
              refunds: [
                { ...refund, status: 'succeeded' },
                { ...refund, id: 'r-10', status: 'pending' },
              ],
            }),
          ),
    );
    renderDetail();
    fireEvent.click(await screen.findByTestId('receipt-pdf'));
    await waitFor(() => expect(downloadFile).toHaveBeenCalledWith(expect.any(Blob), 'receipt-t-1.pdf'));
    const receipt = calls.find((c) => routeOf(c).includes('/receipt/pdf/'))!;
    expect(receipt.url).toBe('/transaction/t-1/receipt/pdf/');
    expect(receipt.responseType).toBe('blob');
    // Only a refund that went through has a receipt.
    const links = screen.getAllByTestId('refund-receipt-pdf');
    expect(links).toHaveLength(1);
    fireEvent.click(links[0]!);
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/transaction/t-1/receipt/pdf/?refund_id=r-9'));
  });

  it('offers no receipt for a payment that took no money', async () => {
    mockApi(() => ok(detail({ status: 'authorization_failed', refundable_amount: 0 })));
    renderDetail();
    await screen.findByTestId('detail-amount');
    expect(screen.queryByTestId('receipt-pdf')).toBeNull();
  });

  it("says when the buyer's bank opened a dispute", async () => {
    mockApi(() => ok(detail({ disputed_at: '2026-11-21T09:00:00.000Z' })));
    renderDetail();
    const notice = await screen.findByTestId('dispute-notice');
    expect(notice.textContent).toContain('opened a dispute');
    expect(notice.textContent).toContain('2026');
    expect(screen.getByTestId('transaction-disputed').textContent).toBe('Disputed');
  });

  it('says which refund the payment service has not confirmed yet, and marks it pending', async () => {
    mockApi(() =>
      ok(
        detail({
          refundable_amount: 5_000,
          refunds: [
            {
              id: 'r-1',
              amount: 2_500,
              currency: 'USD',
              reason: null,
              status: 'pending',
              created_at: '2026-11-21T09:00:00.000Z',
            },
          ],
          pending_at_processor: [
            { id: 'r-1', kind: 'refund', amount: 2_500, currency: 'USD', created_at: '2026-11-21T09:00:00.000Z' },
          ],
        }),
      ),
    );
    renderDetail();
    const notice = await screen.findByTestId('pending-at-processor');
    expect(notice.textContent).toContain('A refund of $25.00');
    expect(notice.textContent).toContain('do not send it again');
    expect(screen.getByTestId('refund-status').textContent).toBe('Pending');
  });

  it('shows no pending notice when the payment service answered everything', async () => {
    mockApi(() => ok(detail()));
    renderDetail();
    await screen.findByTestId('detail-amount');
    expect(screen.queryByTestId('pending-at-processor')).toBeNull();
  });

  it('refunds a partial amount with one Idempotency-Key per dialog, capped at the refundable amount', async () => {
    const calls = mockApi((config) => {
      if (routeOf(config) === 'POST /transaction/t-1/refund/') {
        return ok(
          detail({ status: 'partially_refunded', refunded_amount: 2_500, refundable_amount: 5_000 }),
          'Refunded $25.00.',
        );
      }
      return ok(detail());
    });
    renderDetail();
    fireEvent.click(await screen.findByTestId('refund-open'));
    const amount = await screen.findByTestId('refund-amount');
    expect(amount).toHaveProperty('value', '75.00');

    fireEvent.change(amount, { target: { value: '75.01' } });
    expect(screen.getByTestId('refund-amount-error').textContent).toBe('At most $75.00 can be refunded');
    expect(screen.getByTestId('refund-continue')).toHaveProperty('disabled', true);

    fireEvent.change(amount, { target: { value: '25' } });
    fireEvent.change(screen.getByTestId('refund-reason'), { target: { value: 'Damaged strap' } });
    fireEvent.click(screen.getByTestId('refund-continue'));
    expect(screen.getByTestId('refund-confirm-text').textContent).toContain('$25.00');
    fireEvent.click(screen.getByTestId('refund-confirm'));

    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Refunded $25.00.'));
    const refund = calls.find((c) => routeOf(c) === 'POST /transaction/t-1/refund/')!;
    expect(bodyOf(refund)).toEqual({ amount: 2_500, reason: 'Damaged strap' });
    expect(refund.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByTestId('detail-refundable').textContent).toBe('$50.00'));
  });

  it('keeps the key when the same dialog retries, and toasts the server message or the fallback', async () => {
    let attempts = 0;
    const calls = mockApi((config) => {
      if (routeOf(config) !== 'POST /transaction/t-1/refund/') return ok(detail());
      attempts++;
      return attempts === 1
        ? fail(422, 'business_rule', 'The refund is more than the $10.00 that can still be refunded.')
        : { status: 500, data: {} };
    });
    renderDetail();
    fireEvent.click(await screen.findByTestId('refund-open'));
    for (let i = 0; i < 2; i++) {
      fireEvent.click(await screen.findByTestId('refund-continue'));
      fireEvent.click(screen.getByTestId('refund-confirm'));
      await waitFor(() => expect(toastApiError).toHaveBeenCalledTimes(i + 1));
    }
    expect(toastApiError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'The refund is more than the $10.00 that can still be refunded.' }),
      'Something went wrong.',
    );
    const keys = calls
      .filter((c) => routeOf(c) === 'POST /transaction/t-1/refund/')
      .map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('hides Refund for a sub-user without Virtual Terminal edit, for admins and when nothing is left', async () => {
    mockApi(() => ok(detail()));
    const clerk = makeOwner({ role: ROLE.MERCHANT_SUB_USER });
    const view = renderDetail({ user: clerk, access: accessOf({ [APP.PRODUCTS]: [1] }) });
    await screen.findByTestId('detail-amount');
    expect(screen.queryByTestId('refund-open')).toBeNull();
    view.unmount();

    renderDetail({ user: clerk, access: accessOf({ [APP.VIRTUAL_TERMINAL]: [1, 3] }) });
    expect(await screen.findByTestId('refund-open')).toBeTruthy();
  });

  it('hides Refund from an embedded session without the Virtual Terminal, which the server refuses', async () => {
    mockApi(() => ok(detail()));
    // Products opens the transactions to the embed, but refunds go through the Virtual Terminal.
    const view = renderDetail({ allowedTabs: ['PR'] });
    await screen.findByTestId('detail-amount');
    expect(screen.queryByTestId('refund-open')).toBeNull();
    view.unmount();

    renderDetail({ allowedTabs: ['PR', 'VT'] });
    expect(await screen.findByTestId('refund-open')).toBeTruthy();
  });

  it('admins read through the admin path and cannot refund', async () => {
    const calls = mockApi(() => ok(detail({ refundable_amount: 0 })));
    renderDetail({ user: makeUser({ role: ROLE.PLATFORM_ADMIN }) });
    await screen.findByTestId('detail-amount');
    expect(calls.map(routeOf)).toEqual(['GET /admin/transaction/t-1/']);
    expect(screen.queryByTestId('refund-open')).toBeNull();
  });
});

describe('authorized payments: capture and void', () => {
  const authorized = (over: Partial<TransactionDetail> = {}) =>
    detail({
      status: 'authorization_succeeded',
      captured_amount: 0,
      refundable_amount: 0,
      capturable_amount: 7_500,
      authorization_expires_at: new Date(Date.now() + 5 * 86_400_000 + 60_000).toISOString(),
      ...over,
    });

  it('captures part of the authorization, says what is released, and offers no refund before capture', async () => {
    const calls = mockApi((config) =>
      routeOf(config) === 'POST /transaction/t-1/capture/'
        ? ok(
            detail({ captured_amount: 3_000, refundable_amount: 3_000 }),
            'Captured $30.00; the remaining $45.00 was released.',
          )
        : ok(authorized()),
    );
    renderDetail();
    expect((await screen.findByTestId('authorization-expiry')).textContent).toContain('expires in 5 days');
    expect(screen.queryByTestId('refund-open')).toBeNull();
    fireEvent.click(screen.getByTestId('capture-open'));
    const amount = await screen.findByTestId('capture-amount');
    expect(amount).toHaveProperty('value', '75.00');
    fireEvent.change(amount, { target: { value: '80' } });
    expect(screen.getByTestId('capture-amount-error').textContent).toBe('At most $75.00 can be captured');
    fireEvent.change(amount, { target: { value: '30' } });
    expect(screen.getByTestId('capture-release-note').textContent).toBe('$45.00 will be released.');
    fireEvent.click(screen.getByTestId('capture-confirm'));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('success', 'Captured $30.00; the remaining $45.00 was released.'),
    );
    const capture = calls.find((c) => routeOf(c) === 'POST /transaction/t-1/capture/')!;
    expect(bodyOf(capture)).toEqual({ amount: 3_000 });
    expect(capture.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByTestId('detail-refundable').textContent).toBe('$30.00'));
    expect(screen.queryByTestId('capture-open')).toBeNull();
  });

  it('voids after a confirmation, and warns when the authorization is about to lapse', async () => {
    const calls = mockApi((config) =>
      routeOf(config) === 'POST /transaction/t-1/void/'
        ? ok(detail({ status: 'voided', captured_amount: 0, refundable_amount: 0 }), 'Voided.')
        : ok(authorized({ authorization_expires_at: new Date(Date.now() + 3_600_000).toISOString() })),
    );
    renderDetail();
    const expiry = await screen.findByTestId('authorization-expiry');
    expect(expiry.textContent).toMatch(/^Expiring: .*less than a day/);
    fireEvent.click(screen.getByTestId('void-open'));
    expect(screen.getByTestId('void-confirm-text').textContent).toContain('$75.00');
    fireEvent.click(screen.getByTestId('void-confirm'));
    await waitForCall(calls, 'POST /transaction/t-1/void/');
    await waitFor(() => expect(screen.queryByTestId('void-open')).toBeNull());
  });

  it('hides Capture and Void from an embedded session without the Virtual Terminal', async () => {
    mockApi(() => ok(authorized()));
    renderDetail({ allowedTabs: ['DASH', 'INV'] });
    await screen.findByTestId('detail-amount');
    expect(screen.queryByTestId('capture-open')).toBeNull();
    expect(screen.queryByTestId('void-open')).toBeNull();
  });

  it('hides Capture and Void from a sub-user without Virtual Terminal edit', async () => {
    mockApi(() => ok(authorized()));
    renderDetail({
      user: makeOwner({ role: ROLE.MERCHANT_SUB_USER }),
      access: accessOf({ [APP.VIRTUAL_TERMINAL]: [1] }),
    });
    await screen.findByTestId('detail-amount');
    expect(screen.queryByTestId('capture-open')).toBeNull();
    expect(screen.queryByTestId('void-open')).toBeNull();
  });
});
