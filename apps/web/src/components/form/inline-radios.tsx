import type { ComponentProps } from 'react';
import Form from 'react-bootstrap/Form';

/**
 * One choice out of a few, as radios on one line: option `value` gets the id `<idPrefix>-<value>` and
 * the test id `<testIdPrefix>-<value>`. `inputProps` ties a radio to its form (a registration with its
 * value, or checked and onChange).
 */
export function InlineRadios<Value extends string>({
  options,
  idPrefix,
  testIdPrefix = idPrefix,
  inputProps,
}: {
  options: readonly (readonly [Value, string])[];
  idPrefix: string;
  testIdPrefix?: string;
  inputProps: (value: Value) => Omit<ComponentProps<typeof Form.Check>, 'id' | 'label'>;
}) {
  return options.map(([value, label]) => (
    <Form.Check
      key={value}
      inline
      type="radio"
      id={`${idPrefix}-${value}`}
      label={label}
      {...inputProps(value)}
      data-testid={`${testIdPrefix}-${value}`}
    />
  ));
}
