// Parent inquiries from the family's side (issue 15): a family with no account asks about a place on
// /inquire and the inquiry exists in the backend as 'new'; the fourth inquiry of a day from one
// address gets the rate-limit message; invalid input gets field errors; offline, nothing is sent and
// nothing typed is lost. A signed-in parent asks from their dashboard page, online and offline, and
// follows their own inquiries there. Axe on every screen in the three themes. Each test has its own
// browser context, so its in-page fake backend starts from the seed.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { expectNotice, open, signIn, syncSettled, useTheme, type ThemeName } from './fixtures';
import { themesThisRun } from './themes';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results-b';
const RATE_LIMIT =
  'Too many inquiries from this e-mail address today. Please try again tomorrow or call the office.';
const OFFLINE = 'You are offline. Please send your inquiry when you are back online.';

/** The form's own message (the app's announcer is an alert region too, usually empty). */
const formAlert = (page: Page) => page.getByRole('main').getByRole('alert').first();

async function shots(page: Page, name: string) {
  const original = page.viewportSize();
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

interface Family {
  child: string;
  dateOfBirth: string;
  parent: string;
  email: string;
  message?: string;
}

async function fillInquiry(page: Page, family: Family) {
  await page.getByLabel("Child's full name").fill(family.child);
  await page.getByLabel('Date of birth').fill(family.dateOfBirth);
  await page.getByLabel('Your message (optional)').fill(family.message ?? '');
  await page.getByLabel('Your name').fill(family.parent);
  await page.getByLabel('E-mail').fill(family.email);
}

/** The backend's inquiries whose parent wrote from `email`. */
async function inquiriesFrom(page: Page, email: string) {
  return page.evaluate(async (address) => {
    const docs = (await window.__fakeFirebase?.listDocuments('parentInquiries')) ?? [];
    return docs
      .filter((d) => d.data.email === address)
      .map((d) => ({
        id: d.id,
        status: d.data.status,
        childName: d.data.childName,
        createdBy: d.data.createdBy ?? null,
        history: d.data.history,
      }));
  }, email);
}

const ravi: Family = {
  child: 'Anu Menon',
  dateOfBirth: '2020-06-15',
  parent: 'Ravi Menon',
  email: 'ravi.menon@mail.example',
  message: 'Is there a place in the spring term?',
};

test.describe('the public inquiry page', () => {
  test('a family without an account finds the page from sign-in and sends an inquiry', async ({
    page,
  }) => {
    await open(page, '/login');
    await page.getByRole('link', { name: 'Ask about a place' }).click();
    await expect(page).toHaveURL(/\/inquire$/);
    await expect(page).toHaveTitle(/Ask about a place/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ask about a place' })).toBeVisible();
    // A visitor cannot read the campuses: the office helps choose instead of an empty list.
    await expect(page.getByLabel('Campus')).toHaveCount(0);
    await expect(page.getByText('Not sure which campus suits you?')).toBeVisible();

    await fillInquiry(page, ravi);
    await expect(page.getByText('36 / 2,000')).toBeVisible();
    await shots(page, 'inquire-form');
    await page.getByRole('button', { name: 'Send inquiry' }).click();

    const thanks = page.getByRole('status').filter({ hasText: 'Thank you' });
    await expect(thanks).toContainText(`we will contact you at ${ravi.email}`);
    // The office to call, with its number from the school's record, as a link a phone can call.
    await expect(thanks).toContainText(/please call the office of .+ on \+?[\d ]+\./);
    await expect(thanks.getByRole('link', { name: /^\+?[\d ]+$/ })).toHaveAttribute(
      'href',
      /^tel:\+?\d+$/,
    );
    await expect(page.getByRole('button', { name: 'Send inquiry' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /your inquiry has been sent/ })).toBeFocused();
    await shots(page, 'inquire-thank-you');

    const stored = await inquiriesFrom(page, ravi.email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      status: 'new',
      childName: 'Anu Menon',
      createdBy: null,
      history: [{ by: 'public', status: 'new' }],
    });
  });

  test('invalid input shows a message beside each field and keeps what was typed', async ({
    page,
  }) => {
    await open(page, '/inquire');
    await page.getByLabel('Your name').fill('Ravi Menon');
    await page.getByLabel('E-mail').fill('ravi-at-mail');
    await page.getByLabel('Date of birth').fill('2099-01-01');
    await page.getByRole('button', { name: 'Send inquiry' }).click();

    await expect(formAlert(page)).toContainText('3 fields need attention');
    await expect(page.getByLabel("Child's full name")).toHaveAccessibleDescription(
      "Enter your child's name.",
    );
    await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(
      'Use an e-mail address like name@example.com.',
    );
    await expect(page.getByLabel('Date of birth')).toHaveAccessibleDescription(
      'The date of birth cannot be in the future.',
    );
    await expect(page.getByLabel('Your name')).toHaveValue('Ravi Menon');
    await expect(page.getByLabel('E-mail')).toHaveValue('ravi-at-mail');
    await shots(page, 'inquire-errors');
    expect(await inquiriesFrom(page, 'ravi-at-mail')).toEqual([]);
  });

  test('the fourth inquiry of a day from one address gets the rate-limit message', async ({
    page,
  }) => {
    const family = { ...ravi, email: 'busy.family@mail.example' };
    for (let i = 1; i <= 3; i++) {
      await open(page, '/inquire');
      await fillInquiry(page, { ...family, child: `Child ${i} Menon` });
      await page.getByRole('button', { name: 'Send inquiry' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();
    }
    await open(page, '/inquire');
    await fillInquiry(page, { ...family, child: 'Child 4 Menon' });
    await page.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(formAlert(page)).toContainText(RATE_LIMIT);
    await expect(page.getByLabel("Child's full name")).toHaveValue('Child 4 Menon');
    await shots(page, 'inquire-rate-limit');
    expect(await inquiriesFrom(page, family.email)).toHaveLength(3);
  });

  test('offline, nothing is sent and nothing typed is lost; back online it goes', async ({
    context,
    page,
  }) => {
    await open(page, '/inquire');
    await fillInquiry(page, ravi);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(formAlert(page)).toContainText(OFFLINE);
    await expect(page.getByLabel('Your message (optional)')).toHaveValue(ravi.message ?? '');
    await expect(page.getByLabel('E-mail')).toHaveValue(ravi.email);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();
    expect(await inquiriesFrom(page, ravi.email)).toHaveLength(1);
  });
});

const PARENT_EMAIL = 'parent@demo-learning.example';

test.describe("a parent's inquiries", () => {
  // Signing in and the first sync take a while on a busy machine.
  test.slow();
  test('a parent asks about a place from the dashboard and sees it in "Your inquiries"', async ({
    page,
  }) => {
    await signIn(page, 'parent');
    await open(page, '/dash/parent-inquiries');
    await syncSettled(page);
    const list = page.getByRole('region', { name: 'Your inquiries' });
    // The seed has two inquiries of the demo parent.
    await expect(list.getByRole('listitem')).toHaveCount(2);

    const form = page.getByRole('region', { name: 'Ask about a place' });
    // Their name and e-mail come from their profile.
    await expect(form.getByLabel('E-mail')).toHaveValue(PARENT_EMAIL);
    await expect(form.getByLabel('Your name')).not.toHaveValue('');
    await form.getByLabel("Child's full name").fill('Tara Whitfield');
    await form.getByLabel('Date of birth').fill('2021-02-03');
    const campus = form.getByLabel('Campus');
    const campusName = (await campus.locator('option').nth(1).textContent()) ?? '';
    await campus.selectOption({ index: 1 });
    await form.getByRole('button', { name: 'Send inquiry' }).click();

    await expectNotice(page, 'Inquiry sent');
    await expect(list.getByRole('listitem')).toHaveCount(3);
    const newest = list.getByRole('listitem').first();
    await expect(newest).toContainText('Tara Whitfield');
    await expect(newest).toContainText(campusName);
    await expect(newest).toContainText('New');
    await expect(newest).toContainText('Last step: Sent');
    // The form is empty again for the next child; the contact details stay.
    await expect(form.getByLabel("Child's full name")).toHaveValue('');
    await expect(form.getByLabel('E-mail')).toHaveValue(PARENT_EMAIL);

    await syncSettled(page);
    const stored = (await inquiriesFrom(page, PARENT_EMAIL)).filter(
      (i) => i.childName === 'Tara Whitfield',
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.status).toBe('new');
    expect(stored[0]?.createdBy).toEqual(expect.any(String));
    await shots(page, 'parent-inquiries');
  });

  test('offline, the inquiry is saved on the device, waits, and syncs once back online', async ({
    context,
    page,
  }) => {
    await signIn(page, 'parent');
    await open(page, '/dash/parent-inquiries');
    await syncSettled(page);
    await context.setOffline(true);
    const form = page.getByRole('region', { name: 'Ask about a place' });
    await form.getByLabel("Child's full name").fill('Kiran Offline');
    await form.getByLabel('Date of birth').fill('2019-09-09');
    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await expectNotice(page, 'Inquiry saved on this device');
    const list = page.getByRole('region', { name: 'Your inquiries' });
    const row = list.getByRole('listitem').filter({ hasText: 'Kiran Offline' });
    await expect(row).toContainText('Waiting to sync');
    await expect(row).toContainText('Campus not chosen yet');
    await shots(page, 'parent-inquiries-offline');
    expect(
      (await inquiriesFrom(page, PARENT_EMAIL)).filter((i) => i.childName === 'Kiran Offline'),
    ).toEqual([]);

    await context.setOffline(false);
    await syncSettled(page);
    await expect(row).not.toContainText('Waiting to sync', { timeout: 15_000 });
    const stored = (await inquiriesFrom(page, PARENT_EMAIL)).filter(
      (i) => i.childName === 'Kiran Offline',
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'new', history: [{ status: 'new' }] });
  });
});

for (const theme of themesThisRun('inquiries-public.spec.ts', [
  'default',
  'dark',
  'accessible',
] satisfies ThemeName[])) {
  test(`the inquiry pages pass axe in the ${theme} theme`, async ({ page }) => {
    test.slow();
    await useTheme(page, theme);
    await open(page, '/inquire');
    await expectNoViolations(page, theme, '/inquire form');
    await page.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(formAlert(page)).toContainText('fields need attention');
    await expectNoViolations(page, theme, '/inquire with errors');
    await fillInquiry(page, { ...ravi, email: `axe.${theme}@mail.example` });
    await page.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();
    await expectNoViolations(page, theme, '/inquire thank-you');
    if (theme !== 'default') await shots(page, `inquire-thank-you-${theme}`);

    await signIn(page, 'parent');
    await open(page, '/dash/parent-inquiries');
    await expect(page.getByRole('region', { name: 'Your inquiries' })).toBeVisible();
    await expectNoViolations(page, theme, '/dash/parent-inquiries (parent)');
    if (theme !== 'default') await shots(page, `parent-inquiries-${theme}`);
  });
}
