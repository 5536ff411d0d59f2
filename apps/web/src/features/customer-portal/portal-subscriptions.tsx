// The customer's subscriptions: what they pay, how often, when next; "Cancel at period end" when the
// merchant allows it, after a confirmation that says what happens; "Pay now" on one whose first charge
// was declined (docs/product-rules.md#incomplete-subscriptions), with the default card, and when that is
// declined too, the way to add another card.

import type { PortalSubscription } from '@kassa/contract/customer-portal';
import type { Locale } from '@kassa/contract/i18n/locales';
import { formatMoney } from '@kassa/contract/money';
import { isBillingInterval, isSubscriptionStatus } from '@kassa/contract/subscription-words';
import { useCallback, useState } from 'react';
import { type I18n, useI18n } from '../../lib/i18n.tsx';
import { buyerErrorMessage } from '../checkout/index.ts';
import { ConfirmStrip } from './confirm-strip.tsx';
import { addCardLink, cancelAtPeriodEnd, payIncomplete, portalSubscriptions } from './portal-api.ts';
import { PortalSection } from './portal-section.tsx';
import { usePortalList } from './use-portal-list.ts';

/** A refusal with a reason (a declined card, no card): the API's 422, as opposed to a fault or a race. */
const isRefusal = (e: unknown) => (e as { code?: string } | null)?.code === 'business_rule';

export const portalDate = (iso: string, locale: Locale) =>
  new Date(iso).toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });

/** "every month", "every 3 weeks", in the reader's language. */
function cycleText(t: I18n['t'], count: number, interval: string) {
  if (!isBillingInterval(interval)) return interval;
  return count === 1 ? t(`customerPortal.every.${interval}`) : t(`customerPortal.everyN.${interval}`, { count });
}

function SubscriptionRow({
  sub,
  mayCancel,
  onChange,
}: {
  sub: PortalSubscription;
  mayCancel: boolean;
  onChange: (s: PortalSubscription) => void;
}) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState(false);
  const end = portalDate(sub.current_period_end, locale);
  const live = sub.status !== 'canceled';
  const unpaid = sub.status === 'incomplete';
  // An incomplete subscription has no next charge: its first one is still to be paid (the hint says by when).
  const when = sub.cancel_at_period_end
    ? t('customerPortal.subs.ends', { end })
    : sub.status === 'trialing' && sub.trial_end
      ? t('customerPortal.subs.trialEnds', { end: portalDate(sub.trial_end, locale) })
      : live && !unpaid
        ? t('customerPortal.subs.next', { end })
        : null;

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      onChange(await cancelAtPeriodEnd(sub.id));
      setConfirming(false);
    } catch (e) {
      setError(buyerErrorMessage(e, t('customerPortal.subs.cancelFailed'), i18n));
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
        refused
          ? t('customerPortal.subs.declined', {
              reason: buyerErrorMessage(e, t('customerPortal.subs.payFailed'), i18n),
            })
          : buyerErrorMessage(e, t('customerPortal.subs.payFailed'), i18n),
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
      setError(buyerErrorMessage(e, t('customerPortal.subs.payFailed'), i18n));
      setBusy(false);
    }
  };

  return (
    <li className="portal-row" data-testid={`subscription-${sub.id}`}>
      <div className="min-w-0">
        <div className="fw-semibold">{sub.description}</div>
        <div className="small text-body-secondary">
          {t('customerPortal.subs.price', {
            amount: formatMoney(sub.amount, sub.currency, locale),
            cycle: cycleText(t, sub.interval_count, sub.interval),
          })}{' '}
          ·{' '}
          <span data-testid="subscription-status">
            {isSubscriptionStatus(sub.status) ? t(`customerPortal.subStatus.${sub.status}`) : sub.status}
          </span>
          {when && (
            <>
              {' '}
              · <span data-testid="subscription-when">{when}</span>
            </>
          )}
        </div>
        {unpaid && (
          <p className="small mb-0 mt-1" data-testid="subscription-pay-hint">
            {t('customerPortal.subs.payHint')}
          </p>
        )}
        <ConfirmStrip
          open={confirming}
          label={t('customerPortal.subs.cancel')}
          question={t('customerPortal.subs.confirm', { end })}
          yes={t('customerPortal.subs.confirmYes')}
          no={t('customerPortal.subs.confirmNo')}
          busy={busy}
          onYes={cancel}
          onNo={() => setConfirming(false)}
          error={error}
        />
        {/* Under the decline that asks for it: the same card would be declined again, so this is the way on. */}
        {declined && (
          <button type="button" className="btn btn-primary mt-2" disabled={busy} onClick={addCard}>
            {t('customerPortal.subs.addCard')}
          </button>
        )}
      </div>
      {unpaid && (
        <button
          type="button"
          className={`btn ${declined ? 'btn-outline-primary' : 'btn-primary'} ms-auto`}
          disabled={busy}
          onClick={pay}
          data-testid="subscription-pay"
        >
          {busy ? t('customerPortal.subs.paying') : t('customerPortal.subs.payNow')}
        </button>
      )}
      {mayCancel && live && !unpaid && !sub.cancel_at_period_end && !confirming && (
        <button type="button" className="btn btn-outline-secondary ms-auto" onClick={() => setConfirming(true)}>
          {t('customerPortal.subs.cancel')}
        </button>
      )}
    </li>
  );
}

export function PortalSubscriptions({ mayCancel }: { mayCancel: boolean }) {
  const { t } = useI18n();
  const list = usePortalList(useCallback(() => portalSubscriptions(), []));
  const update = (changed: PortalSubscription) =>
    list.replace((list.data ?? []).map((s) => (s.id === changed.id ? changed : s)));
  return (
    <PortalSection
      id="portal-subscriptions"
      title={t('customerPortal.subs.title')}
      list={list}
      empty={t('customerPortal.subs.empty')}
      failed={t('customerPortal.subs.failed')}
    >
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
