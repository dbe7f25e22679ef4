// A build without Firebase variables says loudly on the sign-in page that it is a demo and must not
// hold real data (issue 28): beside the demo accounts, as a note screen readers announce by name,
// in colours that keep their contrast in every theme. A build with a Firebase project says nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_CONSOLE_WARNING, DEMO_DATA_NOTICE, warnDemoModeOnce } from '~/config/demo';
import { SKINS } from '~/settings/skin';
import { THEMES } from '~/settings/theme';
import { LoginPage } from './LoginPage';

afterEach(cleanup);

const DEMO_ACCOUNT = {
  role: 'admin',
  email: 'admin@demo-learning.example',
  password: 'demo-password',
  displayName: 'Admin',
};

function renderLogin(data: { demoMode: boolean; demoAccounts: (typeof DEMO_ACCOUNT)[] }) {
  const Stub = createRemixStub([
    {
      path: '/login',
      Component: LoginPage,
      loader: () => ({
        redirectTo: null,
        signedOutMessage: null,
        rememberMe: false,
        googleAccounts: [],
        googleEnabled: false,
        ...data,
      }),
    },
  ]);
  render(<Stub initialEntries={['/login']} />);
}

/** The WCAG contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** A theme's `--lc-*` colours, from the stylesheet the app ships (app/tailwind.css). */
function themeColours(theme: string): Record<string, string> {
  const css = readFileSync(join(process.cwd(), 'app', 'tailwind.css'), 'utf8');
  const selector = `[data-theme='${theme}']`;
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block in app/tailwind.css`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/--lc-([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]),
  );
}

describe('the sign-in page of a demo build', () => {
  it('says beside the demo accounts that it is a demo and must not hold real data', async () => {
    renderLogin({ demoMode: true, demoAccounts: [DEMO_ACCOUNT] });
    const note = await screen.findByRole('note', { name: DEMO_DATA_NOTICE.title });
    expect(note).toHaveTextContent(/anyone who uses this demo can see and change it/);
    expect(note).toHaveTextContent(/Never enter real children’s or families’/);
    // In the demo accounts' own column, before them.
    const column = screen.getByRole('region', { name: 'Demo accounts' });
    expect(within(column).getByRole('note')).toBe(note);
    const useButton = within(column).getByRole('button', { name: 'Use the admin demo account' });
    expect(note.compareDocumentPosition(useButton) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('still says so when the demo accounts could not be listed', async () => {
    renderLogin({ demoMode: true, demoAccounts: [] });
    expect(await screen.findByRole('note', { name: DEMO_DATA_NOTICE.title })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Demo accounts' })).toBeNull();
  });

  it('says nothing of the kind in a build with a Firebase project', async () => {
    renderLogin({ demoMode: false, demoAccounts: [] });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText(DEMO_DATA_NOTICE.title)).toBeNull();
  });

  it('draws the notice in the warning colours, which keep AA contrast in all three themes', () => {
    for (const theme of THEMES) {
      expect(SKINS[theme].warning).toContain('text-warning');
      expect(SKINS[theme].warning).toContain('bg-warning-soft');
      const colours = themeColours(theme);
      const text = colours.warning;
      const background = colours['warning-soft'];
      if (!text || !background) throw new Error(`${theme}: no warning colours`);
      expect(contrast(text, background), theme).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('the console of a demo build', () => {
  it('warns once per page load, as a warning and never as an error', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    warnDemoModeOnce();
    warnDemoModeOnce();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(DEMO_CONSOLE_WARNING);
    expect(DEMO_CONSOLE_WARNING).toMatch(/DEMO MODE.*must not hold real children’s/s);
  });
});
