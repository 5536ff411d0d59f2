import type { MerchantProfile } from '@kassa/contract/auth';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, fail, mockApi, ok, routeOf } from '../../test/mock-api.ts';
import { makeOwner, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { SetupPage } from './setup-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn() }));
const { showToast, toastApiError } = await import('../../lib/toast.ts');

const profile: MerchantProfile = {
  id: 'm-1',
  name: 'Acme Outfitters',
  email: 'hello@acme.example',
  phone: '+14155550123',
  address: '1200 Market Street',
  city: 'San Francisco',
  state: 'CA',
  zip_code: '94102',
  country: 'US',
  default_currency: 'USD',
  website: 'https://acme.example',
  logo: null,
  industry_type_id: null,
  industry_type_name: 'Retail',
  master_merchant_id: null,
  master_merchant_logo: null,
  payment_hub_status: 3,
  finance_hub_status: 3,
};

describe('Setup page', () => {
  it('saves the business profile and toasts the server message (spec 7)', async () => {
    const calls = mockApi((config) =>
      routeOf(config) === 'PATCH /auth/merchant-profile/'
        ? ok({ ...profile, city: 'Oakland' }, 'Business profile updated.')
        : ok(profile),
    );
    renderMerchantPage(<SetupPage />);
    const city = await screen.findByTestId('setup-city');
    expect((screen.getByTestId('setup-phone') as HTMLInputElement).value).toBe('+1 415 555 0123');
    fireEvent.change(city, { target: { value: 'Oakland' } });
    fireEvent.click(screen.getByTestId('setup-submit'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Business profile updated.'));
    const patch = bodyOf(calls.find((c) => routeOf(c) === 'PATCH /auth/merchant-profile/')!);
    expect(patch).toMatchObject({ city: 'Oakland', country: 'US', email: 'hello@acme.example' });
  });

  it('falls back to "Unable to update Business Profile." when the server sends no message (spec 8)', async () => {
    mockApi((config) =>
      routeOf(config) === 'PATCH /auth/merchant-profile/' ? { status: 500, data: {} } : ok(profile),
    );
    renderMerchantPage(<SetupPage />);
    fireEvent.change(await screen.findByTestId('setup-city'), { target: { value: 'Oakland' } });
    fireEvent.click(screen.getByTestId('setup-submit'));
    await waitFor(() => expect(toastApiError).toHaveBeenCalledWith({}, 'Unable to update Business Profile.'));
  });

  it('shows the server’s field error and validates before sending', async () => {
    const calls = mockApi((config) =>
      routeOf(config) === 'PATCH /auth/merchant-profile/'
        ? fail(400, 'invalid_input', 'Enter a valid phone number', [
            { path: 'phone', message: 'Enter a valid phone number' },
          ])
        : ok(profile),
    );
    renderMerchantPage(<SetupPage />);
    fireEvent.change(await screen.findByTestId('setup-website'), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByTestId('setup-submit'));
    expect(await screen.findByText('Enter a full web address (https://…)')).toBeTruthy();
    expect(calls.some((c) => c.method === 'patch')).toBe(false);

    fireEvent.change(screen.getByTestId('setup-website'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('setup-phone'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('setup-submit'));
    expect(await screen.findByText('Enter a valid phone number')).toBeTruthy();
  });

  it('shows a sub-user the profile without a save button', async () => {
    mockApi(() => ok(profile));
    renderMerchantPage(<SetupPage />, { user: makeOwner({ role: 3 }) });
    await screen.findByTestId('setup-city');
    expect(screen.queryByTestId('setup-submit')).toBeNull();
  });
});
