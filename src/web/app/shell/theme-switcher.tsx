import { useState } from 'react';
import { themeMessages } from '#core/messages/theme';
import { THEME_CHOICES, isThemeChoice } from '#core/theme';
import { chooseTheme, readThemeChoice } from '#web/lib/theme';
import { cn } from '#web/lib/cn';

/**
 * The header's theme choice: system, light or dark. A native select, labelled: keyboard use and
 * the announcement of its value come with it, and it costs the first screen no library
 * (decision 0035). Always on the navy header, so it is drawn dark in both themes.
 */
export function ThemeSwitcher({ className }: { className?: string }) {
  const [choice, setChoice] = useState(readThemeChoice);
  return (
    <label className={cn('flex items-center', className)}>
      <span className="sr-only">{themeMessages.label}</span>
      <select
        value={choice}
        // 'System' alone left people guessing (issue 36, item 6): what it follows is its description
        // (a title is one), and a hover shows it.
        title={choice === 'system' ? themeMessages.systemExplained : undefined}
        onChange={(event) => {
          const next = event.target.value;
          if (!isThemeChoice(next)) return;
          chooseTheme(next);
          setChoice(next);
        }}
        className="h-9 rounded border border-white/30 bg-navy px-2 text-sm text-white/85 scheme-dark hover:bg-white/10 hover:text-white"
      >
        {THEME_CHOICES.map((value) => (
          <option key={value} value={value}>
            {themeMessages.choices[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
