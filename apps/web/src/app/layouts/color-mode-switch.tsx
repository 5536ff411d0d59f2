// The header's theme switch: light, dark, or follow the system (Bootstrap colour modes; lib/color-mode.ts).
import type { ColorMode } from '@kassa/contract/color-mode';
import type { Translate } from '@kassa/contract/i18n/translate';
import Dropdown from 'react-bootstrap/Dropdown';
import { Icon, type IconName } from '../../components/icon.tsx';
import { useColorMode } from '../../lib/color-mode.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';

const CHOICES: { mode: ColorMode; label: (t: Translate) => string; icon: IconName }[] = [
  { mode: 'light', label: (t) => t('app.colorMode.light'), icon: 'sun' },
  { mode: 'dark', label: (t) => t('app.colorMode.dark'), icon: 'moon' },
  { mode: 'system', label: (t) => t('app.colorMode.system'), icon: 'monitor' },
];

export function ColorModeSwitch() {
  const { t } = usePortalI18n();
  const { mode, theme, setMode } = useColorMode();
  const current = CHOICES.find((c) => c.mode === mode) ?? CHOICES[2]!;
  return (
    <Dropdown align="end" className="color-mode-switch">
      <Dropdown.Toggle variant="link" className="icon-button" data-testid="color-mode-toggle">
        <Icon name={mode === 'system' ? (theme === 'dark' ? 'moon' : 'sun') : current.icon} />
        <span className="visually-hidden">{t('app.colorMode.current', { mode: current.label(t) })}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu data-testid="color-mode-menu">
        <Dropdown.Header>{t('app.colorMode.theme')}</Dropdown.Header>
        {CHOICES.map((choice) => (
          <Dropdown.Item
            key={choice.mode}
            as="button"
            type="button"
            active={choice.mode === mode}
            aria-pressed={choice.mode === mode}
            onClick={() => setMode(choice.mode)}
            data-testid={`color-mode-${choice.mode}`}
          >
            <Icon name={choice.icon} size={16} className="me-2" />
            {choice.label(t)}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
