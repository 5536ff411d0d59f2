// The Developers page as a French-speaking merchant reads it (docs/i18n.md): the texts the contract
// supplies — API key scope descriptions, webhook event descriptions, the local-receiver hint, a schema's
// validation message, a refused webhook URL, an endpoint action's toast — in French, and the key list's dates
// in the French format.
import { loadPortalCatalogue, portalEnglish } from '@kassa/contract/i18n/portal-catalogue';
import { createTranslator } from '@kassa/contract/i18n/translate';
import { LOCAL_RECEIVER_HINT } from '@kassa/contract/webhooks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { setPaymentMode } from '../../lib/payment-mode.ts';
import { portalEnglishI18n, setActivePortalI18n } from '../../lib/use-portal-i18n.ts';
import { fail, mockApi, ok, routeOf } from '../../test/mock-api.ts';
import { renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { apiKey, ENDPOINT_ID, webhookDelivery, webhookEndpoint } from './developers-fixtures.ts';
import { DevelopersPage } from './developers-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const { showToast } = await import('../../lib/toast.ts');

const french = { locale: 'fr' as const, t: createTranslator('fr', await loadPortalCatalogue('fr'), portalEnglish) };
const inFrench = (page: ReactNode) => <I18nProvider value={french}>{page}</I18nProvider>;

const key = apiKey({ mode: 'live', scopes: ['products:read'], prefix: 'sk_live_AbCd' });

afterEach(() => setActivePortalI18n(portalEnglishI18n));

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

  it('says why the API refused a webhook URL, and what a test event did, in French', async () => {
    const hostNotFound = `The host name shop.example could not be found. ${LOCAL_RECEIVER_HINT}`;
    mockApi((config) => {
      const route = routeOf(config);
      if (route === 'GET /developers/api-keys/') return ok({ results: [] });
      if (route === 'GET /developers/webhook-endpoints/?mode=test') return ok([webhookEndpoint()]);
      if (route === 'POST /developers/webhook-endpoints/')
        return fail(400, 'invalid_input', hostNotFound, [{ path: 'url', message: hostNotFound }]);
      if (route === `POST /developers/webhook-endpoints/${ENDPOINT_ID}/test/`)
        return ok(webhookDelivery({ status: 'pending' }), 'Test event queued.');
      return ok({ count: 0, page: 1, page_size: 10, results: [] });
    });
    renderMerchantPage(inFrench(<DevelopersPage />));
    const sendTest = await screen.findByTestId('webhook-test');
    // Toasts and the API's field errors read the language the app's frame keeps (English in this frame).
    setActivePortalI18n(french);
    fireEvent.click(sendTest);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Événement de test mis en file d’attente.'));

    fireEvent.click(screen.getByTestId('webhook-add'));
    const form = await screen.findByTestId('webhook-endpoint-form');
    fireEvent.change(within(form).getByTestId('webhook-url'), { target: { value: 'https://shop.example/hooks' } });
    fireEvent.click(within(form).getByTestId('webhook-save'));
    await waitFor(() => expect(form.textContent).toContain('Le nom d’hôte shop.example est introuvable.'));
    expect(form.textContent).not.toContain('could not be found');
  });
});
