// The colour mode every Kassa page follows (Bootstrap 5.3 colour modes: `data-bs-theme` on <html>).
// A person picks light, dark or "system" (follow the operating system's prefers-color-scheme) in the
// portal's header; the choice is kept in this browser (localStorage). The buyer pages follow the same
// stored choice, and the hosted card fields and the approval page take the theme of the page that
// embeds them when it passes one (the widget's `theme` option), else the system's.

export const COLOR_MODES = ['light', 'dark', 'system'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
export type ColorTheme = Exclude<ColorMode, 'system'>;

/** Where the choice is kept in the browser. */
export const COLOR_MODE_STORAGE_KEY = 'kassa-color-mode';

export const isColorMode = (value: unknown): value is ColorMode => COLOR_MODES.includes(value as ColorMode);
export const isColorTheme = (value: unknown): value is ColorTheme => value === 'light' || value === 'dark';

/** The theme a mode shows: "system" asks prefers-color-scheme. */
export const themeOf = (mode: ColorMode, systemPrefersDark: boolean): ColorTheme =>
  mode === 'system' ? (systemPrefersDark ? 'dark' : 'light') : mode;
