import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { RichTextEditor } from '../rich-text-editor.tsx';

/** A form's rich-text comment (shown to the buyer on the payment page), labelled, with its error. */
export function RichTextField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  id,
  label,
  caption = label,
  labelClassName,
  groupClassName,
  error,
}: {
  control: Control<Values, unknown, Output>;
  name: Path<Values>;
  /** Also the test id. */
  id: string;
  /** The editor's accessible name. */
  label: string;
  /** The visible label, when it says more than `label`. */
  caption?: ReactNode;
  labelClassName?: string;
  groupClassName?: string;
  error?: string;
}) {
  return (
    <Form.Group className={groupClassName}>
      <Form.Label htmlFor={id} className={labelClassName}>
        {caption}
      </Form.Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RichTextEditor
            id={id}
            label={label}
            value={field.value}
            onChange={field.onChange}
            invalid={Boolean(error)}
            testId={id}
          />
        )}
      />
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </Form.Group>
  );
}
