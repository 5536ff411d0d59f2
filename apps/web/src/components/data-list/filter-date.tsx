import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { ListParams } from './use-list-params.ts';

/**
 * A day a list is filtered by, kept in the address bar under `filter` (YYYY-MM-DD, as the date
 * control gives it). Its label stays beside the control, since an empty date control shows only
 * the browser's placeholder. Its test id is filter-<key in kebab case>.
 */
export function FilterDate({
  list,
  filter,
  label,
  min,
  max,
  invalid = false,
}: {
  list: ListParams;
  filter: string;
  label: string;
  min?: string;
  max?: string;
  invalid?: boolean;
}) {
  const id = `filter-${filter.replaceAll('_', '-')}`;
  return (
    <InputGroup className="list-date-filter">
      <InputGroup.Text as="label" htmlFor={id}>
        {label}
      </InputGroup.Text>
      <Form.Control
        id={id}
        type="date"
        value={list.get(filter)}
        min={min || undefined}
        max={max || undefined}
        isInvalid={invalid}
        onChange={(event) => list.update({ [filter]: event.target.value })}
        data-testid={id}
      />
    </InputGroup>
  );
}
