// The customer's subscriptions: what they pay, how often, when next; "Cancel at period end" when the
// merchant allows it, after a confirmation that says what happens.

import type { PortalSubscription } from '@kassa/contract/customer-portal';
import { formatMoney } from '@kassa/contract/money';
import { useCallback, useState } from 'react';
import { checkoutErrorMessage } from '../checkout/index.ts';
import { ConfirmStrip } from './confirm-strip.tsx';
import { cancelAtPeriodEnd, portalSubscriptions } from './portal-api.ts';
import { PortalSection } from './portal-section.tsx';
import { usePortalList } from './use-portal-list.ts';

const TEXT = {
  title: 'Subscriptions',
  empty: 'You have no subscriptions.',
  failed: 'Your subscriptions could not be loaded. Reload the page to try again.',
  cancel: 'Cancel at period end',
  confirm: (end: string) => `Your subscription stays active until ${end}, then ends. Nothing more is charged.`,
  confirmYes: 'Yes, cancel',
  confirmNo: 'Keep it',
  cancelFailed: 'The subscription could not be canceled. Try again.',
  ends: (end: string) => `Ends on ${end}`,
  next: (end: string) => `Next charge on ${end}`,
  trialEnds: (end: string) => `Trial until ${end}`,
  every: (count: number, interval: string) => (count === 1 ? `every ${interval}` : `every ${count} ${interval}s`),
  status: {
    trialing: 'Trial',
    active: 'Active',
    past_due: 'Payment due',
    paused: 'Paused',
    canceled: 'Canceled',
    unpaid: 'Unpaid',
    incomplete: 'Awaiting first payment',
  } as Record<string, string>,
};

export const portalDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function SubscriptionRow({
  sub,
  mayCancel,
  onChange,
}: {
  sub: PortalSubscription;
  mayCancel: boolean;
  onChange: (s: PortalSubscription) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const end = portalDate(sub.current_period_end);
  const live = sub.status !== 'canceled';
  const when = sub.cancel_at_period_end
    ? TEXT.ends(end)
    : sub.status === 'trialing' && sub.trial_end
      ? TEXT.trialEnds(portalDate(sub.trial_end))
      : live
        ? TEXT.next(end)
        : null;

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      onChange(await cancelAtPeriodEnd(sub.id));
      setConfirming(false);
    } catch (e) {
      setError(checkoutErrorMessage(e, TEXT.cancelFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="portal-row" data-testid={`subscription-${sub.id}`}>
      <div className="min-w-0">
        <div className="fw-semibold">{sub.description}</div>
        <div className="small text-body-secondary">
          {formatMoney(sub.amount, sub.currency)} {TEXT.every(sub.interval_count, sub.interval)} ·{' '}
          <span data-testid="subscription-status">{TEXT.status[sub.status] ?? sub.status}</span>
          {when && (
            <>
              {' '}
              · <span data-testid="subscription-when">{when}</span>
            </>
          )}
        </div>
        <ConfirmStrip
          open={confirming}
          label={TEXT.cancel}
          question={TEXT.confirm(end)}
          yes={TEXT.confirmYes}
          no={TEXT.confirmNo}
          busy={busy}
          onYes={cancel}
          onNo={() => setConfirming(false)}
          error={error}
        />
      </div>
      {mayCancel && live && !sub.cancel_at_period_end && !confirming && (
        <button type="button" className="btn btn-outline-secondary ms-auto" onClick={() => setConfirming(true)}>
          {TEXT.cancel}
        </button>
      )}
    </li>
  );
}

export function PortalSubscriptions({ mayCancel }: { mayCancel: boolean }) {
  const list = usePortalList(useCallback(() => portalSubscriptions(), []));
  const update = (changed: PortalSubscription) =>
    list.replace((list.data ?? []).map((s) => (s.id === changed.id ? changed : s)));
  return (
    <PortalSection id="portal-subscriptions" title={TEXT.title} list={list} empty={TEXT.empty} failed={TEXT.failed}>
      {(rows) => (
        <ul className="portal-list">
          {rows.map((sub) => (
            <SubscriptionRow key={sub.id} sub={sub} mayCancel={mayCancel} onChange={update} />
          ))}
        </ul>
      )}
    </PortalSection>
  );
}
