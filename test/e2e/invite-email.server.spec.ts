// Invitations that arrive by e-mail (issue 31), in server mode: the admin and the invitee are two
// browser contexts of one demo school (two in-page contexts would be two separate schools). The
// admin invites; the fake writes the invitation into `mail`; the invitee opens its link in their
// own browser, sets a password (a mismatch is refused first), signs in and lands on their
// dashboard. The admin's screen never shows a password; the used link then says it is used.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { fakeControlHeaders, open, signIn } from './fixtures';

test.beforeEach(async ({ request }) => {
  const reset = await request.post('/__fake/reset', {
    data: {},
    headers: await fakeControlHeaders(request),
  });
  expect(reset.ok()).toBe(true);
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The invitation e-mails to `address`, read through the fake's control (awaited: server mode). */
async function invitationsTo(page: Page, address: string) {
  return page.evaluate(async (to) => {
    const mails = (await window.__fakeFirebase?.listDocuments('mail')) ?? [];
    return mails
      .filter((m) => m.data.kind === 'invitation' && JSON.stringify(m.data.to) === `["${to}"]`)
      .map((m) => m.data as { message: { subject: string; text: string; html: string } });
  }, address);
}

test('an invited member sets a password from the e-mail’s link and signs in; the office never sees a password', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const address = `invitee.${Date.now()}@mail.example`;
  const chosen = 'a-password-of-my-own';

  const admin = await newPage(browser);
  await signIn(admin, 'admin');
  await open(admin, '/dash/members/invite');
  await admin.getByLabel('E-mail address').fill(address);
  await admin.getByLabel('Display name').fill('Efua Asante');
  await admin.getByRole('checkbox', { name: 'Parent', exact: true }).check();
  await admin.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    admin.getByRole('heading', { name: `Invitation sent to ${address}.` }),
  ).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Send again' })).toBeVisible();
  // No password field and no first password anywhere on the admin's screen.
  await expect(admin.locator('input[type="password"]')).toHaveCount(0);
  await expect(admin.locator('body')).not.toContainText(/welcome-|temporary password/i);

  const [mail, ...more] = await invitationsTo(admin, address);
  expect(more).toHaveLength(0);
  expect(mail?.message.subject).toBe('You are invited to Learning Centre');
  const link = /Set your password: (\S+)/.exec(mail?.message.text ?? '')?.[1] ?? '';
  expect(link).toMatch(/\/auth\/action\?mode=resetPassword&oobCode=/);
  expect(mail?.message.html).toContain(link.replaceAll('&', '&amp;'));

  // The invitee, on their own device.
  const invitee = await newPage(browser);
  await invitee.goto(link);
  await expect(
    invitee.getByRole('heading', { level: 1, name: `Set a password for ${address}` }),
  ).toBeVisible();
  await invitee.getByLabel('New password', { exact: true }).fill(chosen);
  await invitee.getByLabel('Repeat the new password').fill('something-else');
  await invitee.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(invitee.getByText('The two passwords are not the same.')).toBeVisible();
  await invitee.getByLabel('New password', { exact: true }).fill(chosen);
  await invitee.getByLabel('Repeat the new password').fill(chosen);
  await invitee.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(invitee).toHaveURL(/\/dash\//);
  await expect(invitee.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();

  // The admin's screen still shows no password.
  await expect(admin.locator('body')).not.toContainText(chosen);

  // The link worked once: opened again elsewhere, it says so and where to turn.
  const later = await newPage(browser);
  await later.goto(link);
  await expect(
    later.getByRole('heading', {
      level: 1,
      name: 'This link has already been used or is not complete',
    }),
  ).toBeVisible();
  await expect(
    later.getByText(/ask the centre’s office to send the invitation again/),
  ).toBeVisible();
  await expect(later.getByRole('link', { name: 'Go to the sign-in page' })).toBeVisible();

  // And the new password signs in on the sign-in page too.
  await open(later, '/login');
  await later.getByLabel('E-mail address').fill(address);
  await later.getByRole('button', { name: 'Continue' }).click();
  await later.getByLabel('Password', { exact: true }).fill(chosen);
  await later.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(later).toHaveURL(/\/dash\//);
});

test('a link of another kind says this page cannot use it', async ({ page }) => {
  await open(page, '/auth/action?mode=verifyEmail&oobCode=whatever');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This link cannot be used here' }),
  ).toBeVisible();
});
