import { APP } from '@kassa/contract/access';
import type { RecurringInvoice } from '@kassa/contract/recurring-invoices';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { declineThenConfirm } from '../../test/confirm-flow.ts';
import { mockApi, ok, okPage, routeOf, waitForCall } from '../../test/mock-api.ts';
import { accessOf, makeClerk, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { RecurringInvoiceFormPage } from './recurring-invoice-form-page.tsx';
import { RecurringInvoicePage } from './recurring-invoice-page.tsx';
import { RecurringInvoicesPage } from './recurring-invoices-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const { confirmDialog } = await import('../../lib/toast.ts');
beforeEach(() => vi.mocked(confirmDialog).mockReset());

const ID = '0b9d8c1e-5a4f-4c2b-9e1d-2f3a4b5c6d7e';
const recurring = (over: Partial<RecurringInvoice> = {}): RecurringInvoice => ({
  id: ID,
  merchant_id: 'm-1',
  customer_id: 'c-1',
  customer_name: 'Grace Hopper',
  customer_email: 'grace@example.com',
  mode: 'test',
  status: 'active',
  currency: 'USD',
  items: [
    {
      item_type: 2,
      product_id: null,
      product_name: null,
      item_name: 'Membership',
      quantity: 1,
      price: 3_900,
      total_price: 3_900,
    },
  ],
  discount_percentage: '0.00',
  shipping_percentage: '0.00',
  tax_percentage: '0.00',
  sub_total_amount: 3_900,
  total_amount: 3_900,
  description: '',
  due_in_days: 14,
  interval: 'month',
  interval_count: 1,
  start_date: '2027-01-31',
  end_after_count: null,
  end_date: null,
  auto_charge: false,
  next_send_date: '2027-02-28',
  upcoming_dates: ['2027-02-28', '2027-03-31'],
  invoices_made: 1,
  last_sent_at: '2027-01-31T00:00:05.000Z',
  created_at: '2027-01-20T10:00:00.000Z',
  updated_at: '2027-01-31T00:00:05.000Z',
  ...over,
});

describe('Recurring invoices list', () => {
  it('offers the owner a first recurring invoice when there is none, and filters by status', async () => {
    const calls = mockApi(() => okPage([]));
    renderMerchantPage(<RecurringInvoicesPage />, { path: '/recurring-invoices' });
    expect(await screen.findByText('No recurring invoices yet')).toBeTruthy();
    expect(screen.getAllByTestId('recurring-new').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByTestId('filter-status'), { target: { value: 'paused' } });
    await waitFor(() =>
      expect(calls.some((c) => routeOf(c).includes('status=paused') && routeOf(c).includes('mode=test'))).toBe(true),
    );
    expect(await screen.findByText('No recurring invoices match')).toBeTruthy();
  });

  it('lists a schedule with its next date; a clerk who only views gets no New button', async () => {
    mockApi(() => okPage([recurring()]));
    renderMerchantPage(<RecurringInvoicesPage />, {
      user: makeClerk(),
      access: accessOf({ [APP.INVOICES]: [1] }),
    });
    const row = await screen.findByTestId('recurring-row');
    expect(row.textContent).toContain('Grace Hopper');
    expect(row.textContent).toContain('Monthly');
    expect(within(row).getByTestId('recurring-next').textContent).toContain('2027');
    expect(screen.queryByTestId('recurring-new')).toBeNull();
  });
});

const renderPage = () =>
  renderMerchantPage(
    <Routes>
      <Route path="/recurring-invoices/:id" element={<RecurringInvoicePage />} />
    </Routes>,
    { path: `/recurring-invoices/${ID}` },
  );

describe('Recurring invoice page', () => {
  it('shows the next send dates and pauses only after the confirmation', async () => {
    const calls = mockApi((config) => {
      const route = routeOf(config);
      if (route === `POST /recurring-invoice/${ID}/pause/`) return ok(recurring({ status: 'paused' }), 'Paused.');
      if (route.startsWith('GET /invoice/?')) return okPage([]);
      return ok(recurring());
    });
    renderPage();
    const upcoming = await screen.findByTestId('recurring-upcoming');
    expect(upcoming.querySelectorAll('li')).toHaveLength(2);
    await declineThenConfirm(
      () => screen.findByTestId('recurring-pause'),
      () => calls.some((c) => c.method === 'post'),
    );
    await waitForCall(calls, `POST /recurring-invoice/${ID}/pause/`);
  });

  it('a stopped schedule offers no action and says no more invoices will be sent', async () => {
    mockApi((config) =>
      routeOf(config).startsWith('GET /invoice/?')
        ? okPage([])
        : ok(recurring({ status: 'stopped', next_send_date: null, upcoming_dates: [] })),
    );
    renderPage();
    expect((await screen.findByTestId('recurring-upcoming-none')).textContent).toBe('No more invoices will be sent.');
    expect(screen.queryByTestId('recurring-pause')).toBeNull();
    expect(screen.queryByTestId('recurring-stop')).toBeNull();
  });
});

describe('Recurring invoice form', () => {
  it('asks for a customer and a line before sending anything', async () => {
    const calls = mockApi((config) => (routeOf(config) === 'GET /invoice/products/' ? ok([]) : okPage([])));
    renderMerchantPage(
      <Routes>
        <Route path="/recurring-invoices/new" element={<RecurringInvoiceFormPage />} />
      </Routes>,
      { path: '/recurring-invoices/new' },
    );
    fireEvent.click(await screen.findByTestId('rec-save'));
    expect((await screen.findByTestId('rec-customer-error')).textContent).toBe('Choose a customer');
    expect((await screen.findByTestId('items-error')).textContent).toContain('Add a line');
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });
});
