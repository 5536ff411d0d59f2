// The Developers page as a German-speaking merchant reads it (docs/i18n.md): API keys, webhooks and
// their delivery log in German, dates in German, from the catalogue the portal loads for German.
import { loadPortalCatalogue, portalEnglish } from '@kassa/contract/i18n/portal-catalogue';
import { createTranslator } from '@kassa/contract/i18n/translate';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { setPaymentMode } from '../../lib/payment-mode.ts';
import { fail, mockApi, ok, routeOf } from '../../test/mock-api.ts';
import { renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { DELIVERIES_PAGE_SIZE } from './api/webhooks-api.ts';
import { apiKey, ENDPOINT_ID, webhookDelivery, webhookEndpoint } from './developers-fixtures.ts';
import { DevelopersPage } from './developers-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const { confirmDialog } = await import('../../lib/toast.ts');

const german = { locale: 'de' as const, t: createTranslator('de', await loadPortalCatalogue('de'), portalEnglish) };
const inGerman = (page: ReactNode) => <I18nProvider value={german}>{page}</I18nProvider>;

// A replaced live key, still working until December 2030.
const key = apiKey({
  mode: 'live',
  scopes: ['products:read'],
  prefix: 'sk_live_AbCd',
  expires_at: '2030-12-05T12:00:00.000Z',
});

beforeEach(() => {
  vi.clearAllMocks();
  setPaymentMode('test');
});

describe('Developers in German', () => {
  it('shows keys, webhooks and the delivery log in German, with German dates', async () => {
    mockApi((config) => {
      const route = routeOf(config);
      if (route === 'GET /developers/api-keys/') return ok({ results: [key] });
      if (route === 'GET /developers/webhook-endpoints/?mode=test') return ok([webhookEndpoint()]);
      if (route?.startsWith(`GET /developers/webhook-endpoints/${ENDPOINT_ID}/deliveries/`))
        return ok({ count: 1, page: 1, page_size: DELIVERIES_PAGE_SIZE, results: [webhookDelivery()] });
      return fail(404, 'not_found', `No mock for ${route}`);
    });
    renderMerchantPage(inGerman(<DevelopersPage />));

    const row = await screen.findByTestId('api-key-row');
    expect(screen.getByRole('heading', { name: 'Entwickler' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'API-Schlüssel' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Zuletzt verwendet' })).toBeTruthy();
    expect(within(row).getByTestId('api-key-last-used').textContent).toBe('Nie');
    expect(within(row).getByTestId('api-key-expires').textContent).toMatch(
      /^Ersetzt: funktioniert nicht mehr ab 5\. Dez\. 2030, \d\d:00$/,
    );
    expect(row.textContent).toContain('1. Nov. 2026');
    expect(screen.getByRole('button', { name: 'Schlüssel erstellen' })).toBeTruthy();

    const hook = await screen.findByTestId('webhook-endpoint');
    expect(screen.getByTestId('webhooks-mode').textContent).toBe('Test-Endpunkte');
    expect(within(hook).getByTestId('webhook-endpoint-events').textContent).toBe('Alle Ereignisse');
    expect(within(hook).getByRole('button', { name: 'Testereignis senden' })).toBeTruthy();

    fireEvent.click(within(hook).getByTestId('webhook-log-toggle'));
    const sent = await within(hook).findByTestId('webhook-delivery-row');
    expect(sent.textContent).toContain('fehlgeschlagen');
    expect(sent.textContent).toContain('13 Versuche');
    expect(sent.textContent).toContain('1.11.2026');
    expect(within(hook).getByRole('button', { name: 'Zustellungen ausblenden' })).toBeTruthy();

    vi.mocked(confirmDialog).mockResolvedValue(false);
    fireEvent.click(within(hook).getByTestId('webhook-delete'));
    expect(confirmDialog).toHaveBeenLastCalledWith({
      title: 'Diesen Endpunkt löschen?',
      text: 'https://shop.example.com/hooks erhält sofort keine Ereignisse mehr, und sein Zustellprotokoll wird gelöscht.',
      confirmButtonText: 'Ja, löschen',
      cancelButtonText: 'Nein, behalten',
    });
  });
});
