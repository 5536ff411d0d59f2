import type { EmbedDetails } from '@kassa/contract/embed';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, fail, mockApi, ok, routeOf } from '../../test/mock-api.ts';
import { renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { normalizeDomain } from './components/domain-chips.tsx';
import { EmbedSettingsPage } from './embed-settings-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn() }));
const { showToast } = await import('../../lib/toast.ts');

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

  it('explains the one-time embed session: an API key with embed:write, the server call, the iframe', async () => {
    const calls = mockApi(() => ok([details({ allowed_domains: ['*.partners.example', 'shop.example.com'] })]));
    renderMerchantPage(<EmbedSettingsPage />);
    const how = await screen.findByTestId('embed-how');
    expect(how.textContent).toContain('embed:write');
    expect(within(how).getByRole('link', { name: 'Developers' }).getAttribute('href')).toBe('/developers');
    const call = (screen.getByTestId('embed-server-call') as HTMLTextAreaElement).value;
    expect(call).toContain('/apiv1/embed/sessions/');
    expect(call).toContain('Authorization: Bearer $KASSA_API_KEY');
    expect(call).toContain('{"domain": "shop.example.com"}');
    expect((screen.getByTestId('embed-snippet') as HTMLTextAreaElement).value).toContain('src="{embed_url}"');
    expect(screen.getByTestId('embed-merchant-id').textContent).toBe(MERCHANT);
    // The settings token no longer opens the portal, so the page neither shows nor rotates it.
    expect(document.body.textContent).not.toContain('emb_old');
    expect(screen.queryByTestId('embed-token-regenerate')).toBeNull();
    fireEvent.click(screen.getByTestId('embed-server-call-copy'));
    expect(calls.some((c) => routeOf(c) === 'POST /auth/embed-token/')).toBe(false);
  });

  it('reduces pasted addresses to their host name', () => {
    expect(normalizeDomain(' Shop.Example.com ')).toBe('shop.example.com');
    expect(normalizeDomain('https://shop.example.com:8443/page?x')).toBe('shop.example.com');
    expect(normalizeDomain('*.example.com')).toBe('*.example.com');
    expect(normalizeDomain('shop.example.com/page')).toBeNull();
    expect(normalizeDomain('')).toBeNull();
  });
});
