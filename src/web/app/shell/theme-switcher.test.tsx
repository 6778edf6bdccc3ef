/** The header's theme switcher (issue 19, item 4; spec section 2, App shell: the kept theme value). */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_BOOT_SCRIPT } from '#core/theme';
import { mockApi, renderRoute } from '#web/test/render';

const html = document.documentElement;

/** The switcher in the header, on a quiet page. */
async function renderSwitcher() {
  mockApi({ '/api/sides': [], '/api/regiments': [], '/api/officers/search': [] });
  renderRoute('/search');
  const switcher = await screen.findByRole('combobox', { name: 'Theme' });
  // In the header, with the main links (and folded into the menu with them on a small screen).
  expect(screen.getByRole('navigation', { name: 'Main' })).toContainElement(switcher);
  return switcher;
}

/** Runs the page head's script, as the browser does before the first paint. */
function runBootScript() {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script's text is what the HTML carries
  new Function(THEME_BOOT_SCRIPT)();
}

afterEach(() => {
  // The worker's jsdom is shared by the test files (vitest.config.ts): leave no theme behind.
  localStorage.clear();
  html.removeAttribute('data-theme');
});

describe('the theme switcher', () => {
  it('offers system, light and dark, and follows the system until the visitor chooses', async () => {
    const switcher = await renderSwitcher();
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['System', 'Light', 'Dark']);
    expect(switcher).toHaveDisplayValue('System');
    // Issue 36: 'System' is explained: it follows the device.
    expect(switcher).toHaveAccessibleDescription('Follows your device');
    expect(html).not.toHaveAttribute('data-theme');
  });

  it('shows the chosen theme at once and remembers it for the next visit', async () => {
    const user = userEvent.setup();
    const switcher = await renderSwitcher();

    await user.selectOptions(switcher, 'Dark');
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(switcher).toHaveDisplayValue('Dark');

    await user.selectOptions(switcher, 'Light');
    expect(html).toHaveAttribute('data-theme', 'light');
    expect(localStorage.getItem('theme')).toBe('light');

    // Back to the system's setting: nothing kept, the stylesheet follows prefers-color-scheme.
    await user.selectOptions(switcher, 'System');
    expect(html).not.toHaveAttribute('data-theme');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('shows the remembered choice when the page opens', async () => {
    localStorage.setItem('theme', 'dark');
    runBootScript();
    const switcher = await renderSwitcher();
    expect(switcher).toHaveDisplayValue('Dark');
    expect(html).toHaveAttribute('data-theme', 'dark');
  });

  it('still switches when the browser refuses storage, for this page only', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    const user = userEvent.setup();
    const switcher = await renderSwitcher();
    expect(switcher).toHaveDisplayValue('System');

    await user.selectOptions(switcher, 'Dark');
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(switcher).toHaveDisplayValue('Dark');
  });
});

describe("the page head's theme script", () => {
  it('applies a stored light or dark choice', () => {
    localStorage.setItem('theme', 'dark');
    runBootScript();
    expect(html).toHaveAttribute('data-theme', 'dark');
    localStorage.setItem('theme', 'light');
    runBootScript();
    expect(html).toHaveAttribute('data-theme', 'light');
  });

  it('leaves the system to decide when nothing, or nothing it knows, is stored', () => {
    runBootScript();
    expect(html).not.toHaveAttribute('data-theme');
    localStorage.setItem('theme', '"><script>');
    runBootScript();
    expect(html).not.toHaveAttribute('data-theme');
  });

  it('does not stop the page when storage is refused', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    expect(runBootScript).not.toThrow();
    expect(html).not.toHaveAttribute('data-theme');
  });
});
