// What every benchmark shares: Debian's Chromium launched headless with the same quiet flags as
// the Playwright suite, and the median over a run's samples (non-numbers, i.e. failed samples, skipped).
import { chromium } from 'playwright-core';

export const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The quiet flags of playwright.config.ts (nothing reaches for Google services this machine cannot reach). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBenchBrowser() {
  return chromium.launch({ executablePath, args: ['--headless', ...CHROMIUM_FLAGS] });
}

export function median(values) {
  const sorted = values.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Signs in as the demo admin through the real login page, "Keep me signed in" ticked, and waits for
 * the dashboard (the load benchmark and the Lighthouse audit measure signed-in pages).
 */
export async function signInAsDemoAdmin(page, base) {
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail address').fill('admin@demo-learning.example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill('demo-password');
  await page.getByLabel('Keep me signed in on this device').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/dash\//);
  await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
}
