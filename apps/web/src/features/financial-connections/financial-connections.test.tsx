import type { FinancialConnectionView } from '@kassa/contract/financing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { backOfficeSession, pageOf, queryOf, renderBackOffice } from '../../test/back-office.tsx';
import { declineThenConfirm } from '../../test/confirm-flow.ts';
import { bodyOf, fail, ok, routeOf } from '../../test/mock-api.ts';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const toast = await import('../../lib/toast.ts');

const RETAIL = '9b0a6f3c-0000-4000-8000-000000000001';
const BIKES = '9b0a6f3c-0000-4000-8000-000000000002';
const industries = pageOf([
  {
    id: RETAIL,
    name: 'Retail',
    description: '',
    merchant_count: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  },
  {
    id: BIKES,
    name: 'Bicycles',
    description: '',
    merchant_count: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  },
]);
const capital: FinancialConnectionView = {
  id: '5e4d3c2b-0000-4000-8000-000000000001',
  name: 'Demo Capital',
  description: 'Working capital',
  logo: null,
  sso_url: 'https://capital.example/sso',
  shared_secret_masked: '••••••••a1b2',
  industry_type_ids: [RETAIL],
  industry_types: [{ id: RETAIL, name: 'Retail' }],
  is_active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};
const LIST = 'GET /admin/merchant/financial-connection/';
const routes = (extra = {}) => ({
  [LIST]: () => ok(pageOf([capital])),
  'GET /connection/industry-type/': () => ok(industries),
  ...extra,
});

beforeEach(() => vi.clearAllMocks());

describe('Financial connections', () => {
  it('lists the partners and sends the search and the industry filter', async () => {
    const calls = backOfficeSession(routes());
    renderBackOffice('/financial-connections');
    expect((await screen.findByTestId('fc-row')).textContent).toContain('Demo Capital');
    const last = () => queryOf(calls.filter((c) => c.url?.startsWith('/admin/merchant/financial-connection/')).at(-1)!);
    fireEvent.change(screen.getByTestId('fc-search'), { target: { value: 'demo' } });
    await waitFor(() => expect(last().get('search')).toBe('demo'));
    await screen.findByRole('option', { name: 'Bicycles' });
    fireEvent.change(screen.getByTestId('fc-industry-filter'), { target: { value: BIKES } });
    await waitFor(() => expect(last().get('search_industry')).toBe(BIKES));
    expect(last().get('search')).toBe('demo');
  });

  it('creates one from the modal after validating it', async () => {
    const calls = backOfficeSession(
      routes({ 'POST /admin/merchant/financial-connection/': () => ok(capital, 'Financial connection created.') }),
    );
    renderBackOffice('/financial-connections');
    fireEvent.click(await screen.findByTestId('fc-new'));
    fireEvent.click(await screen.findByTestId('fc-submit'));
    expect(await screen.findByText('Enter the partner name')).toBeTruthy();
    expect(screen.getByText('Choose at least one industry type')).toBeTruthy();
    expect(screen.getByText('The shared secret needs at least 16 characters')).toBeTruthy();

    fireEvent.change(screen.getByTestId('fc-name'), { target: { value: 'Demo Capital' } });
    fireEvent.change(screen.getByTestId('fc-sso-url'), { target: { value: 'http://localhost:8081/sso' } });
    fireEvent.change(screen.getByTestId('fc-secret'), { target: { value: 'demo-partner-shared-secret' } });
    fireEvent.click(screen.getByLabelText('Retail'));
    fireEvent.click(screen.getByTestId('fc-submit'));
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('success', 'Financial connection created.'));
    expect(bodyOf(calls.find((c) => routeOf(c) === 'POST /admin/merchant/financial-connection/')!)).toEqual({
      name: 'Demo Capital',
      description: '',
      logo: null,
      sso_url: 'http://localhost:8081/sso',
      shared_secret: 'demo-partner-shared-secret',
      industry_type_ids: [RETAIL],
      is_active: true,
    });
  });

  it('edits without resending the write-only secret, which shows masked', async () => {
    const calls = backOfficeSession(
      routes({ [`PUT /admin/merchant/financial-connection/${capital.id}/`]: () => ok(capital, 'Updated.') }),
    );
    renderBackOffice('/financial-connections');
    fireEvent.click(await screen.findByTestId('fc-edit'));
    expect((await screen.findByTestId('fc-secret-masked')).textContent).toContain('••••••••a1b2');
    expect((screen.getByTestId('fc-secret') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByTestId('fc-name'), { target: { value: 'Demo Capital Plus' } });
    fireEvent.click(screen.getByTestId('fc-submit'));
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('success', 'Updated.'));
    const put = bodyOf(calls.find((c) => c.method === 'put')!);
    expect(put.name).toBe('Demo Capital Plus');
    expect(put.shared_secret).toBeUndefined();
    expect(put.industry_type_ids).toEqual([RETAIL]);
  });

  it('falls back to "An error occurred" and deletes only after confirming', async () => {
    const calls = backOfficeSession(
      routes({ [`DELETE /admin/merchant/financial-connection/${capital.id}/`]: () => ({ status: 500, data: {} }) }),
    );
    renderBackOffice('/financial-connections');
    await declineThenConfirm(
      () => screen.findByTestId('fc-delete'),
      () => calls.some((c) => c.method === 'delete'),
    );
    await waitFor(() => expect(toast.toastApiError).toHaveBeenCalledWith({}, 'An error occurred'));
  });

  it('shows the server message when a save is refused', async () => {
    backOfficeSession(
      routes({
        [`PUT /admin/merchant/financial-connection/${capital.id}/`]: () =>
          fail(409, 'conflict', 'A partner with this name already exists.'),
      }),
    );
    renderBackOffice('/financial-connections');
    fireEvent.click(await screen.findByTestId('fc-edit'));
    fireEvent.click(await screen.findByTestId('fc-submit'));
    await waitFor(() => expect(toast.toastApiError).toHaveBeenCalled());
    expect(vi.mocked(toast.toastApiError).mock.calls[0]).toEqual([
      expect.objectContaining({ message: 'A partner with this name already exists.' }),
      'An error occurred',
    ]);
  });
});
