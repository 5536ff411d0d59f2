import type { IndustryType } from '@kassa/contract/industry-types';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { backOfficeSession, pageOf, queryOf, renderBackOffice, staffAdmin } from '../../test/back-office.tsx';
import { declineThenConfirm } from '../../test/confirm-flow.ts';
import { bodyOf, fail, ok, routeOf } from '../../test/mock-api.ts';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const toast = await import('../../lib/toast.ts');

const retail: IndustryType = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  name: 'Retail',
  description: 'Shops',
  merchant_count: 2,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => vi.clearAllMocks());

describe('Industry types', () => {
  it('lists the API rows and sends search and sort', async () => {
    const calls = backOfficeSession({ 'GET /connection/industry-type/': () => ok(pageOf([retail])) });
    renderBackOffice('/industry-types');
    expect((await screen.findByTestId('industry-type-row')).textContent).toContain('Retail');
    const last = () => queryOf(calls.filter((c) => c.url?.startsWith('/connection/industry-type/?')).at(-1)!);
    expect(last().get('sort_by')).toBe('name');
    fireEvent.change(screen.getByTestId('industry-type-search'), { target: { value: 'ret' } });
    await waitFor(() => expect(last().get('search')).toBe('ret'));
    fireEvent.click(screen.getByTestId('sort-name'));
    await waitFor(() => expect(last().get('sort_by')).toBe('-name'));
  });

  it('creates one from the modal after validating the name', async () => {
    const calls = backOfficeSession({
      'GET /connection/industry-type/': () => ok(pageOf([retail])),
      'POST /connection/industry-type/': () => ok({ ...retail, name: 'Bicycles' }, 'Industry type created.'),
    });
    renderBackOffice('/industry-types');
    fireEvent.click(await screen.findByTestId('new-industry-type'));
    fireEvent.click(await screen.findByTestId('industry-type-submit'));
    expect(await screen.findByText('Enter a name')).toBeTruthy();
    fireEvent.change(screen.getByTestId('industry-type-name'), { target: { value: 'Bicycles' } });
    fireEvent.click(screen.getByTestId('industry-type-submit'));
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('success', 'Industry type created.'));
    const post = calls.find((c) => routeOf(c) === 'POST /connection/industry-type/')!;
    expect(bodyOf(post)).toEqual({ name: 'Bicycles', description: '' });
  });

  it('deletes only after confirming, and shows the "in use" message', async () => {
    const calls = backOfficeSession({
      'GET /connection/industry-type/': () => ok(pageOf([retail])),
      [`DELETE /connection/industry-type/${retail.id}/`]: () =>
        fail(422, 'business_rule', 'Retail is used by 2 merchants and cannot be deleted.'),
    });
    renderBackOffice('/industry-types');
    await declineThenConfirm(
      () => screen.findByTestId('delete-industry-type'),
      () => calls.some((c) => c.method === 'delete'),
    );
    await waitFor(() => expect(toast.toastApiError).toHaveBeenCalled());
    expect(vi.mocked(toast.toastApiError).mock.calls[0]![0]).toMatchObject({
      message: 'Retail is used by 2 merchants and cannot be deleted.',
    });
  });

  it('is read-only for a staff admin', async () => {
    backOfficeSession(
      { 'GET /connection/industry-type/': () => ok(pageOf([retail])) },
      { user: staffAdmin, permissions: { view_industry_type: 1 } },
    );
    renderBackOffice('/industry-types');
    await screen.findByTestId('industry-type-row');
    expect(screen.queryByTestId('new-industry-type')).toBeNull();
    expect(screen.queryByTestId('delete-industry-type')).toBeNull();
  });
});
