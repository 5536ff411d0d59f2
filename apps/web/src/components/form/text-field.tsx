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

export function TextField({
  id,
  label,
  error,
  groupClassName,
  hint,
  testId,
  errorTestId,
  labelClassName,
  ...control
}: FieldFrame & ComponentProps<typeof Form.Control>) {
  return (
    <Frame
      id={id}
      label={label}
      error={error}
      groupClassName={groupClassName}
      hint={hint}
      errorTestId={errorTestId}
      labelClassName={labelClassName}
    >
      <Form.Control {...control} isInvalid={Boolean(error)} data-testid={testId ?? id} />
    </Frame>
  );
}

export function SelectField({
  id,
  label,
  error,
  groupClassName,
  hint,
  testId,
  errorTestId,
  labelClassName,
  ...select
}: FieldFrame & ComponentProps<typeof Form.Select>) {
  return (
    <Frame
      id={id}
      label={label}
      error={error}
      groupClassName={groupClassName}
      hint={hint}
      errorTestId={errorTestId}
      labelClassName={labelClassName}
    >
      <Form.Select {...select} isInvalid={Boolean(error)} data-testid={testId ?? id} />
    </Frame>
  );
}
