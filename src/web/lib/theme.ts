import { THEME_ATTRIBUTE, THEME_STORAGE_KEY, isThemeChoice, type ThemeChoice } from '#core/theme';

/**
 * The visitor's theme choice, kept in localStorage (src/core/theme.ts). The boot script in the page's
 * head applies the stored choice before the first paint; this applies a new one at once and keeps it.
 */

/** The stored choice; the system's setting when none is stored or storage is refused. */
export function readThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

/**
 * Shows the chosen theme and keeps the choice. System is kept as no value: the stylesheet then
 * follows the system's setting, as for a first visit.
 */
export function chooseTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute(THEME_ATTRIBUTE);
  else root.setAttribute(THEME_ATTRIBUTE, choice);
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (privacy settings): the theme still changes, for this page only.
  }
}
