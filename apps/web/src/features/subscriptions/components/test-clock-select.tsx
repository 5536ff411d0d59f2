// Which test clock a new test customer follows (none: the real time). Test mode only.
import Form from 'react-bootstrap/Form';
import { useTestClocks } from '../api/subscriptions-api.ts';

export function TestClockSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const clocks = useTestClocks().data?.results ?? [];
  if (clocks.length === 0) return null;
  return (
    <Form.Group className="mb-3" controlId="customer-test-clock">
      <Form.Label>Test clock</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)} data-testid="customer-test-clock">
        <option value="">None (follows the real time)</option>
        {clocks.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name || 'Test clock'} — {new Date(c.frozen_time).toISOString().slice(0, 16).replace('T', ' ')} UTC
          </option>
        ))}
      </Form.Select>
      <Form.Text>Its subscriptions then follow the clock, which you move forward on the Test clocks page.</Form.Text>
    </Form.Group>
  );
}
