// The Adyen connector (the real @adyen/api-library) on its own against the loopback Adyen emulator, for
// the tests that call the processor directly rather than through Kassa's routes.
//   beforeAll(async () => ({ emulator, adyen } = await startAdyenConnector({ responseTimeoutMs: 1_000 })));
import { createAdyenProcessor } from '../../src/payments/adyen/adyen-processor.ts';
import type { AdyenTransportOptions } from '../../src/payments/adyen/adyen-transport.ts';
import type { CardDetails } from '../../src/payments/card.ts';
import type { PaymentProvider } from '../../src/payments/provider.ts';
import { type AdyenEmulator, KASSA_CONNECTION_CREDENTIALS, startAdyenEmulator } from '../emulators/adyen/emulator.ts';
import { ADYEN_TEST_CARDS, TEST_CARD_CVC, TEST_CARD_EXPIRY } from '../emulators/adyen/test-cards.ts';

/** A fresh emulator and a connector on Kassa's test credentials that calls it. */
export async function startAdyenConnector(
  transport: AdyenTransportOptions,
): Promise<{ emulator: AdyenEmulator; adyen: PaymentProvider }> {
  const emulator = await startAdyenEmulator();
  const adyen = createAdyenProcessor({
    publicUrl: 'https://kassa.example',
    credentials: KASSA_CONNECTION_CREDENTIALS,
    endpoints: { adyenCheckoutBase: emulator.baseUrl },
    transport,
  });
  return { emulator, adyen };
}

/** An Adyen test card as the connector receives it (the documented expiry and CVC). */
export const adyenCardDetails = (number: string = ADYEN_TEST_CARDS.visa, holderName?: string): CardDetails => ({
  number,
  expMonth: Number(TEST_CARD_EXPIRY.month),
  expYear: Number(TEST_CARD_EXPIRY.year),
  cvv: TEST_CARD_CVC,
  holderName,
});

let references = 0;
/** A payment reference shaped like Kassa's (a UUID), new at each call. */
export const newPaymentReference = () => `00000000-0000-4000-8000-${String(++references).padStart(12, '0')}`;
