import { expect, test } from '@playwright/test';
import { expectNotice, open } from './fixtures';
import { expectNoMotion, askForReducedMotion } from './layout-checks';

// Reduced motion on every page is the route matrix's (route-matrix.spec.ts asks for it on every visit
// and checks nothing moves, and checks 200 % text on a sample). This is the one place that shows
// the check has something to catch: without the setting the busy spinner does turn.
test('a busy button, its dialog and the notice after it stand still with reduced motion', async ({
  page,
}) => {
  await open(page, '/examples/modal-buttons');
  const spinning = () =>
    page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);

  // Without the setting the spinner turns: the check below has something to catch.
  await page.getByRole('button', { name: 'Busy state' }).click();
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('button', { name: 'Exporting…' })).toBeVisible();
  await expect.poll(spinning).toBeGreaterThan(0);
  await expectNotice(page, /Export ready/);

  await askForReducedMotion(page);
  await page.getByRole('button', { name: 'Busy state' }).click();
  await page.getByRole('button', { name: 'Export' }).click();
  const busy = page.getByRole('button', { name: 'Exporting…' });
  await expect(busy).toBeVisible();
  // The busy state is still shown, by a still circle and the words.
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  await expect(busy.locator('svg')).toBeVisible();
  await expectNoMotion(page, 'busy export dialog');
  // The one check of the toast itself: its motion is what is looked at, so it must be on screen.
  await expect(page.getByTestId('toast')).toHaveText(/Export ready/);
  await expectNoMotion(page, 'notice after the export');
});
