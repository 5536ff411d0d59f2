import type { MerchantProfile } from '@kassa/contract/auth';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { merchantProfile } from '../../test/merchant-profile.ts';
import { bodyOf, fail, type MockReply, mockApi, ok, routeOf, sentBody, waitForCall } from '../../test/mock-api.ts';
import { makeOwner, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { SetupPage } from './setup-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn() }));
const { showToast, toastApiError } = await import('../../lib/toast.ts');

const profile = merchantProfile({ website: 'https://acme.example', industry_type_name: 'Retail' });

describe('Setup page', () => {
  it('saves the business profile and toasts the server message (docs/product-rules.md#api-calls)', async () => {
    const calls = mockApi((config) =>
      routeOf(config) === 'PATCH /auth/merchant-profile/'
        ? ok({ ...profile, city: 'Oakland' }, 'Business profile updated.')
        : routeOf(config) === 'GET /auth/profile/'
          ? ok(makeOwner())
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

  it('saves the choice to match returning buyers by e-mail', async () => {
    const calls = mockApi((config) =>
      routeOf(config) === 'PATCH /auth/merchant-profile/'
        ? ok({ ...profile, match_customers_by_email: true }, 'Business profile updated.')
        : routeOf(config) === 'GET /auth/profile/'
          ? ok(makeOwner())
          : ok(profile),
    );
    renderMerchantPage(<SetupPage />);
    const toggle = (await screen.findByLabelText('Match returning buyers by e-mail')) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByTestId('setup-submit'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Business profile updated.'));
    const patch = bodyOf(calls.find((c) => routeOf(c) === 'PATCH /auth/merchant-profile/')!);
    expect(patch).toMatchObject({ match_customers_by_email: true });
  });

  it('saves the tax ID and turning receipt e-mails to buyers off', async () => {
    const calls = mockApi((config) =>
      routeOf(config) === 'PATCH /auth/merchant-profile/'
        ? ok({ ...profile, email_receipts: false, tax_id: 'DE123456789' }, 'Business profile updated.')
        : routeOf(config) === 'GET /auth/profile/'
          ? ok(makeOwner())
          : ok(profile),
    );
    renderMerchantPage(<SetupPage />);
    const receipts = (await screen.findByLabelText('E-mail receipts to buyers')) as HTMLInputElement;
    expect(receipts.checked).toBe(true);
    fireEvent.click(receipts);
    fireEvent.change(screen.getByLabelText('Tax ID'), { target: { value: ' DE123456789 ' } });
    fireEvent.click(screen.getByTestId('setup-submit'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Business profile updated.'));
    const patch = bodyOf(calls.find((c) => routeOf(c) === 'PATCH /auth/merchant-profile/')!);
    expect(patch).toMatchObject({ email_receipts: false, tax_id: 'DE123456789' });
  });

  it('falls back to "Unable to update Business Profile." when the server sends no message (docs/product-rules.md#error-messages)', async () => {
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

  describe('logo', () => {
    const uploaded = '/apiv1/uploads/0b6f2c1e-4d3a-4c5b-9e8f-7a6b5c4d3e2f.png';
    const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    const logoApi = (current: MerchantProfile, patchReply?: (body: Record<string, unknown>) => MockReply) =>
      mockApi((config) => {
        const route = routeOf(config);
        if (route === 'POST /uploads/image/?purpose=logo') {
          return ok({ url: uploaded, content_type: 'image/png', size: 4 });
        }
        if (route === 'PATCH /auth/merchant-profile/') {
          const body = bodyOf(config);
          return patchReply?.(body) ?? ok({ ...current, ...body }, 'Business profile updated.');
        }
        if (route === 'GET /auth/profile/') return ok(makeOwner());
        return ok(current);
      });

    it('uploads a logo for the owner, previews it and saves its path with the profile', async () => {
      const calls = logoApi(profile);
      renderMerchantPage(<SetupPage />);
      expect(await screen.findByTestId('setup-logo-empty')).toBeTruthy();
      fireEvent.change(screen.getByTestId('setup-logo-input'), { target: { files: [png()] } });
      const preview = (await screen.findByTestId('setup-logo')) as HTMLImageElement;
      expect(preview.getAttribute('src')).toBe(uploaded);
      const upload = calls.find((c) => routeOf(c) === 'POST /uploads/image/?purpose=logo')!;
      expect((upload.data as FormData).get('file')).toBeInstanceOf(File);
      expect(screen.getByTestId('setup-logo-unsaved')).toBeTruthy();

      fireEvent.click(screen.getByTestId('setup-submit'));
      await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Business profile updated.'));
      expect(bodyOf(calls.find((c) => routeOf(c) === 'PATCH /auth/merchant-profile/')!).logo).toBe(uploaded);
      // The header reads the logo from the session profile: it is asked for again after the save.
      await waitForCall(calls, 'GET /auth/profile/');
      expect(screen.queryByTestId('setup-logo-unsaved')).toBeNull();
    });

    it('removes the logo by saving null', async () => {
      const calls = logoApi({ ...profile, logo: uploaded });
      renderMerchantPage(<SetupPage />);
      fireEvent.click(await screen.findByTestId('setup-logo-remove'));
      expect(screen.queryByTestId('setup-logo')).toBeNull();
      fireEvent.click(screen.getByTestId('setup-submit'));
      expect((await sentBody(calls, 'PATCH /auth/merchant-profile/')).logo).toBeNull();
    });

    it('leaves an unchanged logo out of the patch', async () => {
      const calls = logoApi({ ...profile, logo: 'data:image/svg+xml;base64,PHN2Zy8+' });
      renderMerchantPage(<SetupPage />);
      fireEvent.change(await screen.findByTestId('setup-city'), { target: { value: 'Oakland' } });
      fireEvent.click(screen.getByTestId('setup-submit'));
      expect(await sentBody(calls, 'PATCH /auth/merchant-profile/')).not.toHaveProperty('logo');
    });

    it('refuses a file that is not an image before uploading it', async () => {
      const calls = logoApi(profile);
      renderMerchantPage(<SetupPage />);
      const pdf = new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' });
      fireEvent.change(await screen.findByTestId('setup-logo-input'), { target: { files: [pdf] } });
      expect((await screen.findByTestId('setup-logo-error')).textContent).toBe('Upload a PNG, JPEG or WebP image.');
      expect(calls.some((c) => c.url?.startsWith('/uploads/'))).toBe(false);
    });

    it('shows the server’s refusal of the logo next to it', async () => {
      logoApi(profile, () =>
        fail(400, 'invalid_input', 'Upload the image first', [{ path: 'logo', message: 'Upload the image first' }]),
      );
      renderMerchantPage(<SetupPage />);
      fireEvent.change(await screen.findByTestId('setup-logo-input'), { target: { files: [png()] } });
      await screen.findByTestId('setup-logo');
      fireEvent.click(screen.getByTestId('setup-submit'));
      expect((await screen.findByTestId('setup-logo-error')).textContent).toBe('Upload the image first');
      expect(toastApiError).toHaveBeenCalled();
    });

    it('gives a sub-user no way to change it', async () => {
      logoApi({ ...profile, logo: uploaded });
      renderMerchantPage(<SetupPage />, { user: makeOwner({ role: 3 }) });
      await screen.findByTestId('setup-logo');
      expect(screen.queryByTestId('setup-logo-input')).toBeNull();
      expect(screen.queryByTestId('setup-logo-remove')).toBeNull();
    });
  });
});
