import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backOfficeSession, pageOf, renderBackOffice } from '../../test/back-office.tsx';
import { ok } from '../../test/mock-api.ts';

describe('Sub-merchants', () => {
  it('lists master merchants and opens one to show its sub-merchants', async () => {
    const calls = backOfficeSession({
      'GET /admin/merchant/super-merchant/': () =>
        ok(pageOf([{ id: 'm-1', name: 'Acme Outfitters', logo: null, sub_merchant_count: 1 }])),
      'GET /admin/merchant/m-1/sub-merchants/': () =>
        ok(
          pageOf([
            {
              id: 'm-2',
              name: 'Bolt Bikes',
              email: 'hello@bolt.example',
              logo: null,
              payment_hub_status: 3,
              finance_hub_status: 1,
              is_blocked: false,
              created_at: '2026-01-01T00:00:00.000Z',
            },
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
