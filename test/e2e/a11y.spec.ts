import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ROUTE_META } from '../../app/ui/route-meta';
import { open, useTheme, type ThemeName } from './fixtures';

const THEMES: ThemeName[] = ['default', 'dark', 'accessible'];
const PATHS = [...Object.keys(ROUTE_META), '/no/such/page'];
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const theme of THEMES) {
  test.describe(`accessibility in the ${theme} theme`, () => {
    for (const path of PATHS) {
      test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
        await useTheme(page, theme);
        await open(page, path);
        const describe = (violations: { id: string; nodes: { target: unknown }[] }[]) =>
          violations.map((v) => `${v.id}: ${v.nodes.map((n) => String(n.target)).join(', ')}`);
        const aa = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
        expect(describe(aa.violations)).toEqual([]);
        if (theme === 'accessible') {
          // AAA contrast in the accessible theme. Sections that deliberately show another theme
          // (the mobile action bar examples) are held to AA above, not AAA.
          const aaa = await new AxeBuilder({ page })
            .withRules(['color-contrast-enhanced'])
            .exclude('[data-theme="default"]:not(html)')
            .exclude('[data-theme="dark"]:not(html)')
            .analyze();
          expect(describe(aaa.violations)).toEqual([]);
        }
      });
    }
  });
}
