// Virtual terminal (docs/product-rules.md#routes /virtualterminal): the merchant keys in a card payment
// for a customer — amount, currency, description, customer — then types the card into the same
// hosted fields a buyer uses (card only; card data never reaches this page). The result card and the
// toasts follow the checkout rules (docs/product-rules.md#states-and-transitions, docs/product-rules.md#error-messages); the payment appears in Transactions like any other.
// The "Saved card" tab charges a customer's saved card instead (saved-card-tab.tsx).
import { APP } from '@kassa/contract/access';
import type { CheckoutTokenData } from '@kassa/contract/checkout';
import { type CheckoutOutcome, checkoutOutcome } from '@kassa/contract/checkout-status';
import { formatMoney } from '@kassa/contract/money';
import type { VirtualTerminalCheckoutBody } from '@kassa/contract/virtual-terminal';
import type { WidgetTransaction } from '@kassa/widget';
import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Nav from 'react-bootstrap/Nav';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { outcomeToastText } from '../../components/payment/checkout-toast.ts';
import { PaymentWidget } from '../../components/payment/payment-widget.tsx';
import { ResultCard } from '../../components/payment/result-card.tsx';
import { transactionDetailPath } from '../../config/paths.ts';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { fieldErrorText } from '../../lib/api-error-text.ts';
import { showToast } from '../../lib/toast.ts';
import { useAppRights } from '../../lib/use-access.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { openTerminalCheckout } from './api/virtual-terminal-api.ts';
import { SavedCardTab } from './saved-card-tab.tsx';
import './virtual-terminal.css';
import { EMPTY_TERMINAL, TerminalForm, type TerminalValues } from './terminal-form.tsx';

// Declines and unapproved payments are a toast only (docs/product-rules.md#states-and-transitions): the card form stays for another try.
const RETRYABLE_IN_PLACE = new Set(['authorization_failed', 'buyer_approval_pending']);

type Step =
  | { name: 'details' }
  | { name: 'card'; session: CheckoutTokenData; body: VirtualTerminalCheckoutBody }
  | { name: 'done'; outcome: CheckoutOutcome; transaction: WidgetTransaction; body: VirtualTerminalCheckoutBody };

export function VirtualTerminalPage() {
  const i18n = usePortalI18n();
  const { t, locale } = i18n;
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  // POST /virtual-terminal/checkout/ takes create on the Virtual Terminal.
  const canCharge = useAppRights(APP.VIRTUAL_TERMINAL).create;
  const [values, setValues] = useState<TerminalValues>(EMPTY_TERMINAL);
  const [step, setStep] = useState<Step>({ name: 'details' });
  const [tab, setTab] = useState<'card' | 'saved'>('card');
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof TerminalValues, string>>>({});

  const open = async (typed: TerminalValues, body: VirtualTerminalCheckoutBody) => {
    setValues(typed);
    setBusy(true);
    setServerErrors({});
    try {
      setStep({ name: 'card', session: await openTerminalCheckout(body), body });
    } catch (error) {
      const fieldErrors = (error as { errors?: { path: string; message: string }[] }).errors ?? [];
      setServerErrors(Object.fromEntries(fieldErrors.map((e) => [e.path, fieldErrorText(e.message, i18n)])));
      void showToast('error', apiErrorMessage(error, t('virtualTerminal.somethingWrong')));
    } finally {
      setBusy(false);
    }
  };

  const complete = (transaction: WidgetTransaction) => {
    if (step.name !== 'card') return;
    // The kind only decides the quick-payment redirect (docs/product-rules.md#states-and-transitions), which a terminal payment never takes.
    const outcome = checkoutOutcome(transaction.status, 'product');
    void showToast(outcome.toast.kind, outcomeToastText(outcome, t));
    if (!RETRYABLE_IN_PLACE.has(transaction.status)) setStep({ name: 'done', outcome, transaction, body: step.body });
  };

  const startOver = (keepDetails: boolean) => {
    if (!keepDetails) setValues(EMPTY_TERMINAL);
    setFormKey((k) => k + 1);
    setStep({ name: 'details' });
  };

  let content: ReactNode;
  if (!canCharge) {
    content = (
      <p className="alert alert-warning mb-0" data-testid="vt-no-access">
        {t('virtualTerminal.noAccess')}
      </p>
    );
  } else if (tab === 'saved') {
    content = <SavedCardTab />;
  } else if (step.name === 'details') {
    content = <TerminalForm key={formKey} initial={values} busy={busy} onSubmit={open} serverErrors={serverErrors} />;
  } else if (step.name === 'card') {
    const { body, session } = step;
    content = (
      <>
        <div className="vt-summary mb-3" data-testid="vt-summary">
          <div>
            <div className="fw-semibold">
              {`${body.customer_first_name ?? ''} ${body.customer_last_name ?? ''}`.trim() ||
                t('virtualTerminal.customerNotNamed')}
            </div>
            <div className="small text-body-secondary">{body.customer_email}</div>
          </div>
          <div className="fs-4 fw-bold" data-testid="vt-amount-summary">
            {money(body.amount, body.currency)}
          </div>
        </div>
        <PaymentWidget
          method="card"
          token={session.token_card ?? ''}
          merchantId={session.merchant_id}
          embed={session.embed_data_card}
          onComplete={complete}
          buyer={{ firstName: body.customer_first_name, lastName: body.customer_last_name, email: body.customer_email }}
          optionalBilling={body.email_receipt ? ['firstName', 'lastName'] : ['firstName', 'lastName', 'email']}
          submitLabel={
            body.authorize_only
              ? t('virtualTerminal.authorize', { amount: money(body.amount, body.currency) })
              : t('virtualTerminal.charge', { amount: money(body.amount, body.currency) })
          }
        />
        <Button variant="link" className="w-100 mt-2" onClick={() => startOver(true)} data-testid="vt-back">
          {t('virtualTerminal.changeDetails')}
        </Button>
      </>
    );
  } else {
    content = (
      <ResultCard outcome={step.outcome}>
        <p className="mt-3 mb-3">
          {money(step.body.amount, step.body.currency)} · {step.body.customer_first_name} {step.body.customer_last_name}
        </p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <Link
            to={transactionDetailPath(step.transaction.id)}
            className="btn btn-outline-primary"
            data-testid="vt-view"
          >
            {t('virtualTerminal.viewTransaction')}
          </Link>
          <Button onClick={() => startOver(!step.outcome.isSuccess)} data-testid="vt-new">
            {step.outcome.isSuccess ? t('virtualTerminal.newPayment') : t('virtualTerminal.tryAgain')}
          </Button>
        </div>
      </ResultCard>
    );
  }

  return (
    <>
      <PageHeader title={t('virtualTerminal.title')} description={t('virtualTerminal.description')} />
      <Card className="vt-card">
        {canCharge && (
          <Card.Header>
            <Nav
              variant="tabs"
              className="card-header-tabs"
              activeKey={tab}
              onSelect={(key) => setTab(key === 'saved' ? 'saved' : 'card')}
            >
              <Nav.Item>
                <Nav.Link eventKey="card" data-testid="vt-tab-card">
                  {t('virtualTerminal.tab.card')}
                </Nav.Link>
              </Nav.Item>
              <Nav.Item>
                <Nav.Link eventKey="saved" data-testid="vt-tab-saved">
                  {t('virtualTerminal.tab.saved')}
                </Nav.Link>
              </Nav.Item>
            </Nav>
          </Card.Header>
        )}
        <Card.Body>{content}</Card.Body>
      </Card>
    </>
  );
}
