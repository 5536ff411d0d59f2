import type { ApiKey } from '@kassa/contract/developers';
import { API_KEY_SCOPES } from '@kassa/contract/developers';
import { portalEnglish } from '@kassa/contract/i18n/portal-catalogue';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, fail, mockApi, ok, routeOf } from '../../test/mock-api.ts';
import { accessOf, makeOwner, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { apiKey } from './developers-fixtures.ts';
import { DevelopersPage } from './developers-page.tsx';

const SECRET_SHOWN_ONCE = portalEnglish['developers.secret.shownOnce'];
const DEVELOPERS_OWNERS_ONLY = portalEnglish['developers.ownersOnly'];

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../lib/clipboard.ts', () => ({ copyToClipboard: vi.fn() }));
const { showToast, confirmDialog } = await import('../../lib/toast.ts');
const { copyToClipboard } = await import('../../lib/clipboard.ts');

const SECRET = `sk_live_${'A'.repeat(39)}wxyz`;
beforeEach(() => vi.clearAllMocks());

describe('Developers page', () => {
  it('lists keys with mode, prefix…last 4, scopes, created and last used, and never a secret', async () => {
    mockApi((config) => {
      if (routeOf(config) === 'GET /developers/api-keys/')
        return ok({
          results: [
            apiKey(),
            apiKey({ id: 'key-2', name: 'Payouts', mode: 'live', last_used_at: '2026-11-02T09:30:00.000Z' }),
          ],
        });
      return fail(404, 'not_found', 'no mock');
    });
    renderMerchantPage(<DevelopersPage />);
    const rows = await screen.findAllByTestId('api-key-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('api-key-mode').textContent).toBe('Test');
    expect(within(rows[1]!).getByTestId('api-key-mode').textContent).toBe('Live');
    expect(within(rows[0]!).getByTestId('api-key-masked').textContent).toBe('sk_test_AbCd…Wx9z');
    expect(within(rows[0]!).getByTestId('api-key-scopes').textContent).toBe('products:read, invoices:write');
    expect(within(rows[0]!).getByTestId('api-key-last-used').textContent).toBe('Never');
    expect(within(rows[1]!).getByTestId('api-key-last-used').textContent).not.toBe('Never');
    expect(screen.queryByTestId('secret-value')).toBeNull();
  });

  it('creates a key from the scope table and shows its secret once, with a copy button', async () => {
    let keys: ApiKey[] = [];
    const calls = mockApi((config) => {
      if (routeOf(config) === 'GET /developers/api-keys/') return ok({ results: keys });
      if (routeOf(config) === 'POST /developers/api-keys/') {
        const created = apiKey({ name: 'Invoicing', mode: 'live', scopes: ['invoices:read', 'invoices:write'] });
        keys = [created];
        return { status: 201, data: { status: 'success', result: { ...created, secret: SECRET } } };
      }
      return fail(404, 'not_found', 'no mock');
    });
    renderMerchantPage(<DevelopersPage />);
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('api-key-create'));
    for (const s of API_KEY_SCOPES) expect(screen.getByTestId(`scope-${s.scope}`)).toBeTruthy();

    fireEvent.click(screen.getByTestId('create-key-submit'));
    expect((await screen.findByTestId('create-key-error')).textContent).toBe('Give the key a name.');
    fireEvent.change(screen.getByTestId('key-name'), { target: { value: 'Invoicing' } });
    fireEvent.click(screen.getByTestId('create-key-submit'));
    expect((await screen.findByTestId('create-key-error')).textContent).toBe('Choose at least one scope.');
    expect(calls.filter((c) => routeOf(c) === 'POST /developers/api-keys/')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('key-mode-live'));
    fireEvent.click(screen.getByTestId('scope-invoices:read'));
    fireEvent.click(screen.getByTestId('scope-invoices:write'));
    fireEvent.click(screen.getByTestId('create-key-submit'));
    expect(((await screen.findByTestId('secret-value')) as HTMLInputElement).value).toBe(SECRET);
    expect(screen.getByTestId('secret-warning').textContent).toBe(SECRET_SHOWN_ONCE);
    expect(bodyOf(calls.find((c) => routeOf(c) === 'POST /developers/api-keys/')!)).toEqual({
      name: 'Invoicing',
      mode: 'live',
      scopes: ['invoices:read', 'invoices:write'],
    });
    fireEvent.click(screen.getByTestId('secret-copy'));
    expect(copyToClipboard).toHaveBeenCalledWith(SECRET, 'Secret');

    fireEvent.click(screen.getByTestId('secret-done'));
    await waitFor(() => expect(screen.queryByTestId('secret-value')).toBeNull());
    expect((await screen.findByTestId('api-key-masked')).textContent).toBe('sk_test_AbCd…Wx9z');
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('counts the name as a person sees it: 100 emoji are a name of 100 characters, 101 are one too many', async () => {
    const calls = mockApi((config) => {
      if (routeOf(config) === 'GET /developers/api-keys/') return ok({ results: [] });
      if (routeOf(config) === 'POST /developers/api-keys/')
        return {
          status: 201,
          data: { status: 'success', result: { ...apiKey({ name: '👍'.repeat(100) }), secret: SECRET } },
        };
      return fail(404, 'not_found', 'no mock');
    });
    renderMerchantPage(<DevelopersPage />);
    fireEvent.click(await screen.findByTestId('api-key-create'));
    const field = screen.getByTestId('key-name') as HTMLInputElement;
    // No code-unit cap on the field: a browser would stop 100 emoji at 50.
    expect(field.maxLength).toBe(-1);
    fireEvent.change(field, { target: { value: '👍'.repeat(101) } });
    fireEvent.click(screen.getByTestId('scope-products:read'));
    fireEvent.click(screen.getByTestId('create-key-submit'));
    expect((await screen.findByTestId('create-key-error')).textContent).toBe('At most 100 characters.');
    expect(calls.filter((c) => routeOf(c) === 'POST /developers/api-keys/')).toHaveLength(0);
    fireEvent.change(field, { target: { value: '👍'.repeat(100) } });
    fireEvent.click(screen.getByTestId('create-key-submit'));
    expect(((await screen.findByTestId('secret-value')) as HTMLInputElement).value).toBe(SECRET);
    expect(bodyOf(calls.find((c) => routeOf(c) === 'POST /developers/api-keys/')!)).toMatchObject({
      name: '👍'.repeat(100),
    });
  });

  it('shows the server’s refusal of a new key', async () => {
    mockApi((config) => {
      if (routeOf(config) === 'GET /developers/api-keys/') return ok({ results: [] });
      return fail(400, 'invalid_input', 'Name: At most 100 characters');
    });
    renderMerchantPage(<DevelopersPage />);
    fireEvent.click(await screen.findByTestId('api-key-create'));
    fireEvent.change(screen.getByTestId('key-name'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('scope-products:read'));
    fireEvent.click(screen.getByTestId('create-key-submit'));
    expect((await screen.findByTestId('create-key-error')).textContent).toBe('Name: At most 100 characters');
  });

  it('rolls with the chosen overlap and shows the new secret once; the old key shows when it stops', async () => {
    let keys = [apiKey()];
    const calls = mockApi((config) => {
      if (routeOf(config) === 'GET /developers/api-keys/') return ok({ results: keys });
      if (routeOf(config) === 'POST /developers/api-keys/key-1/roll/') {
        const next = apiKey({ id: 'key-2', prefix: 'sk_test_EfGh', last4: 'Qr5t', rolled_from_id: 'key-1' });
        keys = [next, apiKey({ expires_at: '2026-11-08T10:00:00.000Z' })];
        return ok({ ...next, secret: SECRET });
      }
      return fail(404, 'not_found', 'no mock');
    });
    renderMerchantPage(<DevelopersPage />);
    fireEvent.click(await screen.findByTestId('api-key-roll'));
    for (const hours of [0, 1, 24, 168]) expect(screen.getByTestId(`overlap-${hours}`)).toBeTruthy();
    fireEvent.click(screen.getByTestId('overlap-168'));
    fireEvent.click(screen.getByTestId('roll-key-submit'));
    expect(((await screen.findByTestId('secret-value')) as HTMLInputElement).value).toBe(SECRET);
    expect(bodyOf(calls.find((c) => routeOf(c) === 'POST /developers/api-keys/key-1/roll/')!)).toEqual({
      overlap_hours: 168,
    });
    fireEvent.click(screen.getByTestId('secret-done'));
    await waitFor(() => expect(screen.getAllByTestId('api-key-row')).toHaveLength(2));
    const old = screen.getAllByTestId('api-key-row')[1]!;
    expect(within(old).getByTestId('api-key-expires').textContent).toContain('Rolled: stops working');
    // A rolled key is not rolled again; its replacement is.
    expect(within(old).queryByTestId('api-key-roll')).toBeNull();
  });

  it('deletes only after confirming', async () => {
    let keys = [apiKey()];
    const calls = mockApi((config) => {
      if (routeOf(config) === 'GET /developers/api-keys/') return ok({ results: keys });
      if (routeOf(config) === 'DELETE /developers/api-keys/key-1/') {
        keys = [];
        return ok(null, 'API key deleted. Requests with it are refused from now on.');
      }
      return fail(404, 'not_found', 'no mock');
    });
    renderMerchantPage(<DevelopersPage />);
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    fireEvent.click(await screen.findByTestId('api-key-delete'));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalledTimes(1));
    expect(vi.mocked(confirmDialog).mock.calls[0]![0].text).toContain('sk_test_AbCd…Wx9z');
    expect(calls.filter((c) => routeOf(c).startsWith('DELETE'))).toHaveLength(0);

    vi.mocked(confirmDialog).mockResolvedValueOnce(true);
    fireEvent.click(screen.getByTestId('api-key-delete'));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('success', 'API key deleted. Requests with it are refused from now on.'),
    );
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
  });

  it('is for owners and staff: a sub-user sees why and nothing is requested', async () => {
    const calls = mockApi(() => ok({ results: [] }));
    renderMerchantPage(<DevelopersPage />, { user: makeOwner({ role: 3 }), access: accessOf({ 8: [1, 2, 3, 4] }) });
    expect((await screen.findByTestId('developers-refused')).textContent).toBe(DEVELOPERS_OWNERS_ONLY);
    expect(calls).toHaveLength(0);
  });
});
