// Event replies and consent (issue 32), through the real screens of the production build in demo
// mode: the office asks Leo's class for consent to a museum trip, with a deadline; the demo parent
// Grace Whitfield gives consent from her home's "Needs your reply" and the event dialog, and a
// second family's guardian answers as their own device would (written straight to the fake); the
// office's replies page counts 2 yes and the rest waiting, reminds the families still to answer (a
// waiting family's guardian gets the notice, the families who answered do not), and exports a CSV
// with a row per child, guardian names and times. After the deadline Grace can no longer change
// her answer. People take turns in one browser context, because each context's in-page fake is a
// demo school of its own.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import {
  addDays,
  expectNotice,
  open,
  SCHOOL_FRIDAY_DATE,
  screenshotSizes,
  setSchoolDay,
  signIn,
  syncSettled,
  type DemoRole,
} from './fixtures';

const TITLE = 'Science museum trip';
const LEO = 'stu-00000';
/** The trip: a week from the school Friday; replies close on the Monday before, 17:00 campus time. */
const TRIP_DAY = addDays(SCHOOL_FRIDAY_DATE, 7);
const CLOSE_DAY = addDays(SCHOOL_FRIDAY_DATE, 3);
/** Monday 30 November 2026, 17:00 in Asia/Kolkata (the seeded campuses' zone). */
const DEADLINE = new Date(`${CLOSE_DAY}T11:30:00.000Z`);

test.beforeEach(async ({ page }) => {
  await setSchoolDay(page);
});

async function signOutAndIn(page: Page, role: DemoRole) {
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, role);
}

interface Child {
  studentId: string;
  name: string;
  familyId: string;
  classroomIds: string[];
  /** The family's guardian with an account: their uid and the name their profile gives. */
  guardianUid: string;
  guardianName: string;
}

/** Leo's classroom, and every enrolled child of it whose family has a guardian with an account. */
async function classOfLeo(page: Page) {
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  const found = await page.evaluate(async (leo) => {
    const fake = window.__fakeFirebase;
    if (!fake) return null;
    const student = await fake.getDocument(`students/${leo}`);
    const classroomId = Array.isArray(student?.classroomIds) ? String(student.classroomIds[0]) : '';
    const classroom = await fake.getDocument(`classrooms/${classroomId}`);
    const campus = await fake.getDocument(`campuses/${String(classroom?.campusId)}`);
    const roster = (await fake.listDocuments('students')).filter(
      (d) =>
        Array.isArray(d.data.classroomIds) &&
        d.data.classroomIds.includes(classroomId) &&
        d.data.status === 'enrolled',
    );
    const withAccounts = [];
    for (const d of roster) {
      const family = await fake.getDocument(`families/${String(d.data.familyId)}`);
      const guardians = Array.isArray(family?.guardians) ? (family.guardians as unknown[]) : [];
      const withAccount = guardians.find(
        (g) =>
          typeof g === 'object' && g !== null && typeof Reflect.get(g, 'memberUUID') === 'string',
      );
      const uid = withAccount ? String(Reflect.get(withAccount, 'memberUUID')) : '';
      if (!uid) continue;
      const member = await fake.getDocument(`Members/${uid}`);
      const first = String(d.data.preferredName || d.data.firstName);
      withAccounts.push({
        studentId: d.id,
        name: `${first} ${String(d.data.lastName)}`,
        familyId: String(d.data.familyId),
        classroomIds: Array.isArray(d.data.classroomIds) ? d.data.classroomIds.map(String) : [],
        guardianUid: uid,
        guardianName: typeof member?.displayName === 'string' ? member.displayName : '',
      });
    }
    return {
      classroomId,
      classroomName: String(classroom?.name),
      campusName: String(campus?.name),
      roster: roster.map((d) => ({ id: d.id, familyId: String(d.data.familyId) })),
      withAccounts,
    };
  }, LEO);
  if (!found) throw new Error('No fake backend');
  return found;
}

