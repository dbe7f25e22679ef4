// Shared Playwright helpers: open a page in a given theme and wait until the start cover is gone.
import { expect, type Page } from '@playwright/test';

export type ThemeName = 'default' | 'dark' | 'accessible';

export async function useTheme(page: Page, theme: ThemeName) {
  await page.addInitScript((value) => {
    // Only on the first document of the test: later reloads must see what the app stored.
    if (!sessionStorage.getItem('e2e-theme-set')) {
      localStorage.setItem('theme', value);
      sessionStorage.setItem('e2e-theme-set', '1');
    }
  }, theme);
}

export async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('start-cover')).toHaveCount(0);
}
