import Form from 'react-bootstrap/Form';

/** The search box of a list; the list debounces the value before it asks the API. */
export function ListSearch({
  value,
  onChange,
  placeholder,
  testId = 'list-search',
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  testId?: string;
}) {
  return (
    <Form.Control
      type="search"
      className="list-search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      aria-label={placeholder}
      data-testid={testId}
    />
  );
}
