import { type CSSVariablesResolver, createTheme, type MantineColorSchemeManager } from '@mantine/core';

/**
 * Contrast first: shade 8 for filled components (white text on shade 6 is 3.5:1, below WCAG AA), and a darker
 * "dimmed" text (gray 7) than Mantine's default.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  // An operator who asked their system for less motion gets dialogs and menus without their transitions.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  components: {
    // A label is exactly its text: the required asterisk is drawn by console.css, not written into the label.
    // (Plain objects, not Select.extend(): importing the components here would put them in the sign-in page's load.)
    InputWrapper: { defaultProps: { withAsterisk: false } },
    // Mantine's close button has an icon and no name of its own: a screen reader would say only "button".
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Picking the option already chosen keeps it: a choice is cleared only by a clear button (`clearable`). The list
    // of options is labelled by the field's label too, so it exists only while the operator has it open (a click, a
    // key, typing), not on focus and not hidden in the page: the label then names the field alone.
    Select: {
      defaultProps: {
        allowDeselect: false,
        openOnFocus: false,
        comboboxProps: { keepMounted: false, transitionProps: { duration: 0 } },
      },
    },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-gray-4)' },
});

/**
 * The operator's color scheme choice holds for the tab (sessionStorage, cleared at sign-out); until they choose, the
 * system's preference rules. Nothing goes to localStorage.
 */
export function tabColorSchemeManager(key = 'payout-console.color-scheme'): MantineColorSchemeManager {
  const read = () => {
    try {
      const value = sessionStorage.getItem(key);
      return value === 'light' || value === 'dark' || value === 'auto' ? value : null;
    } catch {
      return null;
    }
  };
  return {
    get: (defaultValue) => read() ?? defaultValue,
    set: (next) => {
      try {
        sessionStorage.setItem(key, next);
      } catch {
        // storage unavailable: the choice lasts until the page reloads
      }
    },
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => sessionStorage.removeItem(key),
  };
}

/** The per-response CSP nonce the console server writes into index.html, for the <style> elements Mantine adds. */
export function cspNonce(): string {
  const content = document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? '';
  return content.startsWith('__') ? '' : content;
}
