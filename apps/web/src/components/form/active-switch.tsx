import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The "Active" switch of a product or quick payment form: off, buyers cannot pay. */
export function ActiveSwitch({
  id,
  label,
  registration,
}: {
  /** Also the test id. */
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
}) {
  return <Form.Check type="switch" id={id} label={label} {...registration} data-testid={id} />;
}
