// The approval page `/pay/approve/{reference}` (3-D Secure style, docs/product-rules.md#states-and-transitions "Embedded approval"): the
// widget opens it in a 500 × 589 popup; the buyer sees who asks for how much and approves or
// declines. The answer is shown briefly, then the window closes and the widget learns the outcome
// from the hosted fields (which ask the API).
import type { ChargeResult } from '@kassa/contract/checkout';
import type { HostedKey } from '@kassa/contract/i18n/catalogues/hosted.en';
import { hostedTranslator } from '@kassa/contract/i18n/hosted-catalogue';
import type { Translate } from '@kassa/contract/i18n/translate';
import { formatMoney } from '@kassa/contract/money';

export const CLOSE_AFTER_MS = 1500;

interface ApprovalView {
  merchant_name: string;
  amount: number;
  currency: string;
  description: string | null;
  method: string;
  status: string;
}

export interface ApprovalPageEnv {
  window: Window;
  /** The page's <main data-reference="…">. */
  root: HTMLElement;
  fetch: typeof fetch;
}

type Answer<T> = { ok: true; result: T } | { ok: false; message: string };

const APPROVED = new Set(['capture_succeeded', 'authorization_succeeded']);

const english = hostedTranslator('en').t;

async function call<T>(
  env: ApprovalPageEnv,
  url: string,
  init?: RequestInit,
  t: Translate<HostedKey> = english,
): Promise<Answer<T>> {
  try {
    const response = await env.fetch(url, { credentials: 'omit', cache: 'no-store', ...init });
    const body = (await response.json().catch(() => null)) as { status?: string; result?: T; message?: string } | null;
    if (response.ok && body?.status === 'success' && body.result !== undefined)
      return { ok: true, result: body.result };
    return { ok: false, message: body?.message ?? t('error.generic') };
  } catch {
    return { ok: false, message: t('error.unreachable') };
  }
}

/** What the buyer reads once the payment is no longer waiting. */
export function outcomeText(status: string, justAnswered: boolean, t: Translate<HostedKey> = english): string {
  if (APPROVED.has(status)) return justAnswered ? t('outcome.approved') : t('outcome.alreadyApproved');
  if (status === 'authorization_failed') {
    return justAnswered ? t('outcome.declined') : t('outcome.alreadyDeclined');
  }
  return t('outcome.notWaiting');
}

/**
 * The outcome the server already decided when a processor's own 3-D Secure page sent the buyer back
 * (`/pay/return/{reference}` renders `data-outcome`): shown, then the popup closes itself.
 */
export const RETURN_OUTCOMES = {
  approved: { text: 'outcome.approved', kind: 'success', closeSoon: true },
  declined: { text: 'outcome.declined', kind: 'info', closeSoon: true },
  pending: { text: 'outcome.pending', kind: 'info', closeSoon: true },
  not_found: { text: 'outcome.notFound', kind: 'error', closeSoon: false },
} as const;
export type ReturnOutcome = keyof typeof RETURN_OUTCOMES;

export async function startApprovalPage(env: ApprovalPageEnv): Promise<void> {
  const doc = env.root.ownerDocument;
  // The language the API wrote the page in, from the buyer's Accept-Language (docs/i18n.md).
  const { locale, t } = hostedTranslator(doc.documentElement.lang || 'en');
  const reference = env.root.dataset.reference ?? '';
  const returned = env.root.dataset.outcome;
  const url = `/apiv1/pay/approval/${encodeURIComponent(reference)}/`;
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string>, text?: string) => {
    const node = doc.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    return node;
  };

  const showOutcome = (text: string, kind: 'success' | 'error' | 'info', closeSoon: boolean) => {
    const card = make('section', { class: 'ka-card', 'aria-labelledby': 'approval-outcome' });
    card.append(make('p', { id: 'approval-outcome', class: `ka-outcome ka-outcome-${kind}`, role: 'status' }, text));
    card.append(make('p', { class: 'ka-hint' }, closeSoon ? t('approval.closesSoon') : t('approval.canClose')));
    env.root.replaceChildren(card);
    if (closeSoon) env.window.setTimeout(() => env.window.close(), CLOSE_AFTER_MS);
  };

  if (returned !== undefined) {
    const outcome = RETURN_OUTCOMES[returned as ReturnOutcome] ?? RETURN_OUTCOMES.not_found;
    showOutcome(t(outcome.text), outcome.kind, outcome.closeSoon);
    return;
  }

  const view = await call<ApprovalView>(env, url, undefined, t);
  if (!view.ok) {
    showOutcome(view.message, 'error', false);
    return;
  }
  const payment = view.result;
  if (payment.status !== 'buyer_approval_pending') {
    showOutcome(outcomeText(payment.status, false, t), 'info', false);
    return;
  }

  const card = make('section', { class: 'ka-card', 'aria-labelledby': 'approval-title' });
  card.append(make('p', { class: 'ka-badge' }, t('approval.badge')));
  card.append(make('h1', { id: 'approval-title', class: 'ka-title' }, t('approval.title')));
  const details = make('dl', { class: 'ka-details' });
  const row = (term: string, value: string, id: string) =>
    details.append(make('dt', {}, term), make('dd', { id }, value));
  row(t('approval.merchant'), payment.merchant_name, 'approval-merchant');
  row(t('approval.amount'), formatMoney(payment.amount, payment.currency, locale), 'approval-amount');
  if (payment.description) row(t('approval.description'), payment.description, 'approval-description');
  card.append(details);
  const error = make('p', { id: 'approval-error', class: 'ka-error', role: 'alert' });
  const actions = make('div', { class: 'ka-actions' });
  const approve = make(
    'button',
    { type: 'button', id: 'approve-button', class: 'ka-btn ka-btn-primary' },
    t('approval.approve'),
  );
  const decline = make(
    'button',
    { type: 'button', id: 'decline-button', class: 'ka-btn ka-btn-secondary' },
    t('approval.decline'),
  );
  actions.append(approve, decline);
  card.append(error, actions);
  env.root.replaceChildren(card);
  approve.focus();

  const answer = async (decision: 'approve' | 'decline') => {
    approve.disabled = true;
    decline.disabled = true;
    error.textContent = '';
    const result = await call<ChargeResult>(
      env,
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision }),
      },
      t,
    );
    if (result.ok) {
      showOutcome(
        outcomeText(result.result.status, true, t),
        APPROVED.has(result.result.status) ? 'success' : 'info',
        true,
      );
      return;
    }
    error.textContent = result.message;
    approve.disabled = false;
    decline.disabled = false;
  };
  approve.addEventListener('click', () => void answer('approve'));
  decline.addEventListener('click', () => void answer('decline'));
}
