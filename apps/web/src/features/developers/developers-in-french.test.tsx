// The Developers page as a French-speaking merchant reads it (docs/i18n.md): the texts the contract
// supplies — API key scope descriptions, webhook event descriptions, the local-receiver hint, a schema's
// validation message — in French, and the key list's dates in the French format.
import { loadPortalCatalogue, portalEnglish } from '@kassa/contract/i18n/portal-catalogue';
import { createTranslator } from '@kassa/contract/i18n/translate';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { setPaymentMode } from '../../lib/payment-mode.ts';
import { fail, mockApi, ok, routeOf } from '../../test/mock-api.ts';
import { renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { apiKey } from './developers-fixtures.ts';
import { DevelopersPage } from './developers-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));

const french = { locale: 'fr' as const, t: createTranslator('fr', await loadPortalCatalogue('fr'), portalEnglish) };
const inFrench = (page: ReactNode) => <I18nProvider value={french}>{page}</I18nProvider>;

const key = apiKey({ mode: 'live', scopes: ['products:read'], prefix: 'sk_live_AbCd' });

beforeEach(() => {
  vi.clearAllMocks();
  setPaymentMode('test');
  mockApi((config) => {
    const route = routeOf(config);
    if (route === 'GET /developers/api-keys/') return ok({ results: [key] });
    if (route === 'GET /developers/webhook-endpoints/?mode=test') return ok([]);
    return fail(404, 'not_found', `No mock for ${route}`);
  });
});

describe('Developers in French', () => {
  it('describes each scope in French, dates the keys the French way and words a schema’s rule in French', async () => {
    renderMerchantPage(inFrench(<DevelopersPage />));
    const row = await screen.findByTestId('api-key-row');
    expect(row.textContent).toContain('1 nov. 2026');

    fireEvent.click(screen.getByTestId('api-key-create'));
    const dialog = await screen.findByTestId('create-key-dialog');
    expect(within(dialog).getByTestId('scope-products:read').closest('.form-check')?.textContent).toContain(
      'Lister et lire les produits',
    );
    expect(dialog.textContent).toContain('Débiter les cartes enregistrées des clients du mode de la clé');
    expect(dialog.textContent).not.toContain('List and read products');

    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: 'x'.repeat(101) } });
    fireEvent.click(within(dialog).getByTestId('scope-products:read'));
    fireEvent.click(within(dialog).getByTestId('create-key-submit'));
    expect((await within(dialog).findByTestId('create-key-error')).textContent).toBe('100 caractères au maximum.');
  });

  it('describes each webhook event in French and says how to try webhooks locally', async () => {
    renderMerchantPage(inFrench(<DevelopersPage />));
    fireEvent.click(await screen.findByTestId('webhook-add'));
    const form = await screen.findByTestId('webhook-endpoint-form');
    expect(within(form).getByTestId('webhook-url-help').textContent).toContain(
      'Pour essayer les webhooks sur cette machine, démarrez Kassa avec KASSA_WEBHOOKS_ALLOW_PRIVATE=true',
    );
    fireEvent.click(within(form).getByTestId('webhook-events-all'));
    expect(within(form).getByTestId('webhook-event-invoice.paid').closest('.form-check')?.textContent).toContain(
      'Une facture a été payée : son solde dû est à zéro.',
    );
  });
});
