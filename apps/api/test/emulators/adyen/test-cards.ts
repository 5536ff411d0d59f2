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

/** holderName → outcome, as in the "Values for testing refusal reasons" table. */
export const HOLDER_NAME_OUTCOMES: Record<string, TestOutcome> = {
  UNKNOWN: { resultCode: 'Error', refusalReason: 'Unknown', refusalReasonCode: '0' },
  APPROVED: { resultCode: 'Authorised' },
  DECLINED: { resultCode: 'Refused', refusalReason: 'Refused', refusalReasonCode: '2' },
  REFERRAL: { resultCode: 'Refused', refusalReason: 'Referral', refusalReasonCode: '3' },
  ERROR: { resultCode: 'Error', refusalReason: 'Acquirer Error', refusalReasonCode: '4' },
  BLOCK_CARD: { resultCode: 'Refused', refusalReason: 'Blocked Card', refusalReasonCode: '5' },
  CARD_EXPIRED: { resultCode: 'Refused', refusalReason: 'Expired Card', refusalReasonCode: '6' },
  INVALID_AMOUNT: { resultCode: 'Refused', refusalReason: 'Invalid Amount', refusalReasonCode: '7' },
  INVALID_CARD_NUMBER: { resultCode: 'Refused', refusalReason: 'Invalid Card Number', refusalReasonCode: '8' },
  ISSUER_UNAVAILABLE: { resultCode: 'Refused', refusalReason: 'Issuer Unavailable', refusalReasonCode: '9' },
  NOT_SUPPORTED: { resultCode: 'Refused', refusalReason: 'Not supported', refusalReasonCode: '10' },
  NOT_3D_AUTHENTICATED: { resultCode: 'Refused', refusalReason: '3D Not Authenticated', refusalReasonCode: '11' },
  NOT_ENOUGH_BALANCE: { resultCode: 'Refused', refusalReason: 'Not enough balance', refusalReasonCode: '12' },
  PENDING: { resultCode: 'Received', refusalReasonCode: '13' },
  ACQUIRER_FRAUD: { resultCode: 'Refused', refusalReason: 'Acquirer Fraud', refusalReasonCode: '14' },
  CANCELLED: { resultCode: 'Refused', refusalReason: 'Cancelled', refusalReasonCode: '15' },
  SHOPPER_CANCELLED: { resultCode: 'Refused', refusalReason: 'Shopper Cancelled', refusalReasonCode: '16' },
  INVALID_PIN: { resultCode: 'Refused', refusalReason: 'Invalid Pin', refusalReasonCode: '17' },
  PIN_TRIES_EXCEEDED: { resultCode: 'Refused', refusalReason: 'Pin tries exceeded', refusalReasonCode: '18' },
  PIN_VALIDATION_NOT_POSSIBLE: {
    resultCode: 'Refused',
    refusalReason: 'Pin validation not possible',
    refusalReasonCode: '19',
  },
  FRAUD: { resultCode: 'Refused', refusalReason: 'FRAUD', refusalReasonCode: '20' },
  NOT_SUBMITTED: { resultCode: 'Refused', refusalReason: 'Not Submitted', refusalReasonCode: '21' },
  FRAUD_CANCELLED: { resultCode: 'Refused', refusalReason: 'FRAUD-CANCELLED', refusalReasonCode: '22' },
  TRANSACTION_NOT_PERMITTED: {
    resultCode: 'Refused',
    refusalReason: 'Transaction Not Permitted',
    refusalReasonCode: '23',
  },
  CVC_DECLINED: { resultCode: 'Refused', refusalReason: 'CVC Declined', refusalReasonCode: '24' },
  RESTRICTED_CARD: { resultCode: 'Refused', refusalReason: 'Restricted Card', refusalReasonCode: '25' },
  REVOCATION_OF_AUTH: { resultCode: 'Refused', refusalReason: 'Revocation Of Auth', refusalReasonCode: '26' },
  DECLINED_NON_GENERIC: { resultCode: 'Refused', refusalReason: 'Declined Non Generic', refusalReasonCode: '27' },
  WITHDRAWAL_AMOUNT_EXCEEDED: {
    resultCode: 'Refused',
    refusalReason: 'Withdrawal amount exceeded',
    refusalReasonCode: '28',
  },
  WITHDRAWAL_COUNT_EXCEEDED: {
    resultCode: 'Refused',
    refusalReason: 'Withdrawal count exceeded',
    refusalReasonCode: '29',
  },
  ISSUER_SUSPECTED_FRAUD: { resultCode: 'Refused', refusalReason: 'Issuer Suspected Fraud', refusalReasonCode: '31' },
  AVS_DECLINED: { resultCode: 'Refused', refusalReason: 'AVS Declined', refusalReasonCode: '32' },
};

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

export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Adyen's brand variant names as they appear in webhooks (paymentMethod) and responses. */
export function cardVariant(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mc';
  if (/^3[47]/.test(number)) return 'amex';
  return 'scheme';
}
