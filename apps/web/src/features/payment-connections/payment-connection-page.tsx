import { ComingSoon } from '../../components/coming-soon.tsx';

const KINDS = {
  payment_service: { title: 'Payment Service', description: 'The processor that takes your card payments.' },
  gift_card: { title: 'Gift Card Service', description: 'Let buyers pay part or all of a total with a gift card.' },
  digital_wallet: { title: 'Digital Wallet', description: 'Wallet and bank-redirect payments at checkout.' },
  anti_fraud: { title: 'Anti-fraud Service', description: 'Score every payment and stop the risky ones.' },
} as const;

export type ConnectionKind = keyof typeof KINDS;

/** One page per connection kind (spec 2.1): payment service, gift card, digital wallet, anti-fraud. */
export function PaymentConnectionPage({ kind }: { kind: ConnectionKind }) {
  return <ComingSoon title={KINDS[kind].title} description={KINDS[kind].description} />;
}
