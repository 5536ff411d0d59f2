// The header's "Test mode" switch (as in Stripe's dashboard): on, the dashboard and the transaction
// list show test-mode payments only; off, live payments only. Test money is never added to live.
import Form from 'react-bootstrap/Form';
import { setPaymentMode, usePaymentMode } from '../lib/payment-mode.ts';

export function TestModeSwitch() {
  const mode = usePaymentMode();
  return (
    <Form.Check
      type="switch"
      id="test-mode-switch"
      className={`test-mode-switch mb-0 me-3${mode === 'test' ? ' is-test' : ''}`}
      checked={mode === 'test'}
      onChange={(e) => setPaymentMode(e.target.checked ? 'test' : 'live')}
      label="Test mode"
      data-testid="test-mode-switch"
    />
  );
}
