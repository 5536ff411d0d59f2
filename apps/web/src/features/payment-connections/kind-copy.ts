// What each connection kind does at checkout, shown under the page title so a
// merchant knows what connecting a provider changes for its buyers.
import type { ConnectionKind } from '@kassa/contract/connections';
import { PATHS } from '../../config/paths.ts';

export interface KindCopy {
  title: string;
  path: string;
  description: string;
  atCheckout: string;
}

export const KIND_COPY: Record<ConnectionKind, KindCopy> = {
  payment_service: {
    title: 'Payment service',
    path: PATHS.paymentService,
    description: 'The processor that takes your card payments.',
    atCheckout: 'At checkout, the enabled payment service decides which processor takes the card payment.',
  },
  gift_card: {
    title: 'Gift card service',
    path: PATHS.giftCardService,
    description: 'Let buyers pay part or all of a total with a gift card.',
    atCheckout:
      'At checkout, buyers can enter a gift card code and PIN to pay part or all of the total; a card or wallet pays the rest.',
  },
  digital_wallet: {
    title: 'Digital wallet',
    path: PATHS.digitalWallet,
    description: 'Wallet and bank-redirect payments at checkout.',
    atCheckout: 'At checkout, a connected digital wallet appears in the "Non-card Payments" section.',
  },
  anti_fraud: {
    title: 'Anti-fraud service',
    path: PATHS.antiFraudService,
    description: 'Score every payment and stop the risky ones.',
    atCheckout:
      'At checkout, the anti-fraud service scores each payment; a decline stops it, with the reason stored on the transaction.',
  },
};

export const KIND_ORDER: readonly ConnectionKind[] = ['payment_service', 'gift_card', 'digital_wallet', 'anti_fraud'];
