// What each connection kind does at checkout, shown under the page title so a
// merchant knows what connecting a provider changes for its buyers.
import type { ConnectionKind } from '@kassa/contract/connections';
import type { Translate } from '@kassa/contract/i18n/translate';
import { PATHS } from '../../config/paths.ts';

export interface KindCopy {
  title: string;
  path: string;
  description: string;
  atCheckout: string;
  /** "No payment service is connected yet." */
  noneConnected: string;
}

const KEY: Record<ConnectionKind, 'paymentService' | 'giftCard' | 'digitalWallet' | 'antiFraud'> = {
  payment_service: 'paymentService',
  gift_card: 'giftCard',
  digital_wallet: 'digitalWallet',
  anti_fraud: 'antiFraud',
};

const PATH: Record<ConnectionKind, string> = {
  payment_service: PATHS.paymentService,
  gift_card: PATHS.giftCardService,
  digital_wallet: PATHS.digitalWallet,
  anti_fraud: PATHS.antiFraudService,
};

/** A kind's title, page, description and checkout note in the reader's language. */
export function kindCopy(t: Translate, kind: ConnectionKind): KindCopy {
  const key = KEY[kind];
  return {
    title: t(`paymentConnections.kind.${key}.title`),
    path: PATH[kind],
    description: t(`paymentConnections.kind.${key}.description`),
    atCheckout: t(`paymentConnections.kind.${key}.atCheckout`),
    noneConnected: t(`paymentConnections.noneConnected.${key}`),
  };
}

export const KIND_ORDER: readonly ConnectionKind[] = ['payment_service', 'gift_card', 'digital_wallet', 'anti_fraud'];
