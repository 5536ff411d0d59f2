// A small set of line icons drawn for Kassa (24×24, stroke = currentColor), so the app needs no icon
// font or CDN.
const PATHS = {
  merchants: 'M4 10h16l-1.6-5H5.6z M5 10v9h14v-9 M10 19v-5h4v5',
  catalog: 'M4 4h7v7H4z M13 4h7v7h-7z M4 13h7v7H4z M13 13h7v7h-7z',
  transactions: 'M4 8h14l-3.5-3.5 M20 16H6l3.5 3.5',
  customers: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21c.9-4 4-6.5 8-6.5s7.1 2.5 8 6.5',
  'admin-users':
    'M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6z M12 11.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z M8.8 16c.7-1.4 1.8-2.2 3.2-2.2s2.5.8 3.2 2.2',
  industry: 'M3.5 12.5V4h8.5l9 9-8.5 8.5z M8 8.5h.01',
  providers: 'M9 3v5 M15 3v5 M6 8h12v3a6 6 0 0 1-12 0z M12 17v4',
  financial: 'M3 10l9-6 9 6 M5 10v8 M10 10v8 M14 10v8 M19 10v8 M3 21h18',
  'sub-merchants': 'M10 3h4v4h-4z M12 7v4 M6 15v-4h12v4 M4 15h4v5H4z M16 15h4v5h-4z',
  dashboard: 'M4 4h6v9H4z M14 4h6v5h-6z M14 13h6v7h-6z M4 17h6v3H4z',
  'virtual-terminal': 'M3 6h18v12H3z M3 10h18 M7 15h4',
  products: 'M3 7l9-4 9 4-9 4z M3 7v10l9 4 9-4V7 M12 11v10',
  'payment-connections':
    'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1 M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  'quick-payments': 'M13 3L5 14h6l-1 7 8-11h-6z',
  invoices: 'M6 3h9l4 4v14H6z M14 3v5h5 M9 12h7 M9 16h7',
  connections: 'M4 17l5-5 4 4 7-7 M14 9h6v6',
  users:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z M2.5 20c.8-3.5 3.4-5.5 6.5-5.5s5.7 2 6.5 5.5 M16 4.5a3.5 3.5 0 0 1 0 6.5 M18 14.8c1.9.7 3.1 2.5 3.5 5.2',
  setup: 'M4 6h9 M17 6h3 M4 12h3 M11 12h9 M4 18h11 M19 18h1 M15 4v4 M9 10v4 M17 16v4',
  embed: 'M8 8l-4 4 4 4 M16 8l4 4-4 4 M13.5 5.5l-3 13',
  menu: 'M4 6h16 M4 12h16 M4 18h16',
  'chevrons-left': 'M11 17l-5-5 5-5 M18 17l-5-5 5-5',
  'chevrons-right': 'M13 17l5-5-5-5 M6 17l5-5-5-5',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z M10 20.5a2 2 0 0 0 4 0',
  key: 'M14.5 9.5a4.5 4.5 0 1 1-1.3-3.2 M13.2 11.8L21 19.5V21h-3v-2h-2v-2h-2',
  'sign-out': 'M15 4h4v16h-4 M10 8l-4 4 4 4 M6 12h10',
  hourglass:
    'M7 3h10 M7 21h10 M8 3v2c0 2.5 1.8 4.5 4 7 2.2-2.5 4-4.5 4-7V3 M8 21v-2c0-2.5 1.8-4.5 4-7 2.2 2.5 4 4.5 4 7v2',
  lock: 'M6 11h12v10H6z M8.5 11V8a3.5 3.5 0 0 1 7 0v3 M12 15v2',
  mail: 'M3 6h18v12H3z M3 7l9 7 9-7',
  shield: 'M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6z M9 12l2 2 4-4',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z M12 14.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  'eye-off':
    'M3 3l18 18 M10.6 6c.5-.1.9-.1 1.4-.1 6 0 9.5 6.5 9.5 6.5a17 17 0 0 1-2.6 3.4 M6.5 7.4A16.6 16.6 0 0 0 2.5 12S6 18.5 12 18.5c1.7 0 3.2-.5 4.5-1.2 M10 10.2a2.5 2.5 0 0 0 3.6 3.5',
  sun: 'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M12 2v2 M12 20v2 M4.9 4.9l1.4 1.4 M17.7 17.7l1.4 1.4 M2 12h2 M20 12h2 M4.9 19.1l1.4-1.4 M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
  monitor: 'M3 4h18v12H3z M8 20h8 M12 16v4',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
