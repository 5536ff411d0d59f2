// Several industry types out of a list that may be long (up to 1000): a filter box over a scrolling
// list of checkboxes, with the chosen count.
import type { IndustryType } from '@kassa/contract/industry-types';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

export function IndustryChecklist({
  options,
  value,
  onChange,
  isInvalid,
  error,
}: {
  options: readonly IndustryType[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  isInvalid: boolean;
  error?: string;
}) {
  const { t } = usePortalI18n();
  const [filter, setFilter] = useState('');
  const shown = options.filter((o) => o.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <fieldset>
      <legend className="form-label fs-6 mb-1">
        {t('financialConnections.form.industryTypes')}{' '}
        <span className="text-body-secondary small">
          {t('financialConnections.form.chosen', { count: value.length })}
        </span>
      </legend>
      <Form.Control
        size="sm"
        type="search"
        placeholder={t('financialConnections.form.filterIndustries')}
        aria-label={t('financialConnections.form.filterIndustries')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        className="mb-2"
      />
      <div className={`industry-checklist ${isInvalid ? 'is-invalid' : ''}`} data-testid="fc-industries">
        {options.length === 0 && (
          <p className="small text-body-secondary mb-0">{t('financialConnections.form.noIndustries')}</p>
        )}
        {shown.map((option) => (
          <Form.Check
            key={option.id}
            id={`fc-industry-${option.id}`}
            label={option.name}
            checked={value.includes(option.id)}
            onChange={(event) => toggle(option.id, event.currentTarget.checked)}
            data-testid="fc-industry-option"
          />
        ))}
      </div>
      {isInvalid && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}
