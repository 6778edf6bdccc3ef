import type { ThemeChoice } from '../theme.js';

/** The header's theme switcher (spec section 2, App shell: the kept theme value; issue 19, item 4). */
export const themeMessages = {
  label: 'Theme',
  choices: { system: 'System', light: 'Light', dark: 'Dark' } satisfies Record<ThemeChoice, string>,
  /** Issue 36, item 6: 'System' alone was unexplained; the control's description says what it follows. */
  systemExplained: 'Follows your device',
} as const;
