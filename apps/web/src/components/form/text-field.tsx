// A labelled form box with its error underneath, for react-hook-form fields: spread register(name)
// into it. The test id defaults to the id.
import type { ComponentProps, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

interface FieldFrame {
  id: string;
  label: ReactNode;
  /** The field's error message; the box is marked invalid while there is one. */
  error?: string;
  /** Classes on the group, e.g. "mb-3". */
  groupClassName?: string;
  /** Shown under the box, e.g. a Form.Text. */
  hint?: ReactNode;
  testId?: string;
  errorTestId?: string;
  labelClassName?: string;
}

function Frame({
  id,
  label,
  error,
  groupClassName,
  hint,
  errorTestId,
  labelClassName,
  children,
}: Omit<FieldFrame, 'testId'> & { children: ReactNode }) {
  return (
    <Form.Group className={groupClassName} controlId={id}>
      <Form.Label className={labelClassName}>{label}</Form.Label>
      {children}
      <Form.Control.Feedback type="invalid" data-testid={errorTestId}>
        {error}
      </Form.Control.Feedback>
      {hint}
    </Form.Group>
  );
}

/** The frame's props apart from the box's, and the box's test id. */
function splitFrame<Props extends FieldFrame>({
  id,
  label,
  error,
  groupClassName,
  hint,
  testId,
  errorTestId,
  labelClassName,
  ...box
}: Props) {
  return { frame: { id, label, error, groupClassName, hint, errorTestId, labelClassName }, box, testId: testId ?? id };
}

export function TextField(props: FieldFrame & ComponentProps<typeof Form.Control>) {
  const { frame, box, testId } = splitFrame(props);
  return (
    <Frame {...frame}>
      <Form.Control {...box} isInvalid={Boolean(frame.error)} data-testid={testId} />
    </Frame>
  );
}

export function SelectField(props: FieldFrame & ComponentProps<typeof Form.Select>) {
  const { frame, box, testId } = splitFrame(props);
  return (
    <Frame {...frame}>
      <Form.Select {...box} isInvalid={Boolean(frame.error)} data-testid={testId} />
    </Frame>
  );
}
