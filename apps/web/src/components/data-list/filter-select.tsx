import Form from 'react-bootstrap/Form';
import type { ListParams } from './use-list-params.ts';

/** Whether a search or any of the filters narrows the list. */
export const isFiltered = (list: ListParams, filters: readonly string[]) =>
  Boolean(list.search) || filters.some((key) => list.get(key));

/**
 * A list filter kept in the address bar under `filter`: "<label>: all" unless told otherwise, then
 * the options as [value, text]. Its test id is filter-<key in kebab case> unless told otherwise.
 */
export function FilterSelect({
  list,
  filter,
  label,
  options,
  allLabel = `${label}: all`,
  testId = `filter-${filter.replaceAll('_', '-')}`,
}: {
  list: ListParams;
  filter: string;
  label: string;
  options: readonly (readonly [string, string])[];
  allLabel?: string;
  testId?: string;
}) {
  return (
    <Form.Select
      aria-label={label}
      value={list.get(filter)}
      onChange={(event) => list.update({ [filter]: event.target.value })}
      data-testid={testId}
    >
      <option value="">{allLabel}</option>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </Form.Select>
  );
}
