// Request validation as the Checkout API (v72) does it: a field the schema does not know, or a value
// of the wrong JSON type, is a 400 with errorCode 702 ("Structure of PaymentRequest contains the
// following unknown fields: [...]"); a well-formed request that breaks a rule is a 422 with the
// error's own code (101 Invalid card number, 137 Invalid amount specified, ...). Error bodies carry
// Adyen's ServiceError shape: status, errorCode, message, errorType, pspReference.

export interface AdyenError {
  httpStatus: number;
  body: { status: number; errorCode: string; message: string; errorType: string; pspReference?: string };
}

export const adyenError = (
  httpStatus: number,
  errorCode: string,
  message: string,
  errorType: 'validation' | 'security' | 'configuration' | 'internal' = 'validation',
): AdyenError => ({ httpStatus, body: { status: httpStatus, errorCode, message, errorType } });

export class AdyenRequestError extends Error {
  constructor(readonly error: AdyenError) {
    super(error.body.message);
  }
}

type FieldType = 'string' | 'integer' | 'boolean' | 'object' | 'array' | 'stringMap' | 'any';
export interface ObjectSpec {
  /** The schema name Adyen quotes in its 702 message. */
  name: string;
  fields: Record<string, FieldType | ObjectSpec>;
}

const amount: ObjectSpec = { name: 'Amount', fields: { currency: 'string', value: 'integer' } };

const cardDetails: ObjectSpec = {
  name: 'CardDetails',
  fields: Object.fromEntries(
    [
      'billingSequenceNumber',
      'brand',
      'checkoutAttemptId',
      'cupsecureplus.smscode',
      'cvc',
      'encryptedCard',
      'encryptedCardNumber',
      'encryptedExpiryMonth',
      'encryptedExpiryYear',
      'encryptedPassword',
      'encryptedSecurityCode',
      'expiryMonth',
      'expiryYear',
      'fastlaneData',
      'fundingSource',
      'holderName',
      'networkPaymentReference',
      'number',
      'recurringDetailReference',
      'sdkData',
      'shopperNotificationReference',
      'srcCorrelationId',
      'srcDigitalCardId',
      'srcScheme',
      'srcTokenReference',
      'storedPaymentMethodId',
      'threeDS2SdkVersion',
      'type',
    ].map((f) => [f, 'string' as const]),
  ),
};

const looseObjects = [
  'accountInfo',
  'applicationInfo',
  'authenticationData',
  'bankAccount',
  'billingAddress',
  'browserInfo',
  'company',
  'deliveryAddress',
  'fundOrigin',
  'fundRecipient',
  'installments',
  'mandate',
  'merchantRiskIndicator',
  'order',
  'platformChargebackLogic',
  'riskData',
  'shopperName',
  'threeDS2RequestData',
  'paymentValidations',
  'surcharge',
  'mpiData',
  'recurring',
  'dccQuote',
];
const looseStrings = [
  'channel',
  'checkoutAttemptId',
  'conversionId',
  'countryCode',
  'dateOfBirth',
  'deliverAt',
  'deliveryDate',
  'deviceFingerprint',
  'entityType',
  'industryUsage',
  'mcc',
  'merchantOrderReference',
  'orderReference',
  'origin',
  'recurringExpiry',
  'recurringFrequency',
  'recurringProcessingModel',
  'redirectFromIssuerMethod',
  'redirectToIssuerMethod',
  'sessionValidity',
  'shopperConversionId',
  'shopperEmail',
  'shopperIP',
  'shopperInteraction',
  'shopperLocale',
  'shopperReference',
  'shopperStatement',
  'socialSecurityNumber',
  'store',
  'telephoneNumber',
];

export const PAYMENT_REQUEST: ObjectSpec = {
  name: 'PaymentRequest',
  fields: {
    amount,
    merchantAccount: 'string',
    paymentMethod: cardDetails,
    reference: 'string',
    returnUrl: 'string',
    additionalData: 'stringMap',
    captureDelayHours: 'integer',
    metadata: 'stringMap',
    localizedShopperStatement: 'stringMap',
    lineItems: 'array',
    splits: 'array',
    subMerchants: 'array',
    enableOneClick: 'boolean',
    enablePayOut: 'boolean',
    enableRecurring: 'boolean',
    storePaymentMethod: 'boolean',
    trustedShopper: 'boolean',
    threeDSAuthenticationOnly: 'boolean',
    fraudOffset: 'integer',
    ...Object.fromEntries(looseObjects.map((f) => [f, 'object' as const])),
    ...Object.fromEntries(looseStrings.map((f) => [f, 'string' as const])),
  },
};

