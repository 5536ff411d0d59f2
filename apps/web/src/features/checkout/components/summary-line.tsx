import type { ReactNode } from 'react';

/** One line of a checkout's summary list (`dl.checkout-summary`); the total stands out (checkout.css). */
export function SummaryLine({
  term,
  testId,
  isTotal = false,
  children,
}: {
  term: string;
  testId?: string;
  isTotal?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={isTotal ? 'checkout-total' : undefined}>
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