/** The second family's guardian answers yes, as their own device would write it. */
async function answerAsGuardian(page: Page, eventId: string, child: Child) {
  await page.evaluate(
    async ({ eventId, child }) => {
      const fake = window.__fakeFirebase;
      if (!fake) throw new Error('No fake backend');
      const now = new Date();
      await fake.setDocument(`eventReplies/${eventId}_${child.studentId}`, {
        eventId,
        studentId: child.studentId,
        familyId: child.familyId,
        classroomIds: child.classroomIds,
        kind: 'consent',
        answer: 'yes',
        wording: `I give consent for ${child.name} to go to the science museum.`,
        guardianName: child.guardianName,
        repliedBy: child.guardianUid,
        createdBy: child.guardianUid,
        updatedBy: child.guardianUid,
        // A Date is stored as a timestamp, as the backend's own `updatedAt` is.
        createdAt: now,
        updatedAt: now,
      });
    },
    { eventId, child },
  );
}

/** The reminder notices the backend wrote for a member about this event. */
async function remindersOf(page: Page, uid: string, eventId: string): Promise<string[]> {
  return page.evaluate(
    async ({ uid, eventId }) => {
      const all = (await window.__fakeFirebase?.listDocuments('Notifications')) ?? [];
      return all
        .filter((n) => n.data.memberUUID === uid && n.id.startsWith(`reply-reminder-${eventId}-`))
        .map((n) => String(n.data.description));
    },
    { uid, eventId },
  );
}

