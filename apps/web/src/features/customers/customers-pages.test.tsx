import { APP } from '@kassa/contract/access';
import type { Customer } from '@kassa/contract/customers';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { declineThenConfirm } from '../../test/confirm-flow.ts';
import { CUSTOMER_ID, customer, customerPageApi } from '../../test/customer-fixtures.ts';
import { fail, mockApi, ok, routeOf, sentBody, waitForCall } from '../../test/mock-api.ts';
import { accessOf, makeClerk, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { CustomerDetailPage } from './customer-detail-page.tsx';
import { CustomersPage } from './customers-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../lib/download-file.ts', () => ({ downloadFile: vi.fn() }));
const { showToast, confirmDialog } = await import('../../lib/toast.ts');
const { downloadFile } = await import('../../lib/download-file.ts');

const ID = CUSTOMER_ID;

const page = (results: Customer[], count = results.length) => ok({ count, page: 1, page_size: 20, results });
const listCalls = (calls: { method?: string; url?: string }[]) =>
  calls.filter((c) => c.method === 'get' && c.url?.startsWith('/customer/?'));

beforeEach(() => vi.mocked(confirmDialog).mockReset());

describe('Customers page', () => {
  it('lists the test-mode customers and searches by name, e-mail or reference', async () => {
    const calls = mockApi((config) =>
      config.url?.includes('search=') ? page([customer({ name: 'Grace Hopper', id: 'c-2' })]) : page([customer()]),
    );
    renderMerchantPage(<CustomersPage />);
    const rows = await screen.findAllByTestId('customer-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByTestId('customer-name-cell').textContent).toBe('Ada Lovelace');
    expect(listCalls(calls)[0]?.url).toBe('/customer/?page=1&page_size=20&sort_by=-created_at&mode=test');

    fireEvent.change(screen.getByTestId('customers-search'), { target: { value: 'grace' } });
    await waitFor(() => expect(screen.getByTestId('customer-name-cell').textContent).toBe('Grace Hopper'));
    expect(listCalls(calls).at(-1)?.url).toBe(
      '/customer/?page=1&page_size=20&search=grace&sort_by=-created_at&mode=test',
    );
  });

  it('shows the empty state with the New button, and "no match" for a fruitless search', async () => {
    mockApi(() => page([]));
    renderMerchantPage(<CustomersPage />);
    expect(await screen.findByText('No customers yet')).toBeTruthy();
    expect(screen.getAllByTestId('customer-new').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByTestId('customers-search'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No customers match')).toBeTruthy();
  });

  it('filters by saved cards and the days created, and exports what the filters show', async () => {
    const calls = mockApi((config) =>
      config.url?.startsWith('/customer/export/')
        ? { status: 200, data: new Blob(['id\n']) }
        : config.url?.includes('saved_card=with')
          ? page([customer({ name: 'Grace Hopper', id: 'c-2' })])
          : page([customer()]),
    );
    renderMerchantPage(<CustomersPage />);
    await screen.findByTestId('customer-row');

    fireEvent.change(screen.getByTestId('filter-saved-card'), { target: { value: 'with' } });
    await waitFor(() => expect(screen.getByTestId('customer-name-cell').textContent).toBe('Grace Hopper'));
    fireEvent.change(screen.getByTestId('filter-created-from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByTestId('filter-created-to'), { target: { value: '2026-03-31' } });
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe(
        '/customer/?page=1&page_size=20&sort_by=-created_at&saved_card=with&created_from=2026-01-01&created_to=2026-03-31&mode=test',
      ),
    );

    fireEvent.click(screen.getByTestId('customers-export'));
    await waitFor(() => expect(downloadFile).toHaveBeenCalled());
    expect(calls.find((c) => c.url?.startsWith('/customer/export/'))?.url).toBe(
      '/customer/export/?saved_card=with&created_from=2026-01-01&created_to=2026-03-31&mode=test',
    );
  });

  it('leaves days out of order out of the query and says why', async () => {
    const calls = mockApi(() => page([customer()]));
    renderMerchantPage(<CustomersPage />);
    await screen.findByTestId('customer-row');
    fireEvent.change(screen.getByTestId('filter-created-from'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByTestId('filter-created-to'), { target: { value: '2026-04-01' } });
    expect((await screen.findByTestId('customers-dates-out-of-order')).textContent).toBe(
      'The start date is after the end date, so the dates are left out.',
    );
    expect(screen.getByTestId('filter-created-from').className).toContain('is-invalid');
    expect(listCalls(calls).some((c) => c.url?.includes('created_to=2026-04-01'))).toBe(false);

    fireEvent.change(screen.getByTestId('filter-created-to'), { target: { value: '2026-06-01' } });
    await waitFor(() =>
      expect(listCalls(calls).some((c) => c.url?.includes('created_from=2026-05-01&created_to=2026-06-01'))).toBe(true),
    );
    expect(screen.queryByTestId('customers-dates-out-of-order')).toBeNull();
  });

  it('shows a loading state until the first page comes', async () => {
    let answer: (reply: ReturnType<typeof ok>) => void = () => undefined;
    mockApi(() => new Promise((resolve) => (answer = resolve)));
    renderMerchantPage(<CustomersPage />);
    expect(await screen.findByText('Loading…')).toBeTruthy();
    answer(page([customer()]));
    expect(await screen.findByTestId('customer-row')).toBeTruthy();
  });

  it('pages through the list', async () => {
    const calls = mockApi((config) =>
      config.url?.includes('page=2')
        ? ok({ count: 25, page: 2, page_size: 20, results: [customer({ id: 'c-21', name: 'Customer 21' })] })
        : page([customer()], 25),
    );
    renderMerchantPage(<CustomersPage />);
    await screen.findByTestId('customer-row');
    fireEvent.click(await screen.findByRole('button', { name: /next/i }));
    await waitFor(() => expect(screen.getByTestId('customer-name-cell').textContent).toBe('Customer 21'));
    expect(listCalls(calls).at(-1)?.url).toContain('page=2');
  });

  it('creates a customer in the mode of the switch, empty boxes left out', async () => {
    const calls = mockApi((config) =>
      routeOf(config) === 'POST /customer/' ? ok(customer(), 'Customer created.') : page([]),
    );
    renderMerchantPage(<CustomersPage />);
    fireEvent.click((await screen.findAllByTestId('customer-new'))[0]!);
    fireEvent.change(screen.getByTestId('customer-email'), { target: { value: 'not an e-mail' } });
    fireEvent.click(screen.getByTestId('customer-submit'));
    expect(await screen.findByText('Enter the customer’s name')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();

    fireEvent.change(screen.getByTestId('customer-name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByTestId('customer-email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByTestId('customer-locale'), { target: { value: 'de' } });
    fireEvent.click(screen.getByTestId('customer-submit'));
    expect(await sentBody(calls, 'POST /customer/')).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: null,
      reference: null,
      locale: 'de',
      billing_address: null,
      mode: 'test',
    });
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Customer created.'));
  });

  it('shows the server’s reference conflict next to the field', async () => {
    mockApi((config) =>
      routeOf(config) === 'POST /customer/'
        ? fail(409, 'conflict', 'Another customer of this mode already has this reference.', [
            { path: 'reference', message: 'Another customer of this mode already has this reference.' },
          ])
        : page([]),
    );
    renderMerchantPage(<CustomersPage />);
    fireEvent.click((await screen.findAllByTestId('customer-new'))[0]!);
    fireEvent.change(screen.getByTestId('customer-name'), { target: { value: 'Copy' } });
    fireEvent.change(screen.getByTestId('customer-reference'), { target: { value: 'dup' } });
    fireEvent.click(screen.getByTestId('customer-submit'));
    expect(await screen.findByText('Another customer of this mode already has this reference.')).toBeTruthy();
  });

  it('offers a clerk with Virtual Terminal view no New button', async () => {
    mockApi(() => page([customer()]));
    renderMerchantPage(<CustomersPage />, { user: makeClerk(), access: accessOf({ [APP.VIRTUAL_TERMINAL]: [1] }) });
    await screen.findByTestId('customer-row');
    expect(screen.queryByTestId('customer-new')).toBeNull();
  });
});

const renderDetail = (options: Parameters<typeof renderMerchantPage>[1] = {}) =>
  renderMerchantPage(
    <Routes>
      <Route path="/customers/:id" element={<CustomerDetailPage />} />
      <Route path="/customers" element={<p>list</p>} />
    </Routes>,
    { path: `/customers/${ID}`, ...options },
  );

describe('Customer page', () => {
  it('shows the details and empty payments and invoices', async () => {
    mockApi(customerPageApi());
    renderDetail();
    expect((await screen.findByTestId('detail-email')).textContent).toBe('ada@example.com');
    expect(screen.getByTestId('detail-reference').textContent).toBe('cust-ada');
    expect(screen.getByTestId('detail-address').textContent).toContain('1 Analytical Way');
    expect(within(screen.getByTestId('customer-payments')).getByText('No payments yet')).toBeTruthy();
    expect(within(screen.getByTestId('customer-invoices')).getByText('No invoices yet')).toBeTruthy();
  });

  it('edits the customer in a dialog and sends the changed fields', async () => {
    const calls = mockApi(
      customerPageApi({}, (route) =>
        route.startsWith('PATCH') ? ok(customer({ name: 'Ada King' }), 'Customer updated.') : undefined,
      ),
    );
    renderDetail();
    fireEvent.click(await screen.findByTestId('customer-edit'));
    const name = (await screen.findByTestId('customer-name')) as HTMLInputElement;
    expect(name.value).toBe('Ada Lovelace');
    fireEvent.change(name, { target: { value: 'Ada King' } });
    fireEvent.change(screen.getByTestId('customer-phone'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('customer-submit'));
    expect(await sentBody(calls, `PATCH /customer/${ID}/`)).toEqual({
      name: 'Ada King',
      email: 'ada@example.com',
      phone: null,
      reference: 'cust-ada',
      locale: null,
      billing_address: {
        line1: '1 Analytical Way',
        line2: '',
        city: 'London',
        state: '',
        postal_code: 'N1',
        country: 'GB',
      },
    });
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Customer updated.'));
  });

  it('deletes only after the confirmation, then goes back to the list', async () => {
    const calls = mockApi(
      customerPageApi({}, (route) => (route.startsWith('DELETE') ? ok(null, 'Customer deleted.') : undefined)),
    );
    renderDetail();
    await declineThenConfirm(
      () => screen.findByTestId('customer-delete'),
      () => calls.some((c) => c.method === 'delete'),
    );
    await waitForCall(calls, `DELETE /customer/${ID}/`);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/customers'));
  });

  it('shows a clerk with view only no Edit or Delete', async () => {
    mockApi(customerPageApi());
    renderDetail({ user: makeClerk(), access: accessOf({ [APP.VIRTUAL_TERMINAL]: [1] }) });
    await screen.findByTestId('detail-email');
    expect(screen.queryByTestId('customer-edit')).toBeNull();
    expect(screen.queryByTestId('customer-delete')).toBeNull();
  });
});
