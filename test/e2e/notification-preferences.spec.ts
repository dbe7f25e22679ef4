// Issue 31: the profile's "Notifications" section (`/dash/profile#notifications`, the unsubscribe
// link of every e-mail). A parent chooses channels and quiet hours, saves, reloads and finds them
// kept, on their Members document as `preferences.reach`, with their sign-in preference untouched;
// a pause shows its end in the campus's zone and can be resumed; a half-filled quiet-hours pair is
// refused beside its field; and the keyboard reaches every control of the section.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAILS, open, signIn } from './fixtures';
import { expectVisibleFocus, tabTo } from './keyboard';

/** The parent's Members document's preferences, as the backend holds them. */
async function storedPreferences(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(async (email) => {
    const fake = window.__fakeFirebase;
    if (!fake) throw new Error('No fake backend');
    const members = await fake.listDocuments('Members');
    const own = members.find(({ data }) => data.email === email);
    const preferences: unknown = own?.data.preferences;
    return typeof preferences === 'object' && preferences !== null
      ? (preferences as Record<string, unknown>)
      : null;
  }, DEMO_EMAILS.parent);
}

const section = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const kind = (page: Page, name: string) => section(page).getByRole('group', { name });

test('a parent chooses channels and quiet hours, and finds them kept after a reload', async ({
  page,
}) => {
  await signIn(page, 'parent');
  await open(page, '/dash/profile#notifications');
  const notifications = section(page);
  await expect(notifications).toBeVisible();
  const before = await storedPreferences(page);

  // Parents route no inquiries; "In the app" is always on.
  await expect(kind(page, 'Parent inquiries')).toHaveCount(0);
  await expect(
    kind(page, 'Messages').getByLabel('In the app (always on)', { exact: true }),
  ).toBeDisabled();
  await expect(
    kind(page, 'Messages').getByLabel('In the app (always on)', { exact: true }),
  ).toBeChecked();
  // The defaults: messages and attendance (absence alerts, issue 32) by push, everything else in
  // the app only.
  await expect(
    kind(page, 'Messages').getByLabel('Push on my devices', { exact: true }),
  ).toBeChecked();
  await expect(
    kind(page, 'Attendance').getByLabel('Push on my devices', { exact: true }),
  ).toBeChecked();
  await expect(
    kind(page, 'Calendar events').getByLabel('E-mail', { exact: true }),
  ).not.toBeChecked();
  await expect(notifications).toContainText(/24-hour times in your campus's time zone, \S+/);

  await kind(page, 'Messages').getByLabel('Push on my devices', { exact: true }).uncheck();
  await kind(page, 'Messages').getByLabel('E-mail', { exact: true }).check();
  await kind(page, 'Calendar events').getByLabel('E-mail', { exact: true }).check();
  await kind(page, 'Attendance').getByLabel('Daily e-mail digest', { exact: true }).check();
  await notifications.getByLabel('From', { exact: true }).fill('22:00');
  await notifications.getByLabel('To', { exact: true }).fill('7:00');
  await notifications.getByRole('button', { name: 'Save notification preferences' }).click();

  // Saved through the queue to the backend (what lasts, not the toast).
  await expect
    .poll(async () => (await storedPreferences(page))?.reach, { timeout: 15_000 })
    .toEqual({
      channels: {
        messages: ['email'],
        events: ['email'],
        resources: [],
        attendance: ['push', 'digest'],
        inquiries: [],
      },
      quietHours: { start: '22:00', end: '07:00' },
      pausedUntil: null,
    });
  expect((await storedPreferences(page))?.persistLogin).toBe(before?.persistLogin);

  await page.reload();
  await expect(section(page)).toBeVisible();
  await expect(
    kind(page, 'Messages').getByLabel('Push on my devices', { exact: true }),
  ).not.toBeChecked();
  await expect(kind(page, 'Messages').getByLabel('E-mail', { exact: true })).toBeChecked();
  await expect(kind(page, 'Calendar events').getByLabel('E-mail', { exact: true })).toBeChecked();
  await expect(
    kind(page, 'Attendance').getByLabel('Daily e-mail digest', { exact: true }),
  ).toBeChecked();
  await expect(kind(page, 'Resources').getByLabel('E-mail', { exact: true })).not.toBeChecked();
  await expect(section(page).getByLabel('From', { exact: true })).toHaveValue('22:00');
  await expect(section(page).getByLabel('To', { exact: true })).toHaveValue('07:00');
});

test('a pause shows when it ends and can be resumed; a half-filled quiet-hours pair is refused', async ({
  page,
}) => {
  await signIn(page, 'parent');
  await open(page, '/dash/profile#notifications');
  const notifications = section(page);
  await expect(notifications.getByText('Not paused.')).toBeVisible();

  await notifications.getByLabel(/^Pause everything for this many days/).fill('31');
  await notifications.getByRole('button', { name: 'Pause notifications' }).click();
  await expect(notifications.getByText('Enter a number of days from 1 to 30.')).toBeVisible();

  await notifications.getByLabel(/^Pause everything for this many days/).fill('3');
  await notifications.getByRole('button', { name: 'Pause notifications' }).click();
  await expect(
    notifications.getByText(/^Paused until \w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d/),
  ).toBeVisible();
  await expect
    .poll(async () => {
      const reach = (await storedPreferences(page))?.reach as { pausedUntil?: unknown } | undefined;
      return typeof reach?.pausedUntil === 'string';
    })
    .toBe(true);

  await notifications.getByRole('button', { name: 'Resume now' }).click();
  await expect(notifications.getByText('Not paused.')).toBeVisible();
  await expect(notifications.getByRole('button', { name: 'Resume now' })).toHaveCount(0);

  await notifications.getByLabel('From', { exact: true }).fill('21:00');
  await notifications.getByRole('button', { name: 'Save notification preferences' }).click();
  const to = notifications.getByLabel('To', { exact: true });
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(
    notifications.getByText('Enter both times, or leave both empty for no quiet hours.'),
  ).toBeVisible();
  // What was typed stays.
  await expect(notifications.getByLabel('From', { exact: true })).toHaveValue('21:00');
});

test('the keyboard reaches every control of the Notifications section, with visible focus', async ({
  page,
}) => {
  await signIn(page, 'administration');
  await open(page, '/dash/profile#notifications');
  const notifications = section(page);
  // Office staff also route parent inquiries.
  await expect(kind(page, 'Parent inquiries')).toBeVisible();
  const controls = notifications.locator('input:not([type=hidden]):not([disabled]), button');
  const count = await controls.count();
  expect(count).toBeGreaterThan(15);
  // Start just above the section, then Tab through it in order.
  await page.getByRole('button', { name: 'Save preference' }).focus();
  await expectVisibleFocus(page, 'the control before the section');
  for (let i = 0; i < count; i += 1) {
    await tabTo(page, controls.nth(i), { max: 3 });
  }
});
