// The header's "Test mode" switch (as in Stripe's dashboard): on, the dashboard and the transaction
// list show test-mode payments only; off, live payments only. Test money is never added to live.
import Form from 'react-bootstrap/Form';
import { setPaymentMode, usePaymentMode } from '../lib/payment-mode.ts';
import { usePortalI18n } from '../lib/use-portal-i18n.ts';

export function TestModeSwitch() {
  const { t } = usePortalI18n();
  const mode = usePaymentMode();
  return (
    <Form.Check
      type="switch"
      id="test-mode-switch"
      className={`test-mode-switch mb-0 me-3${mode === 'test' ? ' is-test' : ''}`}
      checked={mode === 'test'}
      onChange={(e) => setPaymentMode(e.target.checked ? 'test' : 'live')}
      label={t('components.testMode')}
      data-testid="test-mode-switch"
    />
  );
}
