import type { MerchantListItem } from '@kassa/contract/merchants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backOfficeSession,
  hubActivatedAudit,
  merchantListItem as merchant,
  merchantDetail,
  pageOf,
  queryOf,
  renderBackOffice,
  staffAdmin,
} from '../../test/back-office.tsx';
import { bodyOf, fail, ok, routeOf } from '../../test/mock-api.ts';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const toast = await import('../../lib/toast.ts');
const confirmDialog = vi.mocked(toast.confirmDialog);

const INDUSTRY = '7b0f5a52-54b8-4b47-9d55-8f3fbd1a0c11';
const MASTER = '3c3b1b9e-58f1-4a43-9d4e-2b8a3b1d7f00';

const industries = () =>
  ok(pageOf([{ id: INDUSTRY, name: 'Retail', description: '', merchant_count: 1, created_at: '', updated_at: '' }]));
const masters = () => ok(pageOf([{ id: MASTER, name: 'Acme Group', logo: null, sub_merchant_count: 2 }]));

const listRoutes = (rows: MerchantListItem[]) => ({
  'GET /admin/merchant/': () => ok(pageOf(rows, 45)),
  'GET /connection/industry-type/': industries,
  'GET /admin/merchant/super-merchant/': masters,
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeEach(() => vi.clearAllMocks());

describe('Merchants list', () => {
  it('shows the API rows with hub badges and the phone in international format', async () => {
    backOfficeSession(
      listRoutes([
        merchant(),
        merchant({ id: 'm-2', name: 'Bolt Bikes', is_blocked: true, master_merchant_name: 'Acme Group' }),
      ]),
    );
    renderBackOffice('/merchants');
    const rows = await screen.findAllByTestId('merchant-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Acme Outfitters')).toBeTruthy();
    expect(within(rows[0]!).getByText('+1 415 555 2671')).toBeTruthy();
    expect(within(rows[0]!).getByTitle('Payment Hub: Active')).toBeTruthy();
    expect(within(rows[0]!).getByTitle('Financing Hub: In review')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('blocked-badge')).toBeTruthy();
    expect(within(rows[1]!).getByText('Sub-merchant of Acme Group')).toBeTruthy();
    expect(screen.getByTestId('pagination-summary').textContent).toBe('1–20 of 45 merchants');
  });

  it('sends the search, filters, sort and page to the API', async () => {
    const calls = backOfficeSession(listRoutes([merchant()]));
    renderBackOffice('/merchants');
    await screen.findAllByTestId('merchant-row');
    const lastQuery = () => queryOf(calls.filter((c) => c.url?.startsWith('/admin/merchant/?')).at(-1)!);
    expect(lastQuery().get('sort_by')).toBe('-created_at');

    type('merchant-search', 'acme');
    await waitFor(() => expect(lastQuery().get('search')).toBe('acme'));
    type('filter-payment-hub-status', '3');
    await waitFor(() => expect(lastQuery().get('payment_hub_status')).toBe('3'));
    await screen.findAllByRole('option', { name: 'Retail' });
    type('filter-industry-type', INDUSTRY);
    type('filter-is-blocked', 'true');
    await screen.findAllByRole('option', { name: 'Acme Group' });
    type('filter-master-merchant', MASTER);
    fireEvent.click(screen.getByTestId('sort-name'));
    await waitFor(() => expect(lastQuery().get('sort_by')).toBe('name'));
    fireEvent.click(await screen.findByTestId('pagination-next'));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
    expect(Object.fromEntries(lastQuery())).toEqual({
      page: '2',
      page_size: '20',
      search: 'acme',
      sort_by: 'name',
      payment_hub_status: '3',
      industry_type: INDUSTRY,
      is_blocked: 'true',
      master_merchant: MASTER,
    });
  });

  it('shows the error with a retry, and the empty state with the register action', async () => {
    let failing = true;
    backOfficeSession({
      ...listRoutes([]),
      'GET /admin/merchant/': () => (failing ? fail(500, 'internal', 'Database unavailable') : ok(pageOf([]))),
    });
    renderBackOffice('/merchants');
    expect((await screen.findByTestId('list-error')).textContent).toContain('Database unavailable');
    failing = false;
    fireEvent.click(screen.getByTestId('list-retry'));
    expect((await screen.findByTestId('list-empty')).textContent).toContain('No merchants yet');
    expect(within(screen.getByTestId('list-empty')).getByTestId('register-merchant')).toBeTruthy();
  });
});

describe('Register merchant', () => {
  const fillValidForm = async () => {
    await screen.findAllByRole('option', { name: 'Retail' });
    type('merchant-name', 'Cedar Café');
    type('merchant-email', 'hello@cedar.example');
    type('merchant-phone', '(415) 555-2671');
    type('merchant-city', 'San Francisco');
    type('merchant-industry', INDUSTRY);
    type('merchant-owner-first-name', 'Cleo');
    type('merchant-owner-last-name', 'Cedar');
    type('merchant-owner-email', 'cleo@cedar.example');
  };

  it('checks the fields before anything is sent', async () => {
    const calls = backOfficeSession(listRoutes([merchant()]));
    renderBackOffice('/merchants');
    fireEvent.click(await screen.findByTestId('register-merchant'));
    await screen.findByTestId('merchant-form');
    type('merchant-phone', '12');
    expect((await screen.findByTestId('phone-hint')).textContent).toMatch(/too short|valid phone|wrong number/i);
    fireEvent.click(screen.getByTestId('merchant-form-submit'));
    expect(await screen.findByText('Enter the business name')).toBeTruthy();
    expect(screen.getByText('Choose an industry type')).toBeTruthy();
    expect(screen.getByText('Enter the first name')).toBeTruthy();
    expect(calls.some((c) => routeOf(c) === 'POST /admin/merchant/register/')).toBe(false);
  });

  it('sends the profile and the owner, then opens the new merchant', async () => {
    const created = merchant({ id: 'c0ffee00-0000-4000-8000-000000000009', name: 'Cedar Café' });
    const calls = backOfficeSession({
      ...listRoutes([merchant()]),
      'POST /admin/merchant/register/': () =>
        ok(
          {
            merchant: merchantDetail({ id: created.id, name: created.name }).merchant,
            owner: merchantDetail().users[0],
          },
          'Merchant registered. An invitation was sent to cleo@cedar.example.',
        ),
      [`GET /admin/merchant/${created.id}/`]: () => fail(404, 'not_found', 'Merchant not found.'),
    });
    renderBackOffice('/merchants');
    fireEvent.click(await screen.findByTestId('register-merchant'));
    await fillValidForm();
    expect(screen.getByTestId('phone-hint').textContent).toBe('Saved as +1 415 555 2671');
    fireEvent.click(screen.getByTestId('merchant-form-submit'));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/merchant-detail/${created.id}`));
    const sent = bodyOf(calls.find((c) => routeOf(c) === 'POST /admin/merchant/register/')!);
    expect(sent).toEqual({
      name: 'Cedar Café',
      email: 'hello@cedar.example',
      phone: '(415) 555-2671',
      address: '',
      city: 'San Francisco',
      state: '',
      zip_code: '',
      country: 'US',
      default_currency: 'USD',
      website: null,
      industry_type_id: INDUSTRY,
      logo: null,
      master_merchant_id: null,
      owner: { first_name: 'Cleo', last_name: 'Cedar', email: 'cleo@cedar.example' },
    });
    expect(toast.showToast).toHaveBeenCalledWith(
      'success',
      'Merchant registered. An invitation was sent to cleo@cedar.example.',
    );
  });

  it("shows the server's message and keeps the form open when the register fails", async () => {
    backOfficeSession({
      ...listRoutes([merchant()]),
      'POST /admin/merchant/register/': () =>
        fail(409, 'conflict', 'A user with the e-mail cleo@cedar.example already exists. Use another e-mail address.'),
    });
    renderBackOffice('/merchants');
    fireEvent.click(await screen.findByTestId('register-merchant'));
    await fillValidForm();
    fireEvent.click(screen.getByTestId('merchant-form-submit'));
    await waitFor(() => expect(toast.toastApiError).toHaveBeenCalled());
    expect(vi.mocked(toast.toastApiError).mock.calls[0]![0]).toMatchObject({
      message: 'A user with the e-mail cleo@cedar.example already exists. Use another e-mail address.',
    });
    expect(screen.getByTestId('merchant-form')).toBeTruthy();
  });
});

const auditPage = () => ok(hubActivatedAudit('m'));

describe('Merchant detail', () => {
  const id = merchant().id;
  const detailRoutes = (patch?: () => ReturnType<typeof ok>) => ({
    [`GET /admin/merchant/${id}/`]: () => ok(merchantDetail()),
    [`GET /admin/merchant/${id}/audit/`]: auditPage,
    ...(patch ? { [`PATCH /admin/merchant/${id}/`]: patch } : {}),
  });

  it('shows the profile, users, providers, transactions and history', async () => {
    backOfficeSession(detailRoutes());
    renderBackOffice(`/merchant-detail/${id}`);
    expect((await screen.findByTestId('merchant-name')).textContent).toBe('Acme Outfitters');
    expect(screen.getByTestId('merchant-phone-value').textContent).toBe('+1 415 555 2671');
    expect(within(screen.getByTestId('merchant-users')).getByText('owner@acme.example')).toBeTruthy();
    expect(within(screen.getByTestId('merchant-providers')).getByText('Verified')).toBeTruthy();
    expect(within(screen.getByTestId('merchant-transactions')).getByText('$1,234.56')).toBeTruthy();
    const history = await screen.findByTestId('audit-row');
    expect(history.textContent).toContain('Hub status changed');
    expect(history.textContent).toContain('Payment Hub: Pending → Active — “KYC passed”');
  });

  it('blocks only after the admin confirms, and shows the server message', async () => {
    const calls = backOfficeSession(
      detailRoutes(() => ok(merchantDetail({ is_blocked: true }).merchant, 'Acme Outfitters is blocked.')),
    );
    renderBackOffice(`/merchant-detail/${id}`);
    const patches = () => calls.filter((c) => routeOf(c) === `PATCH /admin/merchant/${id}/`);

    confirmDialog.mockResolvedValueOnce(false);
    fireEvent.click(await screen.findByTestId('block-merchant'));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalledTimes(1));
    expect(confirmDialog.mock.calls[0]![0]).toMatchObject({
      title: 'Block Acme Outfitters?',
      confirmButtonText: 'Yes, block merchant',
    });
    expect(patches()).toHaveLength(0);

    confirmDialog.mockResolvedValueOnce(true);
    fireEvent.click(screen.getByTestId('block-merchant'));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(bodyOf(patches()[0]!)).toEqual({ is_blocked: true });
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('success', 'Acme Outfitters is blocked.'));
  });

  it('changes a hub status with a note', async () => {
    const calls = backOfficeSession({
      ...detailRoutes(),
      [`PATCH /admin/merchant/${id}/hub-status/`]: () =>
        ok(merchantDetail().merchant, 'Financing Hub: In review → Active.'),
    });
    renderBackOffice(`/merchant-detail/${id}`);
    fireEvent.click(await screen.findByTestId('change-hub-finance'));
    type('hub-status-select', '3');
    type('hub-status-note', 'Documents checked');
    fireEvent.click(screen.getByTestId('hub-status-submit'));
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('success', 'Financing Hub: In review → Active.'));
    const sent = calls.find((c) => routeOf(c) === `PATCH /admin/merchant/${id}/hub-status/`)!;
    expect(bodyOf(sent)).toEqual({ hub: 'finance', status: 3, note: 'Documents checked' });
  });

  it('gives a staff admin the same page without any action', async () => {
    backOfficeSession(detailRoutes(), { user: staffAdmin, permissions: { view_merchant: 1 } });
    renderBackOffice(`/merchant-detail/${id}`);
    expect(await screen.findByTestId('merchant-name')).toBeTruthy();
    expect(screen.getByTestId('merchant-users')).toBeTruthy();
    expect(screen.queryByTestId('merchant-actions')).toBeNull();
    expect(screen.queryByTestId('change-hub-payment')).toBeNull();
    expect(screen.queryByTestId('block-merchant')).toBeNull();
  });

  it('hides Register merchant from a staff admin', async () => {
    backOfficeSession(listRoutes([merchant()]), { user: staffAdmin, permissions: { view_merchant: 1 } });
    renderBackOffice('/merchants');
    await screen.findAllByTestId('merchant-row');
    expect(screen.queryByTestId('register-merchant')).toBeNull();
  });
});