test('the office asks for consent; two families give it; the office counts, reminds the rest and exports the list; after the deadline the answer is closed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'administration');
  const school = await classOfLeo(page);
  const size = school.roster.length;
  const childrenOf = (familyId: string) =>
    school.roster.filter((s) => s.familyId === familyId).length;
  // Leo is the only child of his family in the class; so is the second family's child, so both
  // families are done once each has answered.
  expect(childrenOf('fam-0000')).toBe(1);
  const others = school.withAccounts.filter((c) => c.familyId !== 'fam-0000');
  const second = others.find((c) => childrenOf(c.familyId) === 1);
  const waitingFamily = others.find((c) => c.familyId !== second?.familyId);
  if (!second || !waitingFamily) throw new Error('The seed has too few families with accounts');
  const waitingFamilies = new Set(
    school.roster
      .filter((s) => s.familyId !== 'fam-0000' && s.familyId !== second.familyId)
      .map((s) => s.familyId),
  ).size;

  // ---- The office creates the trip and asks for consent. ----
  await open(page, `/dash/calendar/new?date=${TRIP_DAY}`);
  await page.getByLabel('Title').fill(TITLE);
  await page.getByLabel('Description').fill('A morning at the science museum. Packed lunch.');
  await page.getByLabel('Location').fill('City science museum');
  await page.getByLabel('Start time').fill('09:30');
  await page.getByLabel('End time').fill('14:00');
  await page.getByLabel('Campus', { exact: true }).selectOption({ label: school.campusName });
  await page
    .getByRole('group', { name: 'Classrooms' })
    .getByRole('checkbox', { name: school.classroomName, exact: true })
    .check();
  const audience = page.getByRole('group', { name: 'Audience' });
  await audience.getByLabel('Parents').check();
  await audience.getByLabel('Facilitators').check();
  const asking = page.getByRole('group', { name: 'Ask families for a reply' });
  await asking.getByRole('radio', { name: 'Consent' }).check();
  const consentTo = asking.getByLabel(/^I give consent for \[child’s name\] to/);
  await consentTo.fill('go to the science museum');
  // The sentence as families will read it.
  await expect(asking).toContainText(
    // (<q> draws the quotation marks; they are not in the text.)
    'Families read: I give consent for [child’s name] to go to the science museum.',
  );
  // No deadline yet: refused beside the fields, with what was typed kept.
  await page.getByRole('button', { name: 'Save event' }).click();
  await expect(asking.getByText('Enter the day replies close.')).toBeVisible();
  await expect(asking.getByText('Enter the time replies close, like 17:00.')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(TITLE);
  await expect(asking.getByRole('radio', { name: 'Consent' })).toBeChecked();
  await expect(consentTo).toHaveValue('go to the science museum');
  // A deadline after the start is refused too.
  await asking.getByLabel('Replies close on').fill(addDays(TRIP_DAY, 1));
  await asking.getByLabel('Replies close at').fill('17:00');
  await page.getByRole('button', { name: 'Save event' }).click();
  await expect(asking.getByText('Replies must close before the event starts.')).toBeVisible();
  await asking.getByLabel('Replies close on').fill(CLOSE_DAY);
  await page.getByRole('button', { name: 'Save event' }).click();
  await expect(page).toHaveURL(/\/dash\/calendar\?date=.*&event=evt-/);
  await expectNotice(page, 'Event saved.');
  const eventId = new URL(page.url()).searchParams.get('event') ?? '';
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog).toContainText('This event asks families for consent.');
  await expect(dialog).toContainText(`0 of ${size} replied, ${size} waiting.`);
  await expect(dialog.getByRole('link', { name: 'See the replies' })).toBeVisible();
  await syncSettled(page);
  const stored = await page.evaluate(
    async (id) => (await window.__fakeFirebase?.getDocument(`events/${id}`))?.reply,
    eventId,
  );
  expect(stored).toEqual({
    kind: 'consent',
    deadline: DEADLINE.getTime(),
    consentTo: 'go to the science museum',
  });

  // Editing the event keeps what it asks.
  await dialog.getByRole('link', { name: 'Edit' }).click();
  const editing = page.getByRole('group', { name: 'Ask families for a reply' });
  await expect(editing.getByRole('radio', { name: 'Consent' })).toBeChecked();
  await expect(editing.getByRole('radio', { name: 'No reply' })).toBeDisabled();
  await expect(editing.getByLabel('Replies close on')).toHaveValue(CLOSE_DAY);
  await expect(editing.getByLabel('Replies close at')).toHaveValue('17:00');

  // A second family's guardian answers from their own device.
  await answerAsGuardian(page, eventId, second);

  // ---- Grace Whitfield gives consent for Leo from her home. ----
  await open(page, '/dash/home');
  await signOutAndIn(page, 'parent');
  await open(page, '/dash/home');
  const needs = page.getByRole('region', { name: 'Needs your reply' });
  await expect(needs.getByRole('link', { name: TITLE })).toBeVisible();
  await expect(needs).toContainText('Consent for Leo Whitfield');
  await needs.getByRole('link', { name: TITLE }).click();
  const parentDialog = page.getByRole('dialog', { name: TITLE });
  const leo = parentDialog.getByRole('article', { name: 'Leo Whitfield' });
  await expect(leo).toContainText('Answer: No answer yet');
  await expect(leo).toContainText('I give consent for Leo Whitfield to go to the science museum.');
  await expect(parentDialog).toContainText(/Replies close on Mon 30 Nov 2026, 17:00/);
  await expectNoViolations(page, 'default', 'the event dialog with a consent to give');
  await screenshotSizes(page, 'event-replies-parent-dialog');
  await leo.getByRole('button', { name: 'Give consent', exact: true }).click();
  await expectNotice(page, 'Answer saved for Leo Whitfield: Consent given.');
  await expect(leo).toContainText(/Answer: Consent given by Grace Whitfield/);
  // Changed her mind, and back: the latest answer counts.
  await leo.getByRole('button', { name: 'Do not give consent' }).click();
  await expect(leo).toContainText(/Answer: Consent refused by Grace Whitfield/);
  await expect(leo).toContainText(
    'I do not give consent for Leo Whitfield to go to the science museum.',
  );
  await leo.getByRole('button', { name: 'Give consent', exact: true }).click();
  await expect(leo).toContainText(/Answer: Consent given by Grace Whitfield on Fri 27 Nov 2026/);
  await syncSettled(page);
  const graceReply = await page.evaluate(
    async (id) => await window.__fakeFirebase?.getDocument(`eventReplies/${id}_stu-00000`),
    eventId,
  );
  expect(graceReply).toMatchObject({
    answer: 'yes',
    guardianName: 'Grace Whitfield',
    wording: 'I give consent for Leo Whitfield to go to the science museum.',
    familyId: 'fam-0000',
  });
  // Answered: the home no longer asks.
  await open(page, '/dash/home');
  await expect(
    page.getByRole('region', { name: 'Needs your reply' }).getByRole('link', { name: TITLE }),
  ).toHaveCount(0);

  // ---- The office counts, reminds and exports. ----
  await signOutAndIn(page, 'administration');
  await open(page, '/dash/home');
  const waiting = page.getByRole('region', { name: 'Replies waiting' });
  await expect(
    waiting.getByRole('link', {
      name: `${TITLE}: 2 of ${size} replied, ${size - 2} waiting`,
    }),
  ).toBeVisible();
  await waiting.getByRole('link', { name: new RegExp(`^${TITLE}:`) }).click();
  await expect(page).toHaveURL(new RegExp(`/dash/calendar/${eventId}/replies$`));
  await expect(page.getByRole('heading', { level: 1, name: `Replies: ${TITLE}` })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: `2 yes · 0 no · ${size - 2} waiting` }),
  ).toBeVisible();
  const list = page.getByRole('region', { name: school.classroomName });
  await expect(list).toContainText('Leo Whitfield');
  await expect(list).toContainText(/Grace Whitfield · Fri 27 Nov 2026, 10:\d\d/);
  await expect(list).toContainText(second.guardianName);
  await expect(list).toContainText(
    `I give consent for ${second.name} to go to the science museum.`,
  );
  const remind = page.getByRole('button', { name: 'Remind the ones who have not answered' });
  await expect(page.getByText(/A family is reminded at most once a day\./)).toBeVisible();
  await expectNoViolations(page, 'default', 'the replies page');
  await screenshotSizes(page, 'event-replies-organiser', { fullPage: true });
  await remind.click();
  const families = `${waitingFamilies} ${waitingFamilies === 1 ? 'family' : 'families'}`;
  await expectNotice(page, `Reminder sent to ${families}.`);
  await expect(remind).toBeDisabled();
  await expect(page.getByText(/A reminder went out today at 10:\d\d/)).toBeVisible();
  await syncSettled(page);
  // The backend reminds each guardian of a waiting family once, and no one who answered.
  await expect
    .poll(() => remindersOf(page, waitingFamily.guardianUid, eventId), { timeout: 20_000 })
    .toEqual([
      expect.stringMatching(new RegExp(`^Reminder: ${TITLE}: your consent is needed for `)),
    ]);
  expect(await remindersOf(page, second.guardianUid, eventId)).toEqual([]);
  expect(await remindersOf(page, 'demo-parent', eventId)).toEqual([]);

  // The CSV: a row per child asked, waiting ones too, with guardian names and times.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('science-museum-trip-replies.csv');
  const csv = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
  const rows = csv.trimEnd().split('\r\n');
  expect(rows[0]).toBe('Classroom,Student,Answer,People,Guardian,Replied at,Wording');
  expect(rows).toHaveLength(size + 1);
  expect(rows).toContainEqual(
    expect.stringMatching(
      /^.+,Leo Whitfield,Consent given,,Grace Whitfield,2026-11-27 10:\d\d,I give consent for Leo Whitfield to go to the science museum\.$/,
    ),
  );
  expect(rows).toContainEqual(
    expect.stringContaining(`,${second.name},Consent given,,${second.guardianName},2026-11-27 `),
  );
  expect(rows.filter((r) => r.includes(',No answer yet,'))).toHaveLength(size - 2);

  // ---- After the deadline, Grace can no longer change her answer. ----
  await signOutAndIn(page, 'parent');
  await page.clock.setSystemTime(new Date(DEADLINE.getTime() + 60_000));
  await open(page, `/dash/calendar?event=${eventId}`);
  const closed = page.getByRole('dialog', { name: TITLE });
  await expect(closed).toContainText(/Replies closed on Mon 30 Nov 2026, 17:00/);
  const leoClosed = closed.getByRole('article', { name: 'Leo Whitfield' });
  await expect(leoClosed).toContainText(/Answer: Consent given by Grace Whitfield/);
  await expect(leoClosed.getByRole('button')).toHaveCount(0);
  await screenshotSizes(page, 'event-replies-parent-closed');
  // Nor does the home ask any more.
  await open(page, '/dash/home');
  await expect(
    page.getByRole('region', { name: 'Needs your reply' }).getByRole('link', { name: TITLE }),
  ).toHaveCount(0);
});

