import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backOfficeSession, merchantListItem, pageOf, queryOf, renderBackOffice } from '../../test/back-office.tsx';
import { fail, mockApi, ok } from '../../test/mock-api.ts';
import { makeMerchant } from '../../test/render-app.tsx';
import { makeOwner, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { SubMerchantsPage } from './sub-merchants-page.tsx';

describe('Sub-merchants', () => {
  it('lists master merchants and opens one to show its sub-merchants', async () => {
    const calls = backOfficeSession({
      'GET /admin/merchant/super-merchant/': () =>
        ok(pageOf([{ id: 'm-1', name: 'Acme Outfitters', logo: null, sub_merchant_count: 1 }])),
      'GET /admin/merchant/m-1/sub-merchants/': () =>
        ok(
          pageOf([
            merchantListItem({
              id: 'm-2',
              name: 'Bolt Bikes',
              email: 'hello@bolt.example',
              finance_hub_status: 1,
              master_merchant_id: 'm-1',
              master_merchant_name: 'Acme Outfitters',
              sub_merchant_count: 0,
              created_at: '2026-01-01T00:00:00.000Z',
            }),
          ]),
        ),
    });
    renderBackOffice('/sub-merchants');
    const master = await screen.findByTestId('master-row');
    expect(within(master).getByText('Acme Outfitters')).toBeTruthy();
    expect(calls.find((c) => c.url?.startsWith('/admin/merchant/super-merchant/'))?.url).toContain(
      'with_sub_merchants=true',
    );
    expect(screen.queryByTestId('sub-merchant-row')).toBeNull();

    fireEvent.click(within(master).getByTestId('toggle-master'));
    const sub = await screen.findByTestId('sub-merchant-row');
    expect(within(sub).getByText('Bolt Bikes')).toBeTruthy();
    expect(within(sub).getByText('Financing Hub: Pending')).toBeTruthy();
  });
});

describe('Sub-merchants for a master merchant’s own users', () => {
  const master = makeOwner({ merchant: makeMerchant({ is_master: true }) });
  const subs = [
    {
      id: 'm-2',
      name: 'Bolt Bikes',
      logo: null,
      payment_hub_status: 3,
      finance_hub_status: 1,
      created_at: '2026-01-05T10:00:00.000Z',
    },
    {
      id: 'm-3',
      name: 'Cedar Café',
      logo: '/apiv1/uploads/00000000-0000-4000-8000-000000000001.png',
      payment_hub_status: 4,
      finance_hub_status: 3,
      created_at: '2026-02-01T10:00:00.000Z',
    },
  ];

  it('lists its sub-merchants with hub badges and a link to each one’s dashboard', async () => {
    const calls = mockApi(() => ok(pageOf(subs)));
    renderMerchantPage(<SubMerchantsPage />, { user: master, path: '/sub-merchants' });
    const rows = await screen.findAllByTestId('own-sub-merchant-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Bolt Bikes'),
      expect.stringContaining('Cedar Café'),
    ]);
    expect(within(rows[0]!).getByTitle('Payment Hub: Active')).toBeTruthy();
    expect(within(rows[0]!).getByTitle('Financing Hub: Pending')).toBeTruthy();
    expect(within(rows[1]!).getByTitle('Payment Hub: Suspended')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('sub-merchant-dashboard').getAttribute('href')).toBe(
      '/dashboard?merchant_id=m-2',
    );
    expect(calls[0]!.url?.split('?')[0]).toBe('/merchant/sub-merchants/');
    expect(calls.some((c) => c.url?.startsWith('/admin/'))).toBe(false);
    expect(screen.queryByTestId('masters-table')).toBeNull();

    fireEvent.click(within(rows[1]!).getByTestId('sub-merchant-dashboard'));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard?merchant_id=m-3');
  });

  it('searches after typing pauses and sorts by a column', async () => {
    const calls = mockApi(() => ok(pageOf(subs)));
    renderMerchantPage(<SubMerchantsPage />, { user: master, path: '/sub-merchants' });
    await screen.findAllByTestId('own-sub-merchant-row');
    expect(queryOf(calls[0]!).get('sort_by')).toBe('name');
    fireEvent.change(screen.getByTestId('sub-merchant-search'), { target: { value: 'ced' } });
    await waitFor(() => expect(queryOf(calls.at(-1)!).get('search')).toBe('ced'));
    fireEvent.click(screen.getByTestId('sort-created_at'));
    await waitFor(() => expect(queryOf(calls.at(-1)!).get('sort_by')).toBe('created_at'));
  });

  it('shows the empty state when the business has no sub-merchants', async () => {
    mockApi(() => ok(pageOf([])));
    renderMerchantPage(<SubMerchantsPage />, { user: master, path: '/sub-merchants' });
    expect((await screen.findByTestId('list-empty')).textContent).toContain('No sub-merchants yet');
  });

  it('shows the server’s error and loads again on retry', async () => {
    let attempts = 0;
    mockApi(() => {
      attempts += 1;
      return attempts === 1 ? fail(403, 'forbidden', 'You do not have view access to Dashboard.') : ok(pageOf(subs));
    });
    renderMerchantPage(<SubMerchantsPage />, { user: master, path: '/sub-merchants' });
    expect((await screen.findByTestId('list-error')).textContent).toContain(
      'You do not have view access to Dashboard.',
    );
    fireEvent.click(screen.getByTestId('list-retry'));
    expect(await screen.findAllByTestId('own-sub-merchant-row')).toHaveLength(2);
  });
});
