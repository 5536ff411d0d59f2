// The API's error messages as a portal user reads them (docs/i18n.md): in their language where the
// envelope's code or the API's fixed wording says what happened, as the API wrote them otherwise and in
// English; the client's own network failures in the user's language.
import { loadPortalCatalogue, portalEnglish } from '@kassa/contract/i18n/portal-catalogue';
import { createTranslator } from '@kassa/contract/i18n/translate';
import { LOCAL_RECEIVER_HINT } from '@kassa/contract/webhooks';
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi } from '../test/mock-api.ts';
import { apiErrorMessage, apiGet } from './api-client.ts';
import { declineReason, fieldErrorText } from './api-error-text.ts';
import type { I18n } from './i18n.tsx';
import { portalEnglishI18n, setActivePortalI18n } from './use-portal-i18n.ts';

const inLocale = async (locale: 'de' | 'fr' | 'es'): Promise<I18n> => ({
  locale,
  t: createTranslator(locale, await loadPortalCatalogue(locale), portalEnglish),
});
const french = await inLocale('fr');
const spanish = await inLocale('es');

/** The toast text of a call the API refuses with `code` and `message`. */
async function refusal(code: string, status: number, message: string) {
  mockApi(() => fail(status, code, message), { anyRoute: true });
  const error = await apiGet('/x/').catch((e: unknown) => e);
  return apiErrorMessage(error, 'fallback');
}

/** The toast texts of calls the API refuses, one by one. */
async function toasts(refusals: [code: string, status: number, message: string][]) {
  const texts: string[] = [];
  for (const [code, status, message] of refusals) texts.push(await refusal(code, status, message));
  return texts;
}

/** The toast text of a call that got no answer (axios's own error code). */
async function noAnswer(axiosCode: string) {
  mockApi(
    (config) => {
      throw new AxiosError('Network Error', axiosCode, config);
    },
    { anyRoute: true },
  );
  const error = await apiGet('/x/').catch((e: unknown) => e);
  return apiErrorMessage(error, 'fallback');
}

afterEach(() => {
  setActivePortalI18n(portalEnglishI18n);
  vi.restoreAllMocks();
});

