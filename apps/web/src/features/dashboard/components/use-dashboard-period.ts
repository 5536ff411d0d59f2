// The dashboard's period as the user chose it: a preset of the last N days or a custom range, the
// dates to ask the API for, and why a custom range cannot be asked for (then nothing is fetched).
import { useState } from 'react';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { lastDays, PRESETS, type PresetKey, rangeProblem } from './date-range.ts';

export function useDashboardPeriod() {
  const { t } = usePortalI18n();
  const [preset, setPreset] = useState<PresetKey>('30');
  const [custom, setCustom] = useState(() => lastDays(30));
  const range = preset === 'custom' ? custom : lastDays(PRESETS.find((p) => p.key === preset)?.days ?? 30);
  const problem = preset === 'custom' ? rangeProblem(custom.from, custom.to, t) : null;
  return { preset, setPreset, custom, setCustom, range, problem };
}
