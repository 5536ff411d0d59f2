import { useEffect, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import type { ListParams } from './use-list-params.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search box: what was typed goes to the address bar's `search` once typing pauses, so the
 * list is not fetched per key.
 */
export function SearchInput({
  list,
  placeholder,
  testId = 'list-search',
  label,
}: {
  list: ListParams;
  placeholder: string;
  testId?: string;
  label?: string;
}) {
  const { t } = usePortalI18n();
  const value = list.search;
  const [text, setText] = useState(value);
  const latest = useRef(list.update);
  latest.current = list.update;

  // The address bar may change the search from outside (Back, a cleared filter).
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => latest.current({ search: text.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <InputGroup className="list-search">
      <InputGroup.Text aria-hidden="true">
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </svg>
      </InputGroup.Text>
      <Form.Control
        type="search"
        value={text}
        placeholder={placeholder}
        aria-label={label ?? t('components.search')}
        data-testid={testId}
        onChange={(event) => setText(event.target.value)}
      />
    </InputGroup>
  );
}