test('a facilitator asks their class who is coming; a parent answers Going for three people; the facilitator counts them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'facilitator');
  const school = await classOfLeo(page);
  const size = school.roster.length;

  // A facilitator's new event starts on their first classroom: Leo's.
  await open(page, `/dash/calendar/new?date=${TRIP_DAY}`);
  await page.getByLabel('Title').fill('Family picnic');
  await page.getByLabel('Start time').fill('12:00');
  await page.getByLabel('End time').fill('15:00');
  await expect(
    page
      .getByRole('group', { name: 'Classrooms' })
      .getByRole('checkbox', { name: school.classroomName, exact: true }),
  ).toBeChecked();
  await page.getByRole('group', { name: 'Audience' }).getByLabel('Parents').check();
  const asking = page.getByRole('group', { name: 'Ask families for a reply' });
  await asking.getByRole('radio', { name: 'Going or not going' }).check();
  // No consent sentence for a going-or-not question.
  await expect(asking.getByLabel(/^I give consent for/)).toBeHidden();
  await asking.getByLabel('Replies close on').fill(CLOSE_DAY);
  await asking.getByLabel('Replies close at').fill('17:00');
  await expectNoViolations(page, 'default', 'the event form asking for a reply');
  await page.getByRole('button', { name: 'Save event' }).click();
  await expect(page).toHaveURL(/\/dash\/calendar\?date=.*&event=evt-/);
  await expectNotice(page, 'Event saved.');
  const eventId = new URL(page.url()).searchParams.get('event') ?? '';
  const dialog = page.getByRole('dialog', { name: 'Family picnic' });
  await expect(dialog).toContainText('This event asks families if they are going.');
  await expect(dialog.getByRole('link', { name: 'See the replies' })).toBeVisible();
  await syncSettled(page);

  // ---- Grace answers for Leo. ----
  await open(page, '/dash/home');
  await signOutAndIn(page, 'parent');
  await open(page, `/dash/calendar?event=${eventId}`);
  const leo = page
    .getByRole('dialog', { name: 'Family picnic' })
    .getByRole('article', { name: 'Leo Whitfield' });
  const people = leo.getByLabel('How many people, your child included');
  await expect(people).toHaveValue('1');
  await people.fill('11');
  await leo.getByRole('button', { name: 'Going', exact: true }).click();
  await expect(
    leo.getByText('Enter how many people are going, your child included, from 1 to 10.'),
  ).toBeVisible();
  await expect(people).toHaveAttribute('aria-invalid', 'true');
  await expect(people).toHaveValue('11');
  await people.fill('3');
  await leo.getByRole('button', { name: 'Going', exact: true }).click();
  await expectNotice(page, 'Answer saved for Leo Whitfield: Going.');
  await expect(leo).toContainText(/Answer: Going, 3 people by Grace Whitfield/);
  await syncSettled(page);

  // ---- The facilitator sees who is coming. ----
  await open(page, '/dash/home');
  await signOutAndIn(page, 'facilitator');
  await open(page, '/dash/home');
  await expect(
    page
      .getByRole('region', { name: 'Replies waiting' })
      .getByRole('link', { name: `Family picnic: 1 of ${size} replied, ${size - 1} waiting` }),
  ).toBeVisible();
  await open(page, `/dash/calendar/${eventId}/replies`);
  await expect(
    page.getByRole('heading', { level: 2, name: `1 going · 0 not going · ${size - 1} waiting` }),
  ).toBeVisible();
  const figures = page.getByRole('definition');
  await expect(figures).toHaveText(['1', '0', String(size - 1), '3']);
  await expect(page.getByRole('region', { name: school.classroomName })).toContainText(
    /Leo Whitfield\s*Going · 3 people\s*Grace Whitfield · Fri 27 Nov 2026/,
  );
});
