// Test clocks (test mode): create one, attach test customers to it when creating them (the customer
// form), and move it forward with a date-time picker to watch trials end, renewals, failures and
// retries happen; what the last advance did is listed under the clock.
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
import { advanceTestClock, createTestClock, useTestClocks } from './api/subscriptions-api.ts';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
/** A datetime-local value (UTC) as the API's ISO time. */
const toIso = (local: string) => `${local}:00Z`;
const toLocal = (iso: string) => iso.slice(0, 16);

export function TestClocksPage() {
  const mode = usePaymentMode();
  const { data, error, mutate } = useTestClocks();
  const [start, setStart] = useState(() => toLocal(new Date().toISOString()));
  const [name, setName] = useState('');
  if (mode !== 'test') {
    return (
      <section>
        <PageHeader title="Test clocks" description="Simulate time for test subscriptions." />
        <Alert variant="info">Test clocks work in test mode only. Switch Test mode on to use them.</Alert>
      </section>
    );
  }
  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await createTestClock({ frozen_time: toIso(start), ...(name.trim() ? { name: name.trim() } : {}) });
      setName('');
      await mutate();
      showToast('success', 'Test clock created.');
    } catch (createError) {
      toastApiError(createError, 'The clock was not created.');
    }
  };
  return (
    <section>
      <PageHeader
        title="Test clocks"
        description="Attach test customers to a clock when you create them; their subscriptions follow it, not the real time."
      />
      <Card className="mb-3">
        <Card.Body>
          <Form onSubmit={create} className="row g-2 align-items-end" data-testid="test-clock-create">
            <Form.Group className="col-md-4" controlId="clock-name">
              <Form.Label>Name</Form.Label>
              <Form.Control
                value={name}
                maxLength={120}
                onChange={(e) => setName(e.target.value)}
                placeholder="Monthly plan"
              />
            </Form.Group>
            <Form.Group className="col-md-4" controlId="clock-start">
              <Form.Label>Starts at (UTC)</Form.Label>
              <Form.Control type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} required />
            </Form.Group>
            <div className="col-md-4">
              <Button type="submit" disabled={!start}>
                Create test clock
              </Button>
            </div>
          </Form>
        </Card.Body>
      </Card>
      {error && <Alert variant="danger">The clocks could not be loaded.</Alert>}
      {!data && !error && <PageSpinner />}
      {data?.results.length === 0 && (
        <ListEmpty title="No test clocks yet" text="Create one above to simulate months of billing in seconds." />
      )}
      {data?.results.map((clock) => (
        <ClockCard key={clock.id} clock={clock} onAdvanced={() => void mutate()} />
      ))}
    </section>
  );
}

function ClockCard({ clock, onAdvanced }: { clock: TestClock; onAdvanced: () => void }) {
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
      showToast('success', 'Test clock advanced.');
    } catch (advanceError) {
      toastApiError(advanceError, 'The clock did not move.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="mb-3" data-testid="test-clock">
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <div>
            <h2 className="h6 mb-1">{clock.name || 'Test clock'}</h2>
            <div className="small text-body-secondary">
              Now: <span data-testid="test-clock-time">{when.format(new Date(clock.frozen_time))} UTC</span>
              <span className="font-monospace ms-2">{clock.id}</span>
            </div>
          </div>
          <InputGroup style={{ maxWidth: 380 }}>
            <Form.Control
              type="datetime-local"
              aria-label="Advance to (UTC)"
              value={to}
              min={toLocal(clock.frozen_time)}
              onChange={(e) => setTo(e.target.value)}
              data-testid="test-clock-to"
            />
            <Button onClick={advance} disabled={busy || !to} data-testid="test-clock-advance">
              {busy ? 'Advancing…' : 'Advance'}
            </Button>
          </InputGroup>
        </div>
        {happened && (
          <ul className="small mt-3 mb-0" data-testid="test-clock-happened">
            {happened.length === 0 && <li>Nothing was due by then.</li>}
            {happened.map((h) => (
              <li key={`${h.subscription_id}-${h.at}-${h.kind}-${h.message}`}>
                {when.format(new Date(h.at))}: {h.message}
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
