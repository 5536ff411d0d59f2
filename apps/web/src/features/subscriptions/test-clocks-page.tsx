// Test clocks (test mode): create one, attach test customers to it when creating them (the customer
// form), and move it forward with a date-time picker to watch trials end, renewals, failures and
// retries happen; what the last advance did is listed under the clock.
import { formatMomentUtc } from '@kassa/contract/date-display';
import type { ClockHappening, TestClock } from '@kassa/contract/test-clocks';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { ListEmpty } from '../../components/data-list/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { usePaymentMode } from '../../lib/payment-mode.ts';
import { showToast, toastApiError } from '../../lib/toast.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { advanceTestClock, createTestClock, useTestClocks } from './api/subscriptions-api.ts';

/** A datetime-local value (UTC) as the API's ISO time. */
const toIso = (local: string) => `${local}:00Z`;
const toLocal = (iso: string) => iso.slice(0, 16);

export function TestClocksPage() {
  const { t } = usePortalI18n();
  const mode = usePaymentMode();
  const { data, error, mutate } = useTestClocks();
  const [start, setStart] = useState(() => toLocal(new Date().toISOString()));
  const [name, setName] = useState('');
  if (mode !== 'test') {
    return (
      <section>
        <PageHeader title={t('subscriptions.clocks.title')} description={t('subscriptions.clocks.simulate')} />
        <Alert variant="info">{t('subscriptions.clocks.testOnly')}</Alert>
      </section>
    );
  }
  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await createTestClock({ frozen_time: toIso(start), ...(name.trim() ? { name: name.trim() } : {}) });
      setName('');
      await mutate();
      showToast('success', t('subscriptions.clocks.created'));
    } catch (createError) {
      toastApiError(createError, t('subscriptions.clocks.createFailed'));
    }
  };
  return (
    <section>
      <PageHeader title={t('subscriptions.clocks.title')} description={t('subscriptions.clocks.description')} />
      <Card className="mb-3">
        <Card.Body>
          <Form onSubmit={create} className="row g-2 align-items-end" data-testid="test-clock-create">
            <Form.Group className="col-md-4" controlId="clock-name">
              <Form.Label>{t('subscriptions.clocks.name')}</Form.Label>
              <Form.Control
                value={name}
                maxLength={120}
                onChange={(e) => setName(e.target.value)}
                placeholder={t('subscriptions.clocks.namePlaceholder')}
              />
            </Form.Group>
            <Form.Group className="col-md-4" controlId="clock-start">
              <Form.Label>{t('subscriptions.clocks.start')}</Form.Label>
              <Form.Control type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} required />
            </Form.Group>
            <div className="col-md-4">
              <Button type="submit" disabled={!start}>
                {t('subscriptions.clocks.create')}
              </Button>
            </div>
          </Form>
        </Card.Body>
      </Card>
      {error && <Alert variant="danger">{t('subscriptions.clocks.loadFailed')}</Alert>}
      {!data && !error && <PageSpinner />}
      {data?.results.length === 0 && (
        <ListEmpty title={t('subscriptions.clocks.none')} text={t('subscriptions.clocks.noneText')} />
      )}
      {data?.results.map((clock) => (
        <ClockCard key={clock.id} clock={clock} onAdvanced={() => void mutate()} />
      ))}
    </section>
  );
}

function ClockCard({ clock, onAdvanced }: { clock: TestClock; onAdvanced: () => void }) {
  const { t, locale } = usePortalI18n();
  const [to, setTo] = useState(() =>
    toLocal(new Date(new Date(clock.frozen_time).getTime() + 31 * 86_400_000).toISOString()),
  );
  const [busy, setBusy] = useState(false);
  const [happened, setHappened] = useState<ClockHappening[] | null>(null);
  const advance = async () => {
    setBusy(true);
    try {
      const res = await advanceTestClock(clock.id, toIso(to));
      setHappened(res.result.happened);
      onAdvanced();
      showToast('success', t('subscriptions.clocks.advanced'));
    } catch (advanceError) {
      toastApiError(advanceError, t('subscriptions.clocks.advanceFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="mb-3" data-testid="test-clock">
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <div>
            <h2 className="h6 mb-1">{clock.name || t('subscriptions.clocks.one')}</h2>
            <div className="small text-body-secondary">
              {t('subscriptions.clocks.now')}{' '}
              <span data-testid="test-clock-time">{formatMomentUtc(new Date(clock.frozen_time), locale)}</span>
              <span className="font-monospace ms-2">{clock.id}</span>
            </div>
          </div>
          <InputGroup style={{ maxWidth: 380 }}>
            <Form.Control
              type="datetime-local"
              aria-label={t('subscriptions.clocks.advanceTo')}
              value={to}
              min={toLocal(clock.frozen_time)}
              onChange={(e) => setTo(e.target.value)}
              data-testid="test-clock-to"
            />
            <Button onClick={advance} disabled={busy || !to} data-testid="test-clock-advance">
              {busy ? t('subscriptions.clocks.advancing') : t('subscriptions.clocks.advance')}
            </Button>
          </InputGroup>
        </div>
        {happened && (
          <ul className="small mt-3 mb-0" data-testid="test-clock-happened">
            {happened.length === 0 && <li>{t('subscriptions.clocks.nothing')}</li>}
            {happened.map((h) => (
              <li key={`${h.subscription_id}-${h.at}-${h.kind}-${h.message}`}>
                {formatMomentUtc(new Date(h.at), locale)}: {h.message}
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
