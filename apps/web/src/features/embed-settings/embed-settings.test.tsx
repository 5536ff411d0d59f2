import type { EmbedDetails } from '@kassa/contract/embed';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, fail, mockApi, ok, routeOf } from '../../test/mock-api.ts';
import { renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { normalizeDomain } from './components/domain-chips.tsx';
import { EmbedSettingsPage } from './embed-settings-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const { showToast, confirmDialog } = await import('../../lib/toast.ts');

const MERCHANT = '3f2e1d0c-0000-4000-8000-000000000001';
const details = (over: Partial<EmbedDetails> = {}): EmbedDetails => ({
  merchant_id: MERCHANT,
  allowed_domains: ['shop.example.com'],
  allowed_segments: ['PR'],
  embed_token: 'emb_old',
  embed_url: `http://localhost:8080/embed?token=emb_old&merchant_id=${MERCHANT}`,
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

beforeEach(() => vi.clearAllMocks());

describe('Embed settings', () => {
  it('adds and removes domains, picks segments and saves them', async () => {
    const calls = mockApi((config) => {
      if (routeOf(config) === 'GET /auth/embed-data/') return ok([details()]);
      if (routeOf(config) === 'POST /auth/embed-data/')
        return ok(
          details({ allowed_domains: ['localhost'], allowed_segments: ['PR', 'INV'] }),
          'Embed settings saved.',
        );
      return fail(404, 'not_found', 'no mock');
    });
    renderMerchantPage(<EmbedSettingsPage />);
    expect((await screen.findByTestId('domain-chip')).textContent).toContain('shop.example.com');
    expect((screen.getByTestId('segment-PR') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText(/Invoices/)).toBeTruthy();

    fireEvent.change(screen.getByTestId('domain-input'), { target: { value: 'https://shop/path' } });
    fireEvent.click(screen.getByTestId('domain-add'));
    fireEvent.change(screen.getByTestId('domain-input'), { target: { value: 'not a host!' } });
    fireEvent.click(screen.getByTestId('domain-add'));
    expect(await screen.findByText('Enter a host name such as shop.example.com (no https:// or path)')).toBeTruthy();
    fireEvent.change(screen.getByTestId('domain-input'), { target: { value: 'http://localhost:8082/page' } });
    fireEvent.click(screen.getByTestId('domain-add'));
    fireEvent.click(screen.getByLabelText('Remove shop.example.com'));
    fireEvent.click(screen.getByLabelText('Remove shop'));
    fireEvent.click(screen.getByTestId('segment-INV'));
    fireEvent.click(screen.getByTestId('embed-save'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Embed settings saved.'));
    expect(bodyOf(calls.find((c) => routeOf(c) === 'POST /auth/embed-data/')!)).toEqual({
      allowed_domains: ['localhost'],
      allowed_segments: ['PR', 'INV'],
    });
  });

  it('shows the token and a snippet on the embed URL, and regenerates only after confirming', async () => {
    let current = details();
    const calls = mockApi((config) => {
      if (routeOf(config) === 'GET /auth/embed-data/') return ok([current]);
      if (routeOf(config) === 'POST /auth/embed-token/') {
        current = details({
          embed_token: 'emb_new',
          embed_url: `http://localhost:8080/embed?token=emb_new&merchant_id=${MERCHANT}`,
        });
        return ok({ embed_token: 'emb_new', embed_url: current.embed_url }, 'A new embed token was generated.');
      }
      return fail(404, 'not_found', 'no mock');
    });
    renderMerchantPage(<EmbedSettingsPage />);
    expect(((await screen.findByTestId('embed-token')) as HTMLInputElement).value).toBe('emb_old');
    expect((screen.getByTestId('embed-snippet') as HTMLTextAreaElement).value).toBe(
      `<iframe src="http://localhost:8080/embed?token=emb_old&amp;merchant_id=${MERCHANT}" title="Kassa" width="100%" height="800" style="border:0" allow="payment" referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
    );
    expect(screen.getByTestId('frame-ancestors-note').textContent).toContain('frame-ancestors');

    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    fireEvent.click(screen.getByTestId('embed-token-regenerate'));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalledTimes(1));
    expect(calls.some((c) => routeOf(c) === 'POST /auth/embed-token/')).toBe(false);

    vi.mocked(confirmDialog).mockResolvedValueOnce(true);
    fireEvent.click(screen.getByTestId('embed-token-regenerate'));
    await waitFor(() => expect((screen.getByTestId('embed-token') as HTMLInputElement).value).toBe('emb_new'));
    expect(showToast).toHaveBeenCalledWith('success', 'A new embed token was generated.');
  });

  it('asks for a first save before there is a token', async () => {
    mockApi(() => ok([details({ allowed_domains: [], allowed_segments: [], embed_token: null, embed_url: null })]));
    renderMerchantPage(<EmbedSettingsPage />);
    expect(await screen.findByTestId('embed-token-missing')).toBeTruthy();
    expect(screen.queryByTestId('embed-snippet')).toBeNull();
    // No token yet: nothing to regenerate.
    expect(screen.queryByTestId('embed-token-regenerate')).toBeNull();
  });

  it('refuses to save without any allowed section, and says why', async () => {
    const calls = mockApi(() =>
      ok([
        details({ allowed_domains: ['shop.example.com'], allowed_segments: [], embed_token: null, embed_url: null }),
      ]),
    );
    renderMerchantPage(<EmbedSettingsPage />);
    fireEvent.click(await screen.findByTestId('embed-save'));
    expect((await screen.findByTestId('segments-error')).textContent).toBe(
      'Choose at least one section the embedded portal may open.',
    );
    expect(calls.some((call) => call.method === 'post')).toBe(false);
  });

  it('reduces pasted addresses to their host name', () => {
    expect(normalizeDomain(' Shop.Example.com ')).toBe('shop.example.com');
    expect(normalizeDomain('https://shop.example.com:8443/page?x')).toBe('shop.example.com');
    expect(normalizeDomain('*.example.com')).toBe('*.example.com');
    expect(normalizeDomain('shop.example.com/page')).toBeNull();
    expect(normalizeDomain('')).toBeNull();
  });
});
