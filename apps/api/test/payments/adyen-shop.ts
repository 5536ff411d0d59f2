// A shop connected to Adyen through the API, its Adyen being the loopback emulator whose webhooks go to
// the connection's own URL, for the tests that drive Adyen payments through Kassa's routes.
//   const { emulator, t, owner, productId, connectionId } = await startAdyenShop({ name: 'Adyen Outfitters', … });
import { type AdyenEmulator, KASSA_CONNECTION_CREDENTIALS, startAdyenEmulator } from '../emulators/adyen/emulator.ts';
import { ADYEN_TEST_CARDS, TEST_CARD_CVC, TEST_CARD_EXPIRY } from '../emulators/adyen/test-cards.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import type { TestSession } from '../session.ts';
import { createConnectedShop, type ShopOptions } from './shop.ts';

export interface AdyenShop {
  emulator: AdyenEmulator;
  t: TestApp;
  owner: TestSession;
  merchantId: string;
  productId: string;
  connectionId: string;
  /** Stops the app and the emulator. */
  close(): Promise<void>;
}

export async function startAdyenShop(shop: Omit<ShopOptions, 'allowConnections'>): Promise<AdyenShop> {
  const emulator = await startAdyenEmulator();
  const t = await buildTestApp({ KASSA_ADYEN_CHECKOUT_BASE: emulator.baseUrl });
  const { owner, merchantId, productId, connection } = await createConnectedShop(t, shop, {
    provider: 'adyen',
    credentials: KASSA_CONNECTION_CREDENTIALS,
  });
  // Adyen delivers its webhooks to the URL the merchant configured for this connection.
  emulator.notify = async (payload) => {
    const answer = await t.app.inject({ method: 'POST', url: `/apiv1/webhooks/adyen/${connection.id}/`, payload });
    return { status: answer.statusCode, body: answer.body };
  };
  return {
    emulator,
    t,
    owner,
    merchantId,
    productId,
    connectionId: connection.id,
    close: async () => {
      await emulator.close();
      await t.close();
    },
  };
}

/** An Adyen test card as the buyer types it into Kassa's card fields (the documented expiry and CVC). */
export const adyenCard = (number: string = ADYEN_TEST_CARDS.visa, holder_name?: string) => ({
  number,
  exp_month: Number(TEST_CARD_EXPIRY.month),
  exp_year: Number(TEST_CARD_EXPIRY.year),
  cvc: TEST_CARD_CVC,
  ...(holder_name ? { holder_name } : {}),
});
