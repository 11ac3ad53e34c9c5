import type { Page } from '@playwright/test';
import { AXE_COLOR_RULES, expect, expectNoAxeViolations } from './fixtures';

export const COLOR_SCHEMES = ['light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/**
 * The scheme the page is drawn in, read from what it draws: the body's background, light or dark. The console's
 * theme (src/app/theme.ts) follows the system's preference until the operator picks one, by an attribute Mantine
 * sets on <html> when the preference changes; the server's own pages (the hosted flow) follow it by a media query.
 */
function drawnScheme(page: Page): Promise<ColorScheme> {
  return page.evaluate(() => {
    const [r = 0, g = 0, b = 0] = (
      getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g) ?? []
    ).map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b > 128 ? 'light' : 'dark';
  });
}

/** Asks the page for this scheme, as the system would, and waits until the page is drawn in it. */
export async function showInScheme(page: Page, colorScheme: ColorScheme): Promise<void> {
  await page.emulateMedia({ colorScheme });
  // A console page names its scheme on <html>; a choice the operator made in the tab would keep it from following.
  const named = await page.locator('html').getAttribute('data-mantine-color-scheme');
  if (named !== null)
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
  await expect
    .poll(() => drawnScheme(page), { message: `the page is drawn ${colorScheme}` })
    .toBe(colorScheme);
}

/**
 * axe on the page as it stands, in light and then in dark: the same page and state read twice, without a reload
 * (the switch changes only what is drawn). In light every rule is read; in dark the rules that read colours, since
 * the page's elements, names, roles and order are the ones just read in light: the rest of axe's answer cannot
 * change with the colours, and reading it twice cost a whole axe run per page. The page is left dark. A spec that
 * reads its pages so gives itself twice the AXE_SPEC_TIMEOUT it had in one scheme.
 */
export async function expectNoAxeViolationsInBothSchemes(page: Page): Promise<void> {
  for (const colorScheme of COLOR_SCHEMES) {
    await showInScheme(page, colorScheme);
    await expectNoAxeViolations(page, colorScheme === 'light' ? {} : { only: AXE_COLOR_RULES });
  }
}
