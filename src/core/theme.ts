/**
 * The site's colour themes (spec section 2, App shell: "a theme value is kept"; issue 19, item 4).
 * The visitor's choice is kept in the browser's localStorage; no choice means the system's setting.
 * The chosen theme is written on <html> as data-theme="light" or "dark"; without the attribute the
 * stylesheet follows prefers-color-scheme itself (src/web/styles.css), so a change of the system
 * setting shows at once and no script has to watch it.
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_STORAGE_KEY = 'theme';
export const THEME_ATTRIBUTE = 'data-theme';

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice);
}

/**
 * Runs in the page's <head> before anything is painted, so a stored choice of dark never shows a
 * flash of the light page. Inline, because an external script would cost a request before the first
 * paint; the Content Security Policy allows exactly this text by its hash (src/server/app.ts), so its
 * text must not change between the HTML (vite.config.ts writes it in) and the policy. The try: a
 * browser that refuses storage (privacy settings) must still show the page.
 */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");if(t==="light"||t==="dark")document.documentElement.setAttribute("${THEME_ATTRIBUTE}",t)}catch(e){}`;
