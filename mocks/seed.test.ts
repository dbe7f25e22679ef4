import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventSchema } from '../app/domain/records';
import { buildIcs } from '../app/features/calendar/ics';
import { DEMO_ACCOUNTS, demoAccount } from './demo-accounts';
import { seedStore } from './seed';
import { shapeProblem } from './shapes';
import { store } from './store';
import { fake, reseed } from './index';

function snapshot(): string {
  const names = store.topLevelNames().sort();
  return JSON.stringify(
    names.map((n) => store.exportTopLevel(n).map(([path, doc]) => [path, doc.fields])),
  );
}

describe('the demo seed', () => {
  beforeEach(async () => {
    // The seed's "today" comes from the clock: every test sets it (a school Wednesday, 10:00 in
    // Kolkata), so none depends on the day it runs.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T04:30:00.000Z'));
    await fake.ready();
    reseed('demo');
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('is deterministic for a given day', () => {
    const now = Date.UTC(2025, 2, 12, 9, 30);
    store.clearDocuments();
    seedStore('demo', now);
    const first = snapshot();
    store.clearDocuments();
    seedStore('demo', now);
    expect(snapshot()).toBe(first);
  });

  it('writes only documents that match their record schemas, as the fake demands of clients', () => {
    const problems: string[] = [];
    for (const path of [
      'campuses',
      'classrooms',
      'subjects',
      'families',
      'students',
      'facilitators',
      'Members',
      'attendance',
      'events',
      'conversations',
      'Notifications',
      'parentInquiries',
      'resources',
    ]) {
      for (const { id } of fake.listDocuments(path)) {
        const stored = store.get(`${path}/${id}`);
        const problem = stored ? shapeProblem(`${path}/${id}`, stored.fields) : 'missing';
        if (problem) problems.push(problem);
      }
    }
    for (const { id } of fake.listDocuments('conversations')) {
      for (const message of fake.listDocuments(`conversations/${id}/messages`)) {
        const path = `conversations/${id}/messages/${message.id}`;
        const stored = store.get(path);
        const problem = stored ? shapeProblem(path, stored.fields) : 'missing';
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  });

  it('builds a realistic learning centre of the documented size', () => {
    expect(fake.listDocuments('campuses')).toHaveLength(2);
    expect(fake.listDocuments('classrooms')).toHaveLength(12);
    expect(fake.listDocuments('students')).toHaveLength(300);
    const families = fake.listDocuments('families').length;
    expect(families).toBeGreaterThan(150);
    expect(families).toBeLessThan(220);
    expect(fake.listDocuments('subjects').length).toBeGreaterThanOrEqual(6);
    expect(fake.listDocuments('facilitators').length).toBeGreaterThanOrEqual(8);
    for (const c of fake.listDocuments('classrooms')) {
      expect(Array.isArray(c.data.schedule) && c.data.schedule.length > 0).toBe(true);
    }
  });

  it('links every demo account to a Members profile with the claims of its role', () => {
    const accounts = fake.accounts.list();
    for (const demo of DEMO_ACCOUNTS) {
      const member = fake.getDocument(`Members/${demo.uid}`);
      expect(member?.email).toBe(demo.email);
      expect(member?.roles).toContain(demo.role);
      expect(accounts.find((a) => a.uid === demo.uid)?.claims.roles).toContain(demo.role);
    }
  });

  it('makes the demo parent the guardian of a family with two children, one of them the demo student', () => {
    const parent = fake.getDocument(`Members/${demoAccount('parent').uid}`);
    const familyId = String(parent?.familyId);
    const children = fake.listDocuments('students').filter((s) => s.data.familyId === familyId);
    expect(children).toHaveLength(2);
    const student = fake.getDocument(`Members/${demoAccount('student').uid}`);
    expect(children.map((c) => c.id)).toContain(student?.studentId);
    const family = fake.getDocument(`families/${familyId}`);
    expect(JSON.stringify(family?.guardians)).toContain(demoAccount('parent').uid);
  });

  it('gives the demo facilitator classrooms with roll calls up to today', () => {
    const facilitator = fake.getDocument(
      `facilitators/${String(fake.getDocument(`Members/${demoAccount('facilitator').uid}`)?.facilitatorId)}`,
    );
    const classroomIds = Array.isArray(facilitator?.classroomIds)
      ? facilitator.classroomIds.map(String)
      : [];
    expect(classroomIds.length).toBeGreaterThan(0);
    const dates = fake
      .listDocuments('attendance')
      .filter((a) => classroomIds.includes(String(a.data.classroomId)))
      .map((a) => String(a.data.date))
      .sort();
    expect(dates.length).toBeGreaterThanOrEqual(20);
    // Seeded on a Wednesday (beforeEach's clock): the newest roll call is that very day.
    expect(dates[dates.length - 1]).toBe('2026-11-25');
  });

  it("dates the seed by the campuses' day, not the UTC one", () => {
    // Sunday 29 November 19:00 UTC is already Monday 00:30 in Kolkata: Monday is a school day.
    vi.setSystemTime(new Date('2026-11-29T19:00:00.000Z'));
    reseed('demo');
    const newest = fake
      .listDocuments('attendance')
      .map((a) => String(a.data.date))
      .sort()
      .at(-1);
    expect(newest).toBe('2026-11-30');
  });

  it("never puts the demo facilitator in two classes at once (the timetable's times)", () => {
    const facilitator = fake.getDocument(
      `facilitators/${String(fake.getDocument(`Members/${demoAccount('facilitator').uid}`)?.facilitatorId)}`,
    );
    const classroomIds = (facilitator?.classroomIds as string[] | undefined) ?? [];
    expect(classroomIds.length).toBeGreaterThan(1);
    const lessons = classroomIds.flatMap(
      (id) =>
        (fake.getDocument(`classrooms/${id}`)?.schedule ?? []) as Array<{
          weekday: number;
          start: string;
          end: string;
        }>,
    );
    for (const a of lessons) {
      const clashes = lessons.filter(
        (b) => b !== a && b.weekday === a.weekday && b.start < a.end && a.start < b.end,
      );
      expect(clashes, `${a.weekday} ${a.start}`).toEqual([]);
    }
  });

  it("stores all-day events as the campus's day, so each exports as one day", () => {
    const allDay = fake
      .listDocuments('events')
      .filter((e) => e.data.allDay === true)
      .map((e) => ({ ...eventSchema.parse(e.data), id: e.id }));
    expect(allDay.length).toBeGreaterThan(0);
    for (const event of allDay) {
      const text = buildIcs([event], { timeZoneOf: () => 'Asia/Kolkata', calendarName: 'Demo' });
      const start = /DTSTART;VALUE=DATE:(\d{8})/.exec(text)?.[1] ?? '';
      const end = /DTEND;VALUE=DATE:(\d{8})/.exec(text)?.[1] ?? '';
      const days =
        (Date.parse(`${end.slice(0, 4)}-${end.slice(4, 6)}-${end.slice(6)}`) -
          Date.parse(`${start.slice(0, 4)}-${start.slice(4, 6)}-${start.slice(6)}`)) /
        86400000;
      expect(days, event.title).toBe(1);
    }
  });

  it('seeds notifications for every demo member, some of them new', () => {
    for (const demo of DEMO_ACCOUNTS) {
      const mine = fake
        .listDocuments('Notifications')
        .filter((n) => n.data.memberUUID === demo.uid);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.some((n) => n.data.isNew === true)).toBe(true);
      expect(mine.some((n) => n.data.isNew === false)).toBe(true);
    }
  });

  it('names every participant of every conversation, as the trigger would', () => {
    const conversations = fake.listDocuments('conversations');
    expect(conversations.length).toBeGreaterThan(0);
    for (const { data } of conversations) {
      const names = (data.participantNames ?? {}) as Record<string, { name?: string }>;
      for (const id of data.participantIds as string[]) {
        expect(names[id]?.name, `${String(data.subject)}: ${id}`).toBeTruthy();
      }
    }
  });

  it("tells a message's participants about it, never its sender", () => {
    const about = fake
      .listDocuments('Notifications')
      .filter((n) => n.data.actionItem === 'conversations/conv-leo-progress');
    expect(about.map((n) => n.data.memberUUID)).toEqual([demoAccount('parent').uid]);
    expect(about.some((n) => n.data.memberUUID === demoAccount('facilitator').uid)).toBe(false);
  });

  it('puts every cached collection at version 1.0.0', () => {
    const versions = fake.getDocument('system/collectionVersions');
    const collections = versions?.collections;
    expect(collections).toMatchObject({
      students: { version: '1.0.0' },
      families: { version: '1.0.0' },
      facilitators: { version: '1.0.0' },
      subjects: { version: '1.0.0' },
      classrooms: { version: '1.0.0' },
      campuses: { version: '1.0.0' },
      members: { version: '1.0.0' },
    });
  });

  it('seeds nothing but an empty store for the empty profile', async () => {
    await fake.reset({ profile: 'empty' });
    expect(fake.listDocuments('students')).toHaveLength(0);
    expect(fake.accounts.list()).toHaveLength(0);
    await fake.reset();
  });
});
