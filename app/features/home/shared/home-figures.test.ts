// The figures of the facilitator, parent and student homes, computed from the demo seed (built the
// way mocks/seed.test.ts builds it, on a fixed Monday) and checked against counts made here directly
// from the seeded documents with plain loops, not by calling the same functions again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addDays } from '~/domain/clock';
import { principalFromLists } from '~/domain/permissions';
import {
  attendanceSchema,
  campusSchema,
  classroomSchema,
  conversationSchema,
  eventSchema,
  facilitatorSchema,
  familySchema,
  messageSchema,
  resourceSchema,
  studentSchema,
  subjectSchema,
} from '~/domain/records';
import type { Role } from '~/domain/roles';
import type { AttendanceData } from '~/features/attendance';
import type { InboxItem, MessagesData } from '~/features/messages';
import { fake, reseed } from '../../../../mocks/index';
import { seedStore } from '../../../../mocks/seed';
import { store } from '../../../../mocks/store';
import { facilitatorAlerts } from '../facilitator/facilitator-figures';
import { childrenToday } from '../parent/children-today';
import { todaysTimetable } from '../student/timetable';
import { newResources } from './new-resources';
import { unreadSummary } from './unread-messages';
import { upcomingEvents } from './upcoming-events';

/** Monday 9 March 2026, 10:00 UTC: a school day. */
const NOW = Date.UTC(2026, 2, 9, 10, 0);
const TODAY = '2026-03-09';

const R = {
  classroom: classroomSchema.extend({ id: z.string() }),
  campus: campusSchema.extend({ id: z.string() }),
  student: studentSchema.extend({ id: z.string() }),
  facilitator: facilitatorSchema.extend({ id: z.string() }),
  family: familySchema.extend({ id: z.string() }),
  subject: subjectSchema.extend({ id: z.string() }),
  attendance: attendanceSchema.extend({ id: z.string() }),
  event: eventSchema.extend({ id: z.string() }),
  resource: resourceSchema.extend({ id: z.string() }),
  conversation: conversationSchema.extend({ id: z.string() }),
  message: messageSchema.extend({ id: z.string() }),
};
function list<S extends z.ZodTypeAny>(collection: string, schema: S): Array<z.output<S>> {
  return fake.listDocuments(collection).map(({ id, data }) => schema.parse({ ...data, id }));
}

let lists: {
  classrooms: Array<z.output<typeof R.classroom>>;
  campuses: Array<z.output<typeof R.campus>>;
  students: Array<z.output<typeof R.student>>;
  facilitators: Array<z.output<typeof R.facilitator>>;
  families: Array<z.output<typeof R.family>>;
  subjects: Array<z.output<typeof R.subject>>;
};

function principalOf(uid: string, role: Role) {
  return principalFromLists(
    { uid, email: null, roles: [role], memberUUID: uid },
    lists,
    fake.getDocument(`Members/${uid}`) ?? null,
    TODAY,
  );
}

function attendanceData(uid: string, role: Role): AttendanceData {
  return {
    today: TODAY,
    principal: principalOf(uid, role),
    ...lists,
    rollCalls: list('attendance', R.attendance),
    pendingRollCallIds: new Set(),
    memberNames: new Map(),
  };
}

beforeAll(async () => {
  await fake.ready();
  store.clearDocuments();
  seedStore('demo', NOW);
  lists = {
    classrooms: list('classrooms', R.classroom),
    campuses: list('campuses', R.campus),
    students: list('students', R.student),
    facilitators: list('facilitators', R.facilitator),
    families: list('families', R.family),
    subjects: list('subjects', R.subject),
  };
});

afterAll(() => {
  reseed('demo');
});

describe('the parent home', () => {
  it('has a card for each of the demo parent’s two children with today’s mark from the roll call', () => {
    const families = lists.families.filter((f) =>
      f.guardians.some((g) => g.memberUUID === 'demo-parent'),
    );
    const childIds = lists.students
      .filter((s) => families.some((f) => f.id === s.familyId))
      .map((s) => s.id);
    expect(childIds).toHaveLength(2);
    const cards = childrenToday(attendanceData('demo-parent', 'parent'));
    expect(cards.map((c) => c.studentId).sort()).toEqual([...childIds].sort());
    for (const card of cards) {
      const student = lists.students.find((s) => s.id === card.studentId);
      let expected = 'No class today';
      for (const classroomId of student?.classroomIds ?? []) {
        const classroom = lists.classrooms.find((c) => c.id === classroomId);
        // ISO weekday of Monday 9 March 2026 is 1.
        if (!classroom?.schedule.some((slot) => slot.weekday === 1)) continue;
        if (expected === 'No class today') expected = 'Not marked yet';
        const doc = fake.getDocument(`attendance/${classroomId}_${TODAY}`);
        const entries = z
          .object({ entries: z.record(z.object({ status: z.string() })).default({}) })
          .parse(doc ?? {}).entries;
        const status = entries[card.studentId]?.status;
        if (status) {
          expected = status.charAt(0).toUpperCase() + status.slice(1);
          break;
        }
      }
      expect(card.status).toBe(expected);
    }
  });
});

