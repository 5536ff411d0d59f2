// The platform's merchant pages as a German-speaking admin reads them (docs/i18n.md): the words, the
// hub statuses, the amounts and the dates in German, from the catalogue the portal loads for German.

import { loadPortalCatalogue, portalEnglish } from '@kassa/contract/i18n/portal-catalogue';
import { createTranslator } from '@kassa/contract/i18n/translate';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import {
  hubActivatedAudit,
  merchantDetail,
  merchantListItem,
  pageOf,
  pathOf,
  platformAdmin,
} from '../../test/back-office.tsx';
import { fail, mockApi, ok } from '../../test/mock-api.ts';
import { renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { MerchantDetailPage } from './merchant-detail-page.tsx';
import { MerchantsPage } from './merchants-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const { confirmDialog } = await import('../../lib/toast.ts');

const german = { locale: 'de' as const, t: createTranslator('de', await loadPortalCatalogue('de'), portalEnglish) };
const inGerman = (page: ReactNode) => <I18nProvider value={german}>{page}</I18nProvider>;

const merchant = merchantListItem();

// The owner has not accepted the invitation yet, and no payment service is set up.
const detail = merchantDetail({}, { owner: { invitation_pending: true }, provider_connections: [] });
const audit = hubActivatedAudit(merchant.id);

describe('Merchants in German', () => {
  it('lists merchants with German headings, filters, hub statuses and dates', async () => {
    mockApi((config) => {
      const path = pathOf(config);
      if (path === '/admin/merchant/') {
        return ok(
          pageOf(
            [merchant, merchantListItem({ id: 'm-2', name: 'Bolt Bikes', master_merchant_name: 'Acme Group' })],
            45,
          ),
        );
      }
      if (path === '/connection/industry-type/' || path === '/admin/merchant/super-merchant/') return ok(pageOf([]));
      return fail(404, 'not_found', `No mock for ${path}`);
    });
    renderMerchantPage(inGerman(<MerchantsPage />), { user: platformAdmin, path: '/merchants' });
    const rows = await screen.findAllByTestId('merchant-row');
    expect(screen.getByRole('heading', { name: 'Händler' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Händler registrieren' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('columnheader', { name: 'Kontakt' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Nicht gesperrt' })).toBeTruthy();
    expect(within(rows[0]!).getByTitle('Payment Hub: Aktiv')).toBeTruthy();
    expect(within(rows[0]!).getByTitle('Financing Hub: In Prüfung')).toBeTruthy();
    expect(within(rows[0]!).getByText('15. Jan. 2026')).toBeTruthy();
    expect(within(rows[1]!).getByText('Unterhändler von Acme Group')).toBeTruthy();
    expect(screen.getByTestId('pagination-summary').textContent).toBe('1–20 von 45 Händler');
  });

  it('shows a merchant with German labels, a German amount and history, and asks in German before blocking', async () => {
    mockApi((config) => {
      const path = pathOf(config);
      if (path === `/admin/merchant/${merchant.id}/`) return ok(detail);
      if (path === `/admin/merchant/${merchant.id}/audit/`) return ok(audit);
      return fail(404, 'not_found', `No mock for ${path}`);
    });
    renderMerchantPage(
      inGerman(
        <Routes>
          <Route path="/merchant-detail/:id" element={<MerchantDetailPage />} />
        </Routes>,
      ),
      { user: platformAdmin, path: `/merchant-detail/${merchant.id}` },
    );
    expect((await screen.findByTestId('merchant-name')).textContent).toBe('Acme Outfitters');
    expect(screen.getByRole('heading', { name: 'Händlerdetails' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Unternehmensprofil' })).toBeTruthy();
    expect(screen.getByText('Haupthändler von 1')).toBeTruthy();
    const users = screen.getByTestId('merchant-users');
    expect(within(users).getByText('Inhaber')).toBeTruthy();
    expect(within(users).getByText('Einladung ausstehend')).toBeTruthy();
    expect(within(users).getByText('Nie')).toBeTruthy();
    expect(screen.getByTestId('merchant-providers').textContent).toContain('Noch kein Anbieter eingerichtet.');
    const transactions = screen.getByTestId('merchant-transactions');
    expect(transactions.textContent).toContain('1.234,56\u00a0$');
    expect(within(transactions).getByText('Karte')).toBeTruthy();
    expect(transactions.textContent).toContain('17. Jan. 2026');

    const history = await screen.findByTestId('audit-row');
    expect(history.textContent).toContain('Hub-Status geändert');
    expect(history.textContent).toContain('Payment Hub: Ausstehend → Aktiv – „KYC passed“');

    vi.mocked(confirmDialog).mockResolvedValue(false);
    fireEvent.click(screen.getByTestId('block-merchant'));
    await waitFor(() =>
      expect(confirmDialog).toHaveBeenLastCalledWith(
        expect.objectContaining({
          title: 'Acme Outfitters sperren?',
          confirmButtonText: 'Ja, Händler sperren',
          cancelButtonText: 'Nein, behalten',
        }),
      ),
    );
  });
});
