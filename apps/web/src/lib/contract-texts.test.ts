// Texts the API supplies in English, as a French or Spanish portal user reads them (docs/i18n.md): the anti-fraud
// rules' reasons kept on a payment, the names of the account-security actions in the audit trail.
import { AUDIT_ACTION_LABEL } from '@kassa/contract/audit';
import { loadPortalCatalogue, portalEnglish } from '@kassa/contract/i18n/portal-catalogue';
import { createTranslator } from '@kassa/contract/i18n/translate';
import { describe, expect, it } from 'vitest';
import { auditActionName, fraudReasonText } from './contract-texts.ts';
import { portalEnglishI18n } from './use-portal-i18n.ts';

const french = createTranslator('fr', await loadPortalCatalogue('fr'), portalEnglish);
const spanish = createTranslator('es', await loadPortalCatalogue('es'), portalEnglish);

describe('texts the API supplies', () => {
  it('gives the anti-fraud reasons in the reader’s language, the window’s minutes kept', () => {
    expect(fraudReasonText('Too many payments with this card in the last 10 minutes.', french)).toBe(
      'Trop de paiements avec cette carte au cours des 10 dernières minutes.',
    );
    expect(fraudReasonText('The billing country differs from the card’s country.', spanish)).toBe(
      'El país de facturación no coincide con el de la tarjeta.',
    );
    expect(fraudReasonText('The amount is unusually high.', portalEnglishI18n.t)).toBe('The amount is unusually high.');
    expect(fraudReasonText('A reason a later rule words', french)).toBe('A reason a later rule words');
  });

  it('names the sign-in and session actions of the audit trail in the reader’s language', () => {
    const name = (action: string, t = french) => auditActionName(action, AUDIT_ACTION_LABEL[action] ?? action, t);
    expect(name('totp.enabled')).toBe('Application d’authentification configurée');
    expect(name('passkey.added', spanish)).toBe('Llave de acceso añadida');
    expect(name('session.signed_out_everywhere')).toBe('Déconnexion partout');
    expect(name('session.signed_out_everywhere', portalEnglishI18n.t)).toBe('Signed out everywhere');
  });
});
