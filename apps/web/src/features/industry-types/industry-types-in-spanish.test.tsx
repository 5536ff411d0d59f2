// A form validated by the contract's schema, as a Spanish-speaking admin meets it (docs/i18n.md): the
// schema's own message and zod's readable default under the field in Spanish, through the app's
// language provider and the user's profile language.
import { loadPortalCatalogue } from '@kassa/contract/i18n/portal-catalogue';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setActivePortalI18n } from '../../lib/use-portal-i18n.ts';
import { backOfficeSession, pageOf, platformAdmin, renderBackOffice } from '../../test/back-office.tsx';
import { ok } from '../../test/mock-api.ts';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
// The route loads the page and the portal its Spanish catalogue lazily: loaded once here, the first
// render does not wait for the imports.
await Promise.all([import('./industry-types-page.tsx'), loadPortalCatalogue('es')]);

afterEach(async () => {
  const { portalEnglishI18n } = await import('../../lib/use-portal-i18n.ts');
  setActivePortalI18n(portalEnglishI18n);
});

describe('Industry type form in Spanish', () => {
  it('shows the schema’s validation messages in Spanish', async () => {
    backOfficeSession(
      { 'GET /connection/industry-type/': () => ok(pageOf([])) },
      { user: { ...platformAdmin, locale: 'es' } },
    );
    renderBackOffice('/industry-types');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo sector' }, { timeout: 5000 }));
    fireEvent.click(await screen.findByTestId('industry-type-submit'));
    expect(await screen.findByText('Introduce un nombre')).toBeTruthy();
    expect(screen.queryByText('Enter a name')).toBeNull();

    fireEvent.change(screen.getByTestId('industry-type-name'), { target: { value: 'x'.repeat(81) } });
    fireEvent.click(screen.getByTestId('industry-type-submit'));
    expect(await screen.findByText('El nombre es demasiado largo')).toBeTruthy();
  });
});
