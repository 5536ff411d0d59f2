// The header's theme switch: light, dark, or follow the system (Bootstrap colour modes; lib/color-mode.ts).
import type { ColorMode } from '@kassa/contract/color-mode';
import Dropdown from 'react-bootstrap/Dropdown';
import { Icon, type IconName } from '../../components/icon.tsx';
import { useColorMode } from '../../lib/color-mode.ts';

const CHOICES: { mode: ColorMode; label: string; icon: IconName }[] = [
  { mode: 'light', label: 'Light', icon: 'sun' },
  { mode: 'dark', label: 'Dark', icon: 'moon' },
  { mode: 'system', label: 'System', icon: 'monitor' },
];

export function ColorModeSwitch() {
  const { mode, theme, setMode } = useColorMode();
  const current = CHOICES.find((c) => c.mode === mode) ?? CHOICES[2]!;
  return (
    <Dropdown align="end" className="color-mode-switch">
      <Dropdown.Toggle variant="link" className="icon-button" data-testid="color-mode-toggle">
        <Icon name={mode === 'system' ? (theme === 'dark' ? 'moon' : 'sun') : current.icon} />
        <span className="visually-hidden">Theme: {current.label}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu data-testid="color-mode-menu">
        <Dropdown.Header>Theme</Dropdown.Header>
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
            {choice.label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
