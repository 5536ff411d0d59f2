import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

/** An amount typed in the payment's currency (refund, capture), with what is wrong with it. */
export function AmountInput({
  id,
  currency,
  value,
  onChange,
  error,
}: {
  /** Also the test id; the error's test id is `${id}-error`. */
  id: string;
  currency: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null | undefined;
}) {
  return (
    <InputGroup hasValidation>
      <InputGroup.Text>{currency}</InputGroup.Text>
      <Form.Control
        id={id}
        inputMode="decimal"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={Boolean(error)}
        data-testid={id}
      />
      <Form.Control.Feedback type="invalid" data-testid={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </InputGroup>
  );
}
