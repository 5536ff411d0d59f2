import type { AdminProviderConnection } from '@kassa/contract/merchants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backOfficeSession, pageOf, queryOf, renderBackOffice } from '../../test/back-office.tsx';
import { ok } from '../../test/mock-api.ts';

const connection: AdminProviderConnection = {
  id: 'pc-1',
  merchant_id: 'm-1',
  merchant_name: 'Acme Outfitters',
  kind: 'anti_fraud',
  provider: 'sandbox',
  enabled: true,
  status: 'failed',
  last_verified_at: null,
  last_verification_message: 'The API key was refused.',
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('All configured providers', () => {
  it('lists every connection and filters by kind and search', async () => {
    const calls = backOfficeSession({ 'GET /admin/provider-connections/': () => ok(pageOf([connection])) });
    renderBackOffice('/all-configured-providers');
    const row = await screen.findByTestId('provider-row');
    expect(within(row).getByText('Anti fraud')).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('The API key was refused.')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();

    const last = () => queryOf(calls.filter((c) => c.url?.startsWith('/admin/provider-connections/?')).at(-1)!);
    fireEvent.change(screen.getByTestId('filter-kind'), { target: { value: 'gift_card' } });
    fireEvent.change(screen.getByTestId('provider-search'), { target: { value: 'acme' } });
    await waitFor(() => expect(last().get('search')).toBe('acme'));
    expect(last().get('kind')).toBe('gift_card');
  });
});
