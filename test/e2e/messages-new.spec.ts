// New conversations (issue 13 §1): the demo parent writes to their child's facilitator about that
// child (the child picker offers only their own children) and lands on the thread; after the sync
// the backend holds the conversation with its participants and child. The facilitator is offered
// the parents of their students and not a parent of another classroom. The navigation says how
// many messages are unread. Also axe in the three themes, and screenshots at 390 and 1280 px.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { open, signIn, syncSettled, useTheme, type ThemeName } from './fixtures';
import { themesThisRun } from './themes';

async function screenshots(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({
      path: `${process.env.SHOTS_DIR}/${name}-${width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The backend's view of one document (the fake's console control). */
async function backendDocument(page: Page, path: string) {
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  return page.evaluate(async (p) => (await window.__fakeFirebase?.getDocument(p)) ?? null, path);
}

test('a parent starts a conversation with their child’s facilitator about that child', async ({
  page,
}) => {
  await signIn(page, 'parent');
  await syncSettled(page);
  await open(page, '/dash/messages/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New conversation' })).toBeVisible();

  // The picker offers the parent's two children and nobody else's.
  const picker = page.getByRole('combobox', { name: 'About a child (optional)' });
  await page.getByRole('button', { name: 'Show all options' }).click();
  const choices = page.getByRole('listbox').getByRole('option');
  await expect(choices).toHaveCount(2);
  await expect(choices.filter({ hasText: 'Leo Whitfield' })).toHaveCount(1);
  await choices.filter({ hasText: 'Leo Whitfield' }).click();
  await expect(picker).toHaveValue(/Leo Whitfield/);

  // The people related to Leo come first (his facilitators), and the office at the end.
  const facilitator = page.getByRole('checkbox', { name: /Leo’s facilitator · Related to Leo$/ });
  await expect(facilitator.first()).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^The office/ })).toBeVisible();
  const facilitatorId = (await facilitator.first().getAttribute('value')) ?? '';
  await screenshots(page, 'messages-new-parent');

  // Nothing chosen yet: the form says what is missing and sends nothing.
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Choose at least one person to write to.')).toBeVisible();
  await expect(page.getByText('Enter the subject.')).toBeVisible();
  await screenshots(page, 'messages-new-errors');

  await facilitator.first().check();
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Leo’s reading book');
  await page
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Hello, Leo has finished his reading book.');
  await page.getByRole('button', { name: 'Send' }).click();

  await expect(page).toHaveURL(/\/dash\/messages\/conv-[0-9a-f-]+$/);
  const conversationId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'Leo’s reading book' })).toBeVisible();

  await syncSettled(page);
  await expect
    .poll(async () => (await backendDocument(page, `conversations/${conversationId}`)) !== null)
    .toBe(true);
  const conversation = await backendDocument(page, `conversations/${conversationId}`);
  expect(conversation).toMatchObject({
    subject: 'Leo’s reading book',
    participantIds: ['demo-parent', facilitatorId],
    studentId: 'stu-00000',
  });
  const messages = await page.evaluate(
    async (id) =>
      (await window.__fakeFirebase?.listDocuments(`conversations/${id}/messages`)) ?? [],
    conversationId,
  );
  expect(messages.map((m) => m.data.body)).toEqual(['Hello, Leo has finished his reading book.']);
});

test('a facilitator is offered the parents of their students and not another classroom’s', async ({
  page,
}) => {
  await signIn(page, 'facilitator');
  // A parent (with an account) of one of Daniel's students, and one of a classroom he does not teach.
  const { inside, outside } = await page.evaluate(async () => {
    const fake = window.__fakeFirebase;
    const lists = {
      students: (await fake?.listDocuments('students')) ?? [],
      families: (await fake?.listDocuments('families')) ?? [],
    };
    const list = (name: keyof typeof lists) => lists[name];
    const strings = (v: unknown) =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    const mine = new Set(strings((await fake?.getDocument('facilitators/fac-000'))?.classroomIds));
    const taught = new Set<string>();
    for (const s of list('students')) {
      if (strings(s.data.classroomIds).some((c) => mine.has(c))) {
        taught.add(String(s.data.familyId));
      }
    }
    const guardians = (inFamily: (id: string) => boolean) =>
      list('families')
        .filter((f) => inFamily(f.id))
        .flatMap((f) => (Array.isArray(f.data.guardians) ? f.data.guardians : []))
        .filter((g): g is { name: string; memberUUID: string } =>
          Boolean(g && typeof g === 'object' && 'memberUUID' in g && g.memberUUID),
        )
        .map((g) => g.name);
    const insideNames = guardians((id) => taught.has(id));
    const outsideNames = guardians((id) => !taught.has(id)).filter((n) => !insideNames.includes(n));
    return { inside: insideNames[0] ?? '', outside: outsideNames[0] ?? '' };
  });
  expect(inside).not.toBe('');
  expect(outside).not.toBe('');

  await syncSettled(page);
  await open(page, '/dash/messages/new');
  const recipients = page.getByRole('group', { name: 'To' });
  await expect(recipients.getByRole('checkbox', { name: new RegExp(`^${inside}`) })).toBeVisible();
  await expect(recipients.getByRole('checkbox', { name: /^The office/ })).toBeVisible();
  const filter = page.getByLabel('Find a person');
  if (await filter.count()) await filter.fill(outside);
  await expect(recipients.getByRole('checkbox', { name: new RegExp(`^${outside}`) })).toHaveCount(
    0,
  );
  await screenshots(page, 'messages-new-facilitator');
});

test('the navigation says how many messages the parent has not read', async ({ page }) => {
  await signIn(page, 'parent');
  await syncSettled(page);
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: /^Messages, \d+ unread$/ })).toBeVisible();
});

for (const theme of themesThisRun('messages-new.spec.ts', [
  'default',
  'dark',
  'accessible',
] as const satisfies readonly ThemeName[])) {
  test(`the new-conversation page passes axe in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await signIn(page, 'parent');
    await syncSettled(page);
    await open(page, '/dash/messages/new?child=stu-00000');
    await expect(page.getByRole('checkbox', { name: /Related to Leo$/ }).first()).toBeVisible();
    await expectNoViolations(page, theme, 'new conversation');
  });
}