export const PAYMENT_DETAILS_REQUEST: ObjectSpec = {
  name: 'PaymentDetailsRequest',
  fields: {
    details: {
      name: 'PaymentCompletionDetails',
      fields: Object.fromEntries(
        [
          'MD',
          'PaReq',
          'PaRes',
          'authorization_token',
          'billingToken',
          'cupsecureplus.smscode',
          'facilitatorAccessToken',
          'oneTimePasscode',
          'orderID',
          'payerID',
          'payload',
          'paymentID',
          'paymentStatus',
          'redirectResult',
          'resultCode',
          'returnUrlQueryString',
          'threeDSResult',
          'threeds2.challengeResult',
          'threeds2.fingerprint',
          'vaultToken',
        ].map((f) => [f, 'string' as const]),
      ),
    },
    paymentData: 'string',
    threeDSAuthenticationOnly: 'boolean',
    authenticationData: 'object',
  },
};

export const CAPTURE_REQUEST: ObjectSpec = {
  name: 'PaymentCaptureRequest',
  fields: {
    amount,
    merchantAccount: 'string',
    reference: 'string',
    applicationInfo: 'object',
    enhancedSchemeData: 'object',
    lineItems: 'array',
    platformChargebackLogic: 'object',
    splits: 'array',
    subMerchants: 'array',
  },
};

export const CANCEL_REQUEST: ObjectSpec = {
  name: 'PaymentCancelRequest',
  fields: {
    merchantAccount: 'string',
    reference: 'string',
    applicationInfo: 'object',
    enhancedSchemeData: 'object',
  },
};

export const REFUND_REQUEST: ObjectSpec = {
  name: 'PaymentRefundRequest',
  fields: {
    amount,
    merchantAccount: 'string',
    reference: 'string',
    merchantRefundReason: 'string',
    applicationInfo: 'object',
    capturePspReference: 'string',
    enhancedSchemeData: 'object',
    lineItems: 'array',
    splits: 'array',
    store: 'string',
  },
};

export const PAYMENT_METHODS_REQUEST: ObjectSpec = {
  name: 'PaymentMethodsRequest',
  fields: {
    merchantAccount: 'string',
    amount,
    countryCode: 'string',
    channel: 'string',
    shopperLocale: 'string',
    shopperReference: 'string',
    additionalData: 'stringMap',
    allowedPaymentMethods: 'array',
    blockedPaymentMethods: 'array',
    browserInfo: 'object',
    order: 'object',
    shopperConversionId: 'string',
    shopperEmail: 'string',
    shopperIP: 'string',
    splitCardFundingSources: 'boolean',
    store: 'string',
    storeFiltrationMode: 'string',
    telephoneNumber: 'string',
  },
};

const typeOk = (type: FieldType, value: unknown) => {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'stringMap':
      return (
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every((v) => typeof v === 'string')
      );
    default:
      return true;
  }
};

/** Rejects unknown fields and wrong JSON types, the way the API's JSON binding does. */
export function checkStructure(spec: ObjectSpec, body: unknown, path = ''): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AdyenRequestError(adyenError(400, '702', `Unable to parse ${spec.name}: expected a JSON object.`));
  }
  const unknown = Object.keys(body).filter((k) => !(k in spec.fields));
  if (unknown.length > 0) {
    throw new AdyenRequestError(
      adyenError(
        400,
        '702',
        `Structure of ${spec.name} contains the following unknown fields: [${unknown.join(', ')}]`,
      ),
    );
  }
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    const type = spec.fields[key]!;
    if (typeof type === 'object') {
      checkStructure(type, value, `${path}${key}.`);
    } else if (!typeOk(type, value)) {
      throw new AdyenRequestError(
        adyenError(400, '702', `Unexpected input for ${spec.name}: field '${path}${key}' must be of type ${type}.`),
      );
    }
  }
}

export const required = (field: string, errorCode = '702') =>
  new AdyenRequestError(adyenError(422, errorCode, `Required field '${field}' is not provided.`));
