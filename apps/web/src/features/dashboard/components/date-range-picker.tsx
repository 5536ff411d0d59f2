// The dashboard's period: a preset (the last 7, 30 or 90 days) or a custom range of two dates,
// with the reason a custom range cannot be asked for shown beside it.
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Form from 'react-bootstrap/Form';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { PRESETS, type PresetKey } from './date-range.ts';

type DayRange = { from: string; to: string };

export function DateRangePicker({
  preset,
  setPreset,
  custom,
  setCustom,
  problem,
}: {
  preset: PresetKey;
  setPreset: (preset: PresetKey) => void;
  custom: DayRange;
  setCustom: (update: (range: DayRange) => DayRange) => void;
  problem: string | null;
}) {
  const { t } = usePortalI18n();
  return (
    <>
      <ButtonGroup aria-label={t('dashboard.range.label')}>
        {PRESETS.map((p) => (
          <Button
            key={p.key}
            variant={preset === p.key ? 'primary' : 'outline-primary'}
            onClick={() => setPreset(p.key)}
            data-testid={`range-${p.key}`}
          >
            {t('dashboard.range.days', { days: p.days })}
          </Button>
        ))}
        <Button
          variant={preset === 'custom' ? 'primary' : 'outline-primary'}
          onClick={() => setPreset('custom')}
          data-testid="range-custom"
        >
          {t('dashboard.range.custom')}
        </Button>
      </ButtonGroup>
      {preset === 'custom' && (
        <div className="d-flex gap-2 align-items-center flex-wrap">
          <Form.Control
            type="date"
            className="w-auto"
            value={custom.from}
            max={custom.to}
            onChange={(event) => setCustom((c) => ({ ...c, from: event.target.value }))}
            aria-label={t('dashboard.range.from')}
            isInvalid={Boolean(problem)}
            data-testid="range-from"
          />
          <span className="text-body-secondary">{t('dashboard.range.to')}</span>
          <Form.Control
            type="date"
            className="w-auto"
            value={custom.to}
            min={custom.from}
            onChange={(event) => setCustom((c) => ({ ...c, to: event.target.value }))}
            aria-label={t('dashboard.range.toLabel')}
            isInvalid={Boolean(problem)}
            data-testid="range-to"
          />
          {problem && <span className="text-danger small">{problem}</span>}
        </div>
      )}
    </>
  );
}
