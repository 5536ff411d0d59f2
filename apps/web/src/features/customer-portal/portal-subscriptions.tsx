// The customer's subscriptions: what they pay, how often, when next; "Cancel at period end" when the
// merchant allows it, after a confirmation that says what happens; "Pay now" on one whose first charge
// was declined (docs/product-rules.md#incomplete-subscriptions), with the default card, and when that is
// declined too, the way to add another card.

import type { PortalSubscription } from '@kassa/contract/customer-portal';
import { formatMoney } from '@kassa/contract/money';
import { useCallback, useState } from 'react';
import { checkoutErrorMessage } from '../checkout/index.ts';
import { ConfirmStrip } from './confirm-strip.tsx';
import { addCardLink, cancelAtPeriodEnd, payIncomplete, portalSubscriptions } from './portal-api.ts';
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
  payNow: 'Pay now',
  paying: 'Paying…',
  payHint: 'The first payment did not go through. Pay within 23 hours of subscribing, or the subscription ends.',
  payFailed: 'The payment did not go through. Try again.',
  declined: (reason: string) => `Your default card was declined: ${reason} Add another card, then pay again.`,
  addCard: 'Add a card',
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

/** A refusal with a reason (a declined card, no card): the API's 422, as opposed to a fault or a race. */
const isRefusal = (e: unknown) => (e as { code?: string } | null)?.code === 'business_rule';

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
  const [declined, setDeclined] = useState(false);
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

  const pay = async () => {
    setBusy(true);
    setError(null);
    setDeclined(false);
    try {
      onChange(await payIncomplete(sub.id));
    } catch (e) {
      const refused = isRefusal(e);
      setDeclined(refused);
      setError(
        refused ? TEXT.declined(checkoutErrorMessage(e, TEXT.payFailed)) : checkoutErrorMessage(e, TEXT.payFailed),
      );
    } finally {
      setBusy(false);
    }
  };
  const addCard = async () => {
    setBusy(true);
    try {
      window.location.assign((await addCardLink()).url);
    } catch (e) {
      setError(checkoutErrorMessage(e, TEXT.payFailed));
      setBusy(false);
    }
  };
  const unpaid = sub.status === 'incomplete';

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
        {unpaid && (
          <p className="small mb-0 mt-1" data-testid="subscription-pay-hint">
            {TEXT.payHint}
          </p>
        )}
        {declined && (
          <button type="button" className="btn btn-outline-primary mt-2" disabled={busy} onClick={addCard}>
            {TEXT.addCard}
          </button>
        )}
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
      {unpaid && (
        <button
          type="button"
          className="btn btn-primary ms-auto"
          disabled={busy}
          onClick={pay}
          data-testid="subscription-pay"
        >
          {busy ? TEXT.paying : TEXT.payNow}
        </button>
      )}
      {mayCancel && live && !unpaid && !sub.cancel_at_period_end && !confirming && (
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
