// Adyen's documented test-environment behaviour: the test cards (docs.adyen.com "Test card numbers")
// and the holderName values that trigger a given result (docs.adyen.com "Testing result codes and
// refusal reasons", "Testing with card holder name").

/** Every documented test card expires 03/2030 and has CVC 737 (Amex 7373); other values are refused. */
export const TEST_CARD_EXPIRY = { month: '03', year: '2030' } as const;
export const TEST_CARD_CVC = '737';

export const ADYEN_TEST_CARDS = {
  /** Visa used in Adyen's own refusal-reason examples; authorises. */
  visa: '4111111111111111',
  /** Visa "normal" card; authorises. */
  visaAlternative: '4988438843884305',
  /** Visa enrolled in 3-D Secure 2: answers RedirectShopper (challenge password "password"). */
  visa3ds: '4917610000000000',
  /** Mastercard; authorises. */
  mastercard: '5555444433331111',
} as const;

export const THREE_DS_PASSWORD = 'password';

export interface TestOutcome {
  resultCode: 'Authorised' | 'Refused' | 'Error' | 'Cancelled' | 'Received';
  refusalReason?: string;
  refusalReasonCode?: string;
}

/** Most rows of the table refuse the payment with a reason and its code. */
const refused = (refusalReason: string, refusalReasonCode: string): TestOutcome => ({
  resultCode: 'Refused',
  refusalReason,
  refusalReasonCode,
});

/** holderName → outcome, as in the "Values for testing refusal reasons" table. */
export const HOLDER_NAME_OUTCOMES: Record<string, TestOutcome> = {
  UNKNOWN: { resultCode: 'Error', refusalReason: 'Unknown', refusalReasonCode: '0' },
  APPROVED: { resultCode: 'Authorised' },
  DECLINED: refused('Refused', '2'),
  REFERRAL: refused('Referral', '3'),
  ERROR: { resultCode: 'Error', refusalReason: 'Acquirer Error', refusalReasonCode: '4' },
  BLOCK_CARD: refused('Blocked Card', '5'),
  CARD_EXPIRED: refused('Expired Card', '6'),
  INVALID_AMOUNT: refused('Invalid Amount', '7'),
  INVALID_CARD_NUMBER: refused('Invalid Card Number', '8'),
  ISSUER_UNAVAILABLE: refused('Issuer Unavailable', '9'),
  NOT_SUPPORTED: refused('Not supported', '10'),
  NOT_3D_AUTHENTICATED: refused('3D Not Authenticated', '11'),
  NOT_ENOUGH_BALANCE: refused('Not enough balance', '12'),
  PENDING: { resultCode: 'Received', refusalReasonCode: '13' },
  ACQUIRER_FRAUD: refused('Acquirer Fraud', '14'),
  CANCELLED: refused('Cancelled', '15'),
  SHOPPER_CANCELLED: refused('Shopper Cancelled', '16'),
  INVALID_PIN: refused('Invalid Pin', '17'),
  PIN_TRIES_EXCEEDED: refused('Pin tries exceeded', '18'),
  PIN_VALIDATION_NOT_POSSIBLE: refused('Pin validation not possible', '19'),
  FRAUD: refused('FRAUD', '20'),
  NOT_SUBMITTED: refused('Not Submitted', '21'),
  FRAUD_CANCELLED: refused('FRAUD-CANCELLED', '22'),
  TRANSACTION_NOT_PERMITTED: refused('Transaction Not Permitted', '23'),
  CVC_DECLINED: refused('CVC Declined', '24'),
  RESTRICTED_CARD: refused('Restricted Card', '25'),
  REVOCATION_OF_AUTH: refused('Revocation Of Auth', '26'),
  DECLINED_NON_GENERIC: refused('Declined Non Generic', '27'),
  WITHDRAWAL_AMOUNT_EXCEEDED: refused('Withdrawal amount exceeded', '28'),
  WITHDRAWAL_COUNT_EXCEEDED: refused('Withdrawal count exceeded', '29'),
  ISSUER_SUSPECTED_FRAUD: refused('Issuer Suspected Fraud', '31'),
  AVS_DECLINED: refused('AVS Declined', '32'),
  // The issuer's soft decline asking for strong customer authentication ("Refusal reasons": code 38).
  // The emulator applies it where nobody can authenticate (see AUTHENTICATION_REQUIRED_HOLDER below).
  AUTHENTICATION_REQUIRED: refused('Authentication required', '38'),
};

/**
 * The holderName that makes the issuer ask for authentication. Adyen's test environment refuses with
 * reason 38 when the request cannot carry it; with the 3-D Secure card and the shopper present
 * (shopperInteraction Ecommerce) the challenge is that authentication, so the payment authorises after
 * it. The card keeps its holderName with its token, so a saved 3-D Secure card of this holder pays
 * on-session and is refused on a merchant-initiated (ContAuth) charge: the case of Kassa's e-mailed
 * authentication link (docs/processors.md).
 */
export const AUTHENTICATION_REQUIRED_HOLDER = 'AUTHENTICATION_REQUIRED';

/**
 * holderName values that authorise but make a later modification fail after Adyen accepted it
 * ("Test failed modifications"): the modification's webhook reports the failure.
 */
export const FAILING_MODIFICATION_HOLDER_NAMES = {
  'capture failed': 'CAPTURE_FAILED',
  'refund failed': 'REFUND_FAILED',
} as const;

/** The ISO 4217 currencies the emulated merchant account accepts, with their minor-unit exponent. */
export const CURRENCY_EXPONENTS: Record<string, number> = {
  EUR: 2,
  USD: 2,
  GBP: 2,
  CHF: 2,
  CAD: 2,
  AUD: 2,
  SEK: 2,
  DKK: 2,
  NOK: 2,
  PLN: 2,
  JPY: 0,
  KRW: 0,
  BHD: 3,
};

/** Adyen's brand variant names as they appear in webhooks (paymentMethod) and responses. */
export function cardVariant(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mc';
  if (/^3[47]/.test(number)) return 'amex';
  return 'scheme';
}
