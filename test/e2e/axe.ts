// The accessibility check every browser spec uses: WCAG 2.0/2.1/2.2 A and AA in every theme, and AAA
// contrast (7:1) in the accessible theme. Sections that deliberately show another theme (the mobile
// action bar examples) are held to AA, not AAA.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { ThemeName } from './fixtures';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

function describeViolations(violations: { id: string; nodes: { target: unknown }[] }[]) {
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => String(n.target)).join(', ')}`);
}

export async function expectNoViolations(
  page: Page,
  theme: ThemeName,
  label: string,
  { soft = false }: { soft?: boolean } = {},
) {
  const check = soft ? expect.soft : expect;
  const aa = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  check(describeViolations(aa.violations), `${label} (${theme}, WCAG A/AA)`).toEqual([]);
  if (theme === 'accessible') {
    const aaa = await new AxeBuilder({ page })
      .withRules(['color-contrast-enhanced'])
      .exclude('[data-theme="default"]:not(html)')
      .exclude('[data-theme="dark"]:not(html)')
      .analyze();
    check(describeViolations(aaa.violations), `${label} (${theme}, AAA contrast)`).toEqual([]);
  }
}
