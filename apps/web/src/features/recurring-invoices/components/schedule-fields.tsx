// The schedule part of the recurring invoice form: how often, from when, until when, when each
// invoice is due and whether the saved card is charged. The coming send dates are shown as typed.
import { billingInterval } from '@kassa/contract/billing-calendar';
import { dayStart, sendDateAt, upcomingSendDates } from '@kassa/contract/recurring-invoices';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type Control, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import { SelectField, TextField } from '../../../components/form/text-field.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { formatDay, frequencyText } from './recurring-columns.tsx';
import type { RecurringFormOutput, RecurringFormValues } from './recurring-form.ts';

const UNITS = [
  ['day', 'recurring.schedule.days'],
  ['week', 'recurring.schedule.weeks'],
  ['month', 'recurring.schedule.months'],
  ['year', 'recurring.schedule.years'],
] as const;

/** The first send dates of the schedule as typed, or none while a field does not parse. */
function previewDates(v: Partial<Omit<RecurringFormValues, 'items'>>): string[] {
  const interval = billingInterval.safeParse(v.interval);
  const count = Number(v.interval_count);
  if (!interval.success || !Number.isInteger(count) || count < 1 || !v.start_date) return [];
  if (Number.isNaN(dayStart(v.start_date).getTime())) return [];
  const schedule = {
    interval: interval.data,
    intervalCount: count,
    anchorDate: v.start_date,
    periodIndex: 0,
    invoicesMade: 0,
    endAfterCount: v.end_kind === 'count' && Number(v.end_after_count) > 0 ? Number(v.end_after_count) : null,
    endDate: v.end_kind === 'date' && v.end_date ? v.end_date : null,
  };
  return sendDateAt(schedule, 0) ? upcomingSendDates(schedule, 3) : [];
}

export function ScheduleFields({
  control,
  register,
  errors,
}: {
  control: Control<RecurringFormValues, unknown, RecurringFormOutput>;
  register: UseFormRegister<RecurringFormValues>;
  errors: FieldErrors<RecurringFormValues>;
}) {
  const { t, locale } = usePortalI18n();
  const watched = useWatch({ control });
  const dates = previewDates(watched);
  const interval = billingInterval.safeParse(watched.interval);
  const every =
    interval.success && Number(watched.interval_count) > 0
      ? frequencyText(t, interval.data, Number(watched.interval_count))
      : '';
  return (
    <>
      <Form.Label htmlFor="rec-interval-count">{t('recurring.schedule.every')}</Form.Label>
      <Row className="g-2 mb-1">
        <Col xs={4}>
          <Form.Control
            id="rec-interval-count"
            inputMode="numeric"
            aria-label={t('recurring.schedule.howMany')}
            {...register('interval_count')}
            isInvalid={Boolean(errors.interval_count)}
            data-testid="rec-interval-count"
          />
        </Col>
        <Col xs={8}>
          <Form.Select
            aria-label={t('recurring.schedule.unit')}
            {...register('interval')}
            isInvalid={Boolean(errors.interval)}
            data-testid="rec-interval"
          >
            {UNITS.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </Form.Select>
        </Col>
      </Row>
      <div className="invalid-feedback d-block mb-2">{errors.interval_count?.message ?? errors.interval?.message}</div>
      {every && <div className="form-text mb-3">{every}</div>}
      <TextField
        id="rec-start-date"
        label={t('recurring.schedule.start')}
        type="date"
        groupClassName="mb-3"
        error={errors.start_date?.message}
        {...register('start_date')}
      />
      <SelectField
        id="rec-end-kind"
        label={t('recurring.schedule.ends')}
        groupClassName="mb-2"
        {...register('end_kind')}
      >
        <option value="never">{t('recurring.schedule.never')}</option>
        <option value="count">{t('recurring.schedule.afterCount')}</option>
        <option value="date">{t('recurring.schedule.onDate')}</option>
      </SelectField>
      {watched.end_kind === 'count' && (
        <TextField
          id="rec-end-count"
          label={t('recurring.schedule.count')}
          inputMode="numeric"
          groupClassName="mb-3"
          error={errors.end_after_count?.message}
          {...register('end_after_count')}
        />
      )}
      {watched.end_kind === 'date' && (
        <TextField
          id="rec-end-date"
          label={t('recurring.schedule.lastDate')}
          type="date"
          groupClassName="mb-3"
          error={errors.end_date?.message}
          {...register('end_date')}
        />
      )}
      <TextField
        id="rec-due-days"
        label={t('recurring.schedule.dueDays')}
        inputMode="numeric"
        groupClassName="mb-3"
        error={errors.due_in_days?.message}
        {...register('due_in_days')}
      />
      <Form.Check
        type="switch"
        id="rec-auto-charge"
        label={t('recurring.schedule.autoCharge')}
        className="mb-3"
        {...register('auto_charge')}
        data-testid="rec-auto-charge"
      />
      <div className="small" data-testid="rec-preview">
        <div className="text-body-secondary">{t('recurring.schedule.preview')}</div>
        {dates.length > 0 ? dates.map((day) => <div key={day}>{formatDay(day, locale)}</div>) : '—'}
      </div>
    </>
  );
}