describe('the facilitator home', () => {
  it('lists only students of the facilitator’s classrooms, each below 90 % or on an absence streak', () => {
    const data = attendanceData('demo-facilitator', 'facilitator');
    const mine = new Set(data.principal.classroomIds);
    expect(mine.size).toBeGreaterThan(0);
    const rows = facilitatorAlerts(data);
    const taught = new Set(
      lists.students.filter((s) => s.classroomIds.some((id) => mine.has(id))).map((s) => s.id),
    );
    // Independent count: each taught, enrolled student's marks over the last 30 days.
    const from = addDays('2026-03-09', -29);
    const expected = new Set<string>();
    const byStudent = new Map<string, Array<{ date: string; status: string }>>();
    for (const rc of data.rollCalls) {
      for (const [studentId, entry] of Object.entries(rc.entries)) {
        if (!taught.has(studentId)) continue;
        const marks = byStudent.get(studentId) ?? [];
        marks.push({ date: rc.date, status: entry.status });
        byStudent.set(studentId, marks);
      }
    }
    for (const [studentId, marks] of byStudent) {
      const student = lists.students.find((s) => s.id === studentId);
      if (student?.status !== 'enrolled') continue;
      const recent = marks.filter((m) => m.date >= from && m.date <= TODAY);
      const attended = recent.filter((m) => m.status === 'present' || m.status === 'late').length;
      if (recent.length > 0 && attended * 10 < recent.length * 9) expected.add(studentId);
      const latest = [...marks]
        .filter((m) => m.date <= TODAY)
        .sort((a, b) => b.date.localeCompare(a.date));
      if (latest.length >= 3 && latest.slice(0, 3).every((m) => m.status === 'absent')) {
        expected.add(studentId);
      }
    }
    expect(rows.every((r) => taught.has(r.studentId))).toBe(true);
    expect(new Set(rows.map((r) => r.studentId))).toEqual(expected);
  });
});

describe('the student home', () => {
  it('shows today’s slots of the student’s classrooms from their schedules', () => {
    const principal = principalOf('demo-student', 'student');
    const me = lists.students.find((s) => s.id === principal.studentId);
    expect(me).toBeDefined();
    let expected = 0;
    for (const classroom of lists.classrooms) {
      if (!me?.classroomIds.includes(classroom.id)) continue;
      for (const slot of classroom.schedule) if (slot.weekday === 1) expected += 1;
    }
    expect(expected).toBeGreaterThan(0);
    const slots = todaysTimetable({ today: TODAY, principal, ...lists });
    expect(slots).toHaveLength(expected);
    expect(slots.map((s) => s.start)).toEqual([...slots.map((s) => s.start)].sort());
  });
  it('has no classes on a Saturday', () => {
    const principal = principalOf('demo-student', 'student');
    expect(todaysTimetable({ today: '2026-03-14', principal, ...lists })).toEqual([]);
  });
});

describe('the shared tiles', () => {
  it('lists the events starting in the next 7 days, soonest first, each linking to its dialog', () => {
    const events = list('events', R.event);
    const now = new Date(NOW);
    const end = NOW + 7 * 86_400_000;
    // Independent count over the single (non-recurring) events; a series adds its occurrences.
    const singles = events.filter(
      (e) => !e.recurrence && Date.parse(e.start) < end && Date.parse(e.end) > NOW,
    );
    const shown = upcomingEvents({ events, ...lists }, now, { days: 7 });
    for (const e of singles) expect(shown.some((u) => u.eventId === e.id)).toBe(true);
    expect(shown.length).toBeGreaterThanOrEqual(singles.length);
    for (const u of shown) {
      expect(u.href).toContain(`event=${u.eventId}`);
      expect(u.href).toContain(`on=${u.date}`);
    }
    expect(
      upcomingEvents({ events, ...lists }, now, { days: 7, limit: 2 }).length,
    ).toBeLessThanOrEqual(2);
  });

  it('lists the resources written in the last 14 days, newest first, at most five', () => {
    const resources = list('resources', R.resource);
    const since = new Date(NOW - 14 * 86_400_000).toISOString();
    let recent = 0;
    for (const r of resources) {
      const at = [r.createdAt ?? '', r.updatedAt ?? ''].sort().pop() ?? '';
      if (at && at >= since) recent += 1;
    }
    const shown = newResources(resources, new Date(NOW), { limit: 100 });
    expect(shown).toHaveLength(recent);
    expect(newResources(resources, new Date(NOW)).length).toBe(Math.min(5, recent));
    for (const r of shown) expect(r.href).toBe(`/dash/resources?resource=${r.id}`);
  });

  it('counts the demo parent’s unread messages the way the badge does, from the documents', () => {
    const uid = 'demo-parent';
    const conversations = list('conversations', R.conversation).filter((c) =>
      c.participantIds.includes(uid),
    );
    let expected = 0;
    const inbox: InboxItem[] = conversations.map((conversation) => {
      const messages = list(`conversations/${conversation.id}/messages`, R.message).map((m) => ({
        ...m,
        conversationId: conversation.id,
      }));
      let unread = 0;
      for (const m of messages) {
        if (m.senderId !== uid && !(m.readBy ?? []).includes(uid) && !m.readAt?.[uid]) unread += 1;
      }
      expected += unread;
      const last = messages.at(-1) ?? null;
      return {
        conversation,
        messages,
        last,
        lastAt: last?.sentAt ?? '',
        preview: '',
        unread,
        student: null,
        participant: true,
        archived: null,
      };
    });
    const data: Pick<MessagesData, 'inbox' | 'principal' | 'people' | 'myIds'> = {
      inbox,
      principal: principalOf(uid, 'parent'),
      people: new Map(),
      myIds: [uid],
    };
    const summary = unreadSummary(data);
    expect(summary.count).toBe(expected);
    expect(summary.conversations.length).toBe(
      Math.min(3, inbox.filter((i) => i.unread > 0).length),
    );
  });
});
