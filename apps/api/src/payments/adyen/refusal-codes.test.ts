// Adyen's refusals as Kassa's decline codes, row by row from docs.adyen.com "Refusal reasons" and
// "Raw acquirer responses", and the soft decline coming out of the Adyen and Stripe connectors alike.
import { describe, expect, it } from 'vitest';
import { declineOf } from '../stripe/stripe-errors.ts';
import { declineCodeForRefusal } from './refusal-codes.ts';
import { ADYEN_BUYER_MESSAGES, adyenDecline } from './refusal-messages.ts';

describe('Adyen refusal reasons → decline codes', () => {
  it.each([
    ['Refused', 'card_declined'],
    ['Referral', 'do_not_honor'],
    ['Acquirer Error', 'issuer_unavailable'],
    ['Blocked Card', 'transaction_not_allowed'],
    ['Expired Card', 'expired_card'],
    ['Invalid Card Number', 'incorrect_number'],
    ['Issuer Unavailable', 'issuer_unavailable'],
    ['Not supported', 'transaction_not_allowed'],
    ['3D Not Authenticated', 'authentication_failed'],
    ['Not enough balance', 'insufficient_funds'],
    ['Acquirer Fraud', 'fraudulent'],
    ['Cancelled', 'canceled'],
    ['Shopper Cancelled', 'canceled'],
    ['FRAUD', 'fraudulent'],
    ['FRAUD-CANCELLED', 'fraudulent'],
    ['Transaction Not Permitted', 'transaction_not_allowed'],
    ['CVC Declined', 'incorrect_cvc'],
    ['Restricted Card', 'transaction_not_allowed'],
    ['Declined Non Generic', 'card_declined'],
    ['Withdrawal amount exceeded', 'card_velocity_exceeded'],
    ['Withdrawal count exceeded', 'card_velocity_exceeded'],
    ['Issuer Suspected Fraud', 'fraudulent'],
    ['AVS Declined', 'card_declined'],
    ['Authentication required', 'authentication_required'],
    ['3DS Authentication Error', 'authentication_failed'],
    ['A reason Adyen adds later', 'card_declined'],
  ])('%s → %s', (reason, code) => {
    expect(declineCodeForRefusal(reason)).toBe(code);
  });

  it('reads the raw acquirer response code when the account sends it, whatever its words', () => {
    expect(declineCodeForRefusal('Refused', '05 : Do not honor')).toBe('do_not_honor');
    expect(declineCodeForRefusal('Refused', '5 : Do not honour')).toBe('do_not_honor');
    expect(declineCodeForRefusal('Not enough balance', '51: Insufficient funds/over credit limit')).toBe(
      'insufficient_funds',
    );
    expect(declineCodeForRefusal('Refused', 'DECLINED 51 : Insufficient funds')).toBe('insufficient_funds');
    expect(declineCodeForRefusal('Refused', '1A : Additional customer authentication required')).toBe(
      'authentication_required',
    );
    expect(declineCodeForRefusal('Expired Card', '54 : Expired card')).toBe('expired_card');
    expect(declineCodeForRefusal('CVC Declined', 'N7 : Decline for CVV2 failure')).toBe('incorrect_cvc');
    // A raw response Kassa does not know leaves the refusal reason to speak.
    expect(declineCodeForRefusal('Not enough balance', '99 : Something new')).toBe('insufficient_funds');
    // Mastercard's 65 is read as a limit unless Adyen says the issuer wants authentication.
    expect(declineCodeForRefusal('Refused', '65 : Exceeds withdrawal count limit')).toBe('card_velocity_exceeded');
    expect(declineCodeForRefusal('Authentication required', '65 : Exceeds withdrawal count limit')).toBe(
      'authentication_required',
    );
  });

  it('tells the buyer the grouped message, never the raw reason', () => {
    expect(adyenDecline('psp', 'Refused', '05 : Do not honor')).toMatchObject({
      declineCode: 'do_not_honor',
      declineReason: ADYEN_BUYER_MESSAGES.declined,
    });
    expect(adyenDecline('psp', 'Not enough balance')).toMatchObject({
      declineCode: 'insufficient_funds',
      declineReason: ADYEN_BUYER_MESSAGES.funds,
    });
    expect(adyenDecline('psp', 'Refused')).not.toHaveProperty('authenticationRequired');
  });
});

describe('a soft decline on a merchant-initiated charge', () => {
  it('comes out of the Adyen and the Stripe connector the same', () => {
    const adyen = adyenDecline('psp', 'Authentication required');
    const stripe = declineOf({ code: 'authentication_required', decline_code: 'authentication_required' });
    expect(adyen).toMatchObject({ declineCode: 'authentication_required', authenticationRequired: true });
    expect(stripe).toMatchObject({ declineCode: 'authentication_required', authenticationRequired: true });
    expect(declineCodeForRefusal(undefined, '1A')).toBe(stripe.declineCode);
  });

  it('maps Stripe’s decline codes onto the same list', () => {
    expect(declineOf({ code: 'card_declined', decline_code: 'insufficient_funds' }).declineCode).toBe(
      'insufficient_funds',
    );
    expect(declineOf({ code: 'card_declined', decline_code: 'do_not_honor' }).declineCode).toBe('do_not_honor');
    expect(declineOf({ code: 'card_declined', decline_code: 'generic_decline' }).declineCode).toBe('card_declined');
    expect(declineOf({ code: 'expired_card' }).declineCode).toBe('expired_card');
    expect(declineOf({ code: 'payment_intent_authentication_failure' }).declineCode).toBe('authentication_failed');
    expect(declineOf(null).declineCode).toBe('card_declined');
  });
});
