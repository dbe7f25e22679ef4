// Issue 32's "done when" for consent, as written: the museum trip asks three families for consent;
// two reply, the organiser sees 2 given and 1 waiting, sends a reminder, and the third family's bell
// (Grace Whitfield's, the demo parent's) shows it; the CSV has the three rows with guardian names
// and times.
//
// The class: three children of three families — Leo (Grace's) and two children whose families have
// a parent account — moved into a small class of their own through the fake's console before
// anyone signs in, and the trip asks that class. The two other families answer as their own
// devices would (written straight to the fake: only the demo accounts have passwords). People take
// turns in one browser context, which holds the in-page demo school.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { open, SCHOOL_FRIDAY, setSchoolDay, signIn, syncSettled } from './fixtures';

const TRIO = 'cls-museum-trio';
const EVENT = 'evt-museum-trio';
const LEO = 'stu-00000';

interface Other {
  studentId: string;
  name: string;
  familyId: string;
  guardianUid: string;
  guardianName: string;
}

/** Leo and two children of other families with accounts, in a class of their own, and the trip. */
async function setUpTrip(page: Page): Promise<Other[]> {
  await expect
    .poll(() => page.evaluate(() => Boolean(window.__fakeFirebase)), { timeout: 30_000 })
    .toBe(true);
  return page.evaluate(
    async ({ trio, eventId, leo, fridayMs }) => {
      const fake = window.__fakeFirebase;
      if (!fake) throw new Error('No fake backend');
      const leoRecord = await fake.getDocument(`students/${leo}`);
      const campusId = String(leoRecord?.campusId);
      const students = await fake.listDocuments('students');
      const others: Other[] = [];
      for (const s of students) {
        if (others.length === 2) break;
        if (s.data.status !== 'enrolled' || s.data.familyId === 'fam-0000') continue;
        if (s.data.campusId !== campusId) continue;
        if (others.some((o) => o.familyId === s.data.familyId)) continue;
        const family = await fake.getDocument(`families/${String(s.data.familyId)}`);
        const guardians = Array.isArray(family?.guardians) ? (family.guardians as unknown[]) : [];
        const linked = guardians.find(
          (g) => typeof g === 'object' && g !== null && typeof Reflect.get(g, 'memberUUID') === 'string',
        );
        if (!linked) continue;
        const uid = String(Reflect.get(linked, 'memberUUID'));
        const member = await fake.getDocument(`Members/${uid}`);
        others.push({
          studentId: s.id,
          name: `${String(s.data.firstName)} ${String(s.data.lastName)}`,
          familyId: String(s.data.familyId),
          guardianUid: uid,
          guardianName: String(member?.displayName ?? ''),
        });
      }
      await fake.setDocument(`classrooms/${trio}`, {
        name: 'Museum trio',
        campusId,
        subjectIds: [],
        facilitatorIds: [],
        capacity: 3,
        schedule: [],
      });
      for (const id of [leo, ...others.map((o) => o.studentId)]) {
        const record = await fake.getDocument(`students/${id}`);
        await fake.setDocument(`students/${id}`, { ...record, classroomIds: [trio] });
      }
      const start = new Date(fridayMs + 7 * 86_400_000);
      await fake.setDocument(`events/${eventId}`, {
        title: 'Museum trip',
        description: 'A day at the city museum.',
        start: start.toISOString(),
        end: new Date(start.getTime() + 5 * 3_600_000).toISOString(),
        allDay: false,
        location: 'City museum',
        classroomIds: [trio],
        audience: ['facilitator', 'parent'],
        audienceKeys: [`facilitator@classroom:${trio}`, `parent@classroom:${trio}`].sort(),
        exdates: [],
        reply: {
          kind: 'consent',
          deadline: fridayMs + 3 * 86_400_000,
          consentTo: 'go on the museum trip',
        },
        createdBy: 'demo-administration',
      });
      return others;
    },
    { trio: TRIO, eventId: EVENT, leo: LEO, fridayMs: SCHOOL_FRIDAY.getTime() },
  );
}

async function answerYes(page: Page, child: Other) {
  await page.evaluate(
    async ({ eventId, trio, child }) => {
      const now = new Date();
      await window.__fakeFirebase?.setDocument(`eventReplies/${eventId}_${child.studentId}`, {
        eventId,
        studentId: child.studentId,
        familyId: child.familyId,
        classroomIds: [trio],
        kind: 'consent',
        answer: 'yes',
        wording: `I give consent for ${child.name} to go on the museum trip.`,
        guardianName: child.guardianName,
        repliedBy: child.guardianUid,
        createdBy: child.guardianUid,
        updatedBy: child.guardianUid,
        createdAt: now,
        updatedAt: now,
      });
    },
    { eventId: EVENT, trio: TRIO, child },
  );
}

test('the museum trip asks three families for consent: two reply, the organiser sees 2 and 1 waiting, reminds, and the third family’s bell shows it; the CSV has three rows', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await setSchoolDay(page);
  await open(page, '/login');
  const others = await setUpTrip(page);
  expect(others).toHaveLength(2);
  for (const child of others) await answerYes(page, child);

  // The office opens the trip's replies.
  await signIn(page, 'administration');
  await open(page, `/dash/calendar/${EVENT}/replies`);
  const figure = (label: string) =>
    page.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(figure('Consent given')).toHaveText('2');
  await expect(figure('No answer yet')).toHaveText('1');
  for (const child of others) await expect(page.getByText(child.guardianName).first()).toBeVisible();

  await page.getByRole('button', { name: 'Remind the ones who have not answered' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^Reminder sent to 1 family\.$/ }).first(),
  ).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
  const rows = csv.trim().split(/\r?\n/);
  expect(rows).toHaveLength(4);
  expect(rows[0]).toBe('Classroom,Student,Answer,People,Guardian,Replied at,Wording');
  for (const child of others) {
    const row = rows.find((r) => r.includes(child.name)) ?? '';
    expect(row).toContain(child.guardianName);
    expect(row).toMatch(/\d{2}:\d{2}/);
  }
  expect(rows.find((r) => r.includes('Leo Whitfield'))).toBeDefined();

  // The reminder's request reached the backend (the queue is empty) before anyone signs out.
  await syncSettled(page);

  // Grace, the third family, finds the reminder in her bell.
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, 'parent');
  await page.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(
    panel.getByRole('link', {
      name: /Reminder: Museum trip: your consent is needed for Leo/,
    }),
  ).toBeVisible({ timeout: 30_000 });
});
