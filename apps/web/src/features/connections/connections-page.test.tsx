import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, fail, mockApi, ok, routeOf } from '../../test/mock-api.ts';
import { renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { ConnectionsPage } from './connections-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const { toastApiError } = await import('../../lib/toast.ts');

const partner = {
  id: '7d1e2f30-0000-4000-8000-000000000001',
  name: 'Demo Capital',
  description: 'Working capital in 24 hours.',
  logo: null,
};

const tab = { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
beforeEach(() => {
  vi.clearAllMocks();
  tab.opener = {};
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
});
afterEach(() => vi.restoreAllMocks());

describe('Connections (Financing Hub)', () => {
  it('lists the partners and opens one through SSO in a new tab without an opener', async () => {
    const calls = mockApi((config) => {
      if (routeOf(config) === 'GET /connection/financial-partners/') return ok([partner]);
      if (routeOf(config) === 'POST /connection/sso-login/')
        return ok({ url: 'http://localhost:8081/welcome/abc', partner_name: 'Demo Capital' });
      return fail(404, 'not_found', 'no mock');
    });
    renderMerchantPage(<ConnectionsPage />);
    expect((await screen.findByTestId('partner-name')).textContent).toBe('Demo Capital');
    expect(screen.getByText('Working capital in 24 hours.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('partner-open'));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith('http://localhost:8081/welcome/abc'));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(bodyOf(calls.find((c) => routeOf(c) === 'POST /connection/sso-login/')!)).toEqual({
      connection_id: partner.id,
    });
  });

  it('toasts the server message on an SSO refusal, else "User not provisioned", and closes the tab', async () => {
    let refusal: { status: number; data: unknown } = {
      status: 422,
      data: { status: 'error', code: 'business_rule', message: 'The partner is down for maintenance.' },
    };
    mockApi((config) => (routeOf(config) === 'GET /connection/financial-partners/' ? ok([partner]) : refusal));
    renderMerchantPage(<ConnectionsPage />);
    fireEvent.click(await screen.findByTestId('partner-open'));
    await waitFor(() => expect(toastApiError).toHaveBeenCalledTimes(1));
    expect(vi.mocked(toastApiError).mock.calls[0]).toEqual([
      expect.objectContaining({ message: 'The partner is down for maintenance.' }),
      'User not provisioned',
    ]);
    expect(tab.close).toHaveBeenCalled();

    // A body without a message falls back to the docs/product-rules.md#error-messages text.
    refusal = { status: 502, data: {} };
    const toast = await vi.importActual<typeof import('../../lib/toast.ts')>('../../lib/toast.ts');
    const fire = vi.spyOn(toast.Toast, 'fire').mockResolvedValue({} as never);
    vi.mocked(toastApiError).mockImplementationOnce(toast.toastApiError);
    await waitFor(() => expect(screen.getByTestId('partner-open').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('partner-open'));
    await waitFor(() => expect(fire).toHaveBeenCalledWith({ icon: 'error', title: 'User not provisioned' }));
  });

  it('says so when no partner serves the industry', async () => {
    mockApi(() => ok([]));
    renderMerchantPage(<ConnectionsPage />);
    expect((await screen.findByTestId('partners-empty')).textContent).toContain(
      'No financing partner serves your industry yet',
    );
  });

  it('opens the partner in this window when no tab can be opened', async () => {
    vi.mocked(window.open).mockReturnValue(null);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    mockApi((config) =>
      routeOf(config) === 'GET /connection/financial-partners/'
        ? ok([partner])
        : ok({ url: 'http://localhost:8081/welcome/xyz', partner_name: 'Demo Capital' }),
    );
    renderMerchantPage(<ConnectionsPage />);
    fireEvent.click(await screen.findByTestId('partner-open'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:8081/welcome/xyz'));
  });
});