describe('API errors in the portal user’s language', () => {
  it('words sign-in, session and second-factor errors the API words in English', async () => {
    setActivePortalI18n(french);
    expect(
      await toasts([
        ['unauthorized', 401, 'Incorrect e-mail or password.'],
        ['unauthorized', 401, 'Your session has expired. Please sign in again.'],
        ['invalid_input', 400, 'That code is not correct. 2 tries left.'],
        ['invalid_input', 400, 'That code is not correct. 1 try left.'],
        ['rate_limited', 429, 'Wait 20 seconds before asking for a new code.'],
      ]),
    ).toEqual([
      'Adresse e-mail ou mot de passe incorrect.',
      'Votre session a expiré. Veuillez vous reconnecter.',
      'Ce code est incorrect. 2 essais restants.',
      'Ce code est incorrect. 1 essai restant.',
      'Attendez 20 secondes avant de demander un nouveau code.',
    ]);
  });

  it('gives a code’s own text where the code says what happened', async () => {
    setActivePortalI18n(spanish);
    expect(
      await toasts([
        ['not_found', 404, 'This invoice does not exist.'],
        ['forbidden', 403, 'Only the owner and staff can invite staff users.'],
        ['rate_limited', 429, 'Too many sign-in attempts for this account. Try again in 5 minutes.'],
        ['invalid_input', 400, 'Enter the business name'],
      ]),
    ).toEqual([
      'Este elemento no existe o se ha eliminado.',
      'No tienes permiso para hacer eso.',
      'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
      'Introduce el nombre de la empresa',
    ]);
  });

  it('keeps a business rule’s or a conflict’s own English sentence, which no code could say better', async () => {
    setActivePortalI18n(french);
    expect(await refusal('business_rule', 422, 'Invoice already paid')).toBe('Invoice already paid');
    expect(await refusal('conflict', 409, 'A product with this name already exists.')).toBe(
      'A product with this name already exists.',
    );
  });

  it('shows an English reader the API’s own message', async () => {
    expect(await refusal('not_found', 404, 'This invoice does not exist.')).toBe('This invoice does not exist.');
  });

  it('words a timeout, a lost connection and being offline in the user’s language', async () => {
    setActivePortalI18n(spanish);
    expect(await noAnswer('ECONNABORTED')).toBe('El servidor tardó demasiado en responder. Inténtalo de nuevo.');
    expect(await noAnswer('ERR_NETWORK')).toBe(
      'No se pudo conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.',
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await noAnswer('ERR_NETWORK')).toBe(
      'No tienes conexión. Vuelve a conectarte a internet e inténtalo de nuevo.',
    );
  });

  it('words a field error and a decline reason the portal knows', () => {
    expect(fieldErrorText('The current password is not correct.', french)).toBe(
      'Le mot de passe actuel est incorrect.',
    );
    expect(fieldErrorText('Something only this API says', french)).toBe('Something only this API says');
    expect(declineReason('insufficient_funds', 'Insufficient funds', french)).toBe(
      'Les fonds de la carte sont insuffisants.',
    );
    expect(declineReason('insufficient_funds', 'Insufficient funds', portalEnglishI18n)).toBe('Insufficient funds');
    // No decline code (a payment before codes were kept): the processor's known sentence gives one; other words
    // are quoted inside a sentence of the reader's language, never shown alone in English.
    expect(declineReason(null, 'Card declined: too many payments with this card.', french)).toBe(
      'Trop de paiements avec cette carte pour le moment.',
    );
    expect(declineReason(null, 'Blocked by the acquirer (R7)', french)).toBe(
      'Le paiement a été refusé. Le prestataire de paiement a indiqué : « Blocked by the acquirer (R7) »',
    );
    expect(declineReason(null, 'Blocked by the acquirer (R7)', portalEnglishI18n)).toBe('Blocked by the acquirer (R7)');
    expect(
      declineReason(
        'authentication_required',
        'The card’s bank wants the customer to approve this payment. We e-mailed them a link to pay it themselves.',
        spanish,
      ),
    ).toBe(
      'El banco de la tarjeta quiere que el cliente apruebe este pago. Le hemos enviado por correo un enlace para que lo pague él mismo.',
    );
    expect(declineReason(null, 'Replaced by a new payment attempt before it was approved.', french)).toBe(
      'Remplacé par une nouvelle tentative de paiement avant d’avoir été approuvé.',
    );
    expect(declineReason(null, 'Insufficient funds', french)).toBe('Les fonds de la carte sont insuffisants.');
  });

  it('words a sentence whose count is a plural, in each language’s plural rules', async () => {
    const german = await inLocale('de');
    setActivePortalI18n(german);
    expect(
      await toasts([
        ['business_rule', 422, 'Acme Holding still has 1 sub-merchant. Remove them first.'],
        ['business_rule', 422, 'Acme Holding still has 3 sub-merchants. Remove them first.'],
        ['business_rule', 422, '"Retail" is used by 1 merchant and cannot be deleted.'],
        ['business_rule', 422, '"Retail" is used by 2 financial connections and cannot be deleted.'],
        [
          'business_rule',
          422,
          '"Retail and Food" is used by 2 merchants and 1 financial connection and cannot be deleted.',
        ],
      ]),
    ).toEqual([
      'Acme Holding hat noch 1 Unterhändler. Entfernen Sie diese zuerst.',
      'Acme Holding hat noch 3 Unterhändler. Entfernen Sie diese zuerst.',
      '„Retail“ wird von 1 Händler verwendet und kann nicht gelöscht werden.',
      '„Retail“ wird von 2 Finanzverbindungen verwendet und kann nicht gelöscht werden.',
      '„Retail and Food“ wird von 2 Händlern und 1 Finanzverbindung verwendet und kann nicht gelöscht werden.',
    ]);
    setActivePortalI18n(french);
    expect(await refusal('business_rule', 422, 'Acme still has 2 sub-merchants. Remove them first.')).toBe(
      'Acme a encore 2 sous-marchands. Supprimez-les d’abord.',
    );
    setActivePortalI18n(spanish);
    expect(await refusal('business_rule', 422, '"Retail" is used by 1 merchant and cannot be deleted.')).toBe(
      '«Retail» se usa en 1 comercio y no se puede eliminar.',
    );
    setActivePortalI18n(portalEnglishI18n);
    expect(await refusal('business_rule', 422, 'Acme still has 2 sub-merchants. Remove them first.')).toBe(
      'Acme still has 2 sub-merchants. Remove them first.',
    );
  });

  it('says a refund’s or a capture’s limit with the amount in the reader’s format', async () => {
    setActivePortalI18n(french);
    expect(fieldErrorText('At most $1,234.50', french)).toBe('1\u202f234,50\u00a0$US au maximum');
    expect(fieldErrorText('At most €5.00', spanish)).toBe('Como máximo 5,00\u00a0€');
    expect(fieldErrorText('At most 100 characters', french)).toBe('100 caractères au maximum');
    expect(await refusal('business_rule', 422, 'The refund is more than the €12.00 that can still be refunded.')).toBe(
      'Le remboursement dépasse les 12,00\u00a0€ qui peuvent encore être remboursés.',
    );
    expect(await refusal('business_rule', 422, 'You can capture at most the ¥1,500 authorized.')).toBe(
      'Vous pouvez capturer au maximum les 1\u202f500\u00a0JPY autorisés.',
    );
  });

  it('words a rule or a conflict whose sentence names a value, the value kept', async () => {
    setActivePortalI18n(spanish);
    expect(
      await toasts([
        ['business_rule', 422, 'This card expired at the end of 05/27. Ask the customer for another card.'],
        ['conflict', 409, 'An industry type named "Retail" already exists.'],
        ['business_rule', 422, 'Acme has been removed and can no longer be changed.'],
      ]),
    ).toEqual([
      'Esta tarjeta caducó a finales de 05/27. Pide otra tarjeta al cliente.',
      'Ya existe un sector llamado «Retail».',
      'Acme se ha eliminado y ya no se puede modificar.',
    ]);
    expect(fieldErrorText('The deposit is more than the invoice total of £40.00.', french)).toBe(
      'L’acompte dépasse le total de la facture de 40,00\u00a0£GB.',
    );
  });

  it('words a refused webhook URL, its address and the hint on trying webhooks locally', () => {
    expect(fieldErrorText(`The host name shop.example could not be found. ${LOCAL_RECEIVER_HINT}`, spanish)).toBe(
      'No se encontró el nombre de host shop.example. Para probar los webhooks en este equipo, ' +
        'inicia Kassa con KASSA_WEBHOOKS_ALLOW_PRIVATE=true y usa un receptor en http://localhost:<port>/…; ' +
        'después pulsa «Enviar evento de prueba».',
    );
    expect(
      fieldErrorText('Webhook URLs must point to a public address; 10.0.0.1 is a private network address.', french),
    ).toBe('Les URL de webhook doivent pointer vers une adresse publique ; 10.0.0.1 est une adresse de réseau privé.');
  });
});
