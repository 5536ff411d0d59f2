// Which test clock a new test customer follows (none: the real time). Test mode only.
import Form from 'react-bootstrap/Form';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { useTestClocks } from '../api/subscriptions-api.ts';

export function TestClockSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = usePortalI18n();
  const clocks = useTestClocks().data?.results ?? [];
  if (clocks.length === 0) return null;
  return (
    <Form.Group className="mb-3" controlId="customer-test-clock">
      <Form.Label>{t('subscriptions.clocks.one')}</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)} data-testid="customer-test-clock">
        <option value="">{t('subscriptions.clocks.none')}</option>
        {clocks.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name || t('subscriptions.clocks.one')} —{' '}
            {new Date(c.frozen_time).toISOString().slice(0, 16).replace('T', ' ')} UTC
          </option>
        ))}
      </Form.Select>
      <Form.Text>{t('subscriptions.clocks.selectHelp')}</Form.Text>
    </Form.Group>
  );
}
