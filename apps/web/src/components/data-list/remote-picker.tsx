import type { Page } from '@kassa/contract/common';
import { useEffect, useId, useState } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import useSWR from 'swr';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { toQueryString } from './use-list-params.ts';

export interface PickedEntity {
  id: string;
  name: string;
}

const SUGGESTIONS = 8;

/**
 * Picks one entity (a merchant) by typing part of its name: the list behind it may hold ten thousand
 * merchants, far too many for a select. `endpoint` is a list route that takes search and page_size.
 */
export function RemotePicker({
  endpoint,
  value,
  onChange,
  placeholder,
  label,
  testId,
}: {
  endpoint: string;
  value: PickedEntity | null;
  onChange: (value: PickedEntity | null) => void;
  placeholder: string;
  label: string;
  testId: string;
}) {
  const { t } = usePortalI18n();
  const listId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);

  const key = open ? `${endpoint}${toQueryString({ search: query, page_size: SUGGESTIONS })}` : null;
  const { data, error, isLoading } = useSWR<Page<PickedEntity>>(key, { keepPreviousData: true });
  const options = data?.results ?? [];

  if (value) {
    return (
      <div className="remote-picker-value form-control" data-testid={`${testId}-value`}>
        <span className="text-truncate">{value.name}</span>
        <CloseButton
          aria-label={t('components.picker.clear', { label })}
          onClick={() => onChange(null)}
          data-testid={`${testId}-clear`}
        />
      </div>
    );
  }

  return (
    <div className="remote-picker">
      <Form.Control
        type="search"
        value={text}
        placeholder={placeholder}
        // A text box that opens a list of choices is a combobox: a plain search box may not say
        // whether a list is expanded.
        role="combobox"
        aria-autocomplete="list"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        data-testid={testId}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
      />
      {open && (
        <ul className="remote-picker-menu" id={listId} aria-label={label}>
          {error && <li className="remote-picker-note">{t('components.picker.loadFailed')}</li>}
          {!error && isLoading && options.length === 0 && (
            <li className="remote-picker-note">{t('components.loading')}</li>
          )}
          {!error && !isLoading && options.length === 0 && (
            <li className="remote-picker-note">{t('components.picker.noMatch')}</li>
          )}
          {options.map((option) => (
            <li key={option.id}>
              <button
                type="button"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  onChange({ id: option.id, name: option.name });
                  setText('');
                  setOpen(false);
                }}
                data-testid={`${testId}-option`}
              >
                {option.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
