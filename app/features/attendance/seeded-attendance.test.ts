// The staff alerts and the student summaries, computed from the demo seed (built the way
// mocks/seed.test.ts builds it, on a fixed Monday) and checked against figures counted here directly
// from the seeded documents with plain loops, not by calling the same functions again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  absenceStreaks,
  addDays,
  lowAttendance,
  notMarkedOn,
  studentSummary,
} from '~/domain/attendance';
import {
  attendanceSchema,
  classroomSchema,
  facilitatorSchema,
  studentSchema,
  type Attendance,
} from '~/domain/records';
import { fake, reseed } from '../../../mocks/index';
import { seedStore } from '../../../mocks/seed';
import { store } from '../../../mocks/store';
import { buildAlerts, notMarkedToday, readThreshold } from './alerts';
import type { AttendanceData } from './load';

/** Monday 9 March 2026, 10:00 UTC: a school day, so half the classrooms have today's roll call. */
const NOW = Date.UTC(2026, 2, 9, 10, 0);
const TODAY = '2026-03-09';

const rollCallSchema = attendanceSchema.extend({ id: z.string() });
const classroomRecord = classroomSchema.extend({ id: z.string() });
const studentRecord = studentSchema.extend({ id: z.string() });
const facilitatorRecord = facilitatorSchema.extend({ id: z.string() });

function list<S extends z.ZodTypeAny>(collection: string, schema: S): Array<z.output<S>> {
  return fake.listDocuments(collection).map(({ id, data }) => schema.parse({ ...data, id }));
}

let rollCalls: Array<Attendance & { id: string }>;
let data: AttendanceData;

beforeAll(async () => {
  await fake.ready();
  store.clearDocuments();
  seedStore('demo', NOW);
  rollCalls = list('attendance', rollCallSchema);
  data = {
    today: TODAY,
    principal: {
      uid: 'admin',
      email: null,
      roles: ['admin'],
      memberUUID: 'admin',
      familyIds: [],
      childIds: [],
      childClassroomIds: [],
      studentId: null,
      facilitatorId: null,
      classroomIds: [],
    },
    classrooms: list('classrooms', classroomRecord),
    campuses: [],
    students: list('students', studentRecord),
    facilitators: list('facilitators', facilitatorRecord),
    rollCalls,
    pendingRollCallIds: new Set(),
    memberNames: new Map(),
  };
});

afterAll(() => {
  reseed('demo');
});

/** Each student's marks, date → status, straight from the documents (one classroom per student). */
function marksByStudent(): Map<string, Map<string, string>> {
  const marks = new Map<string, Map<string, string>>();
  for (const rc of rollCalls) {
    for (const [studentId, entry] of Object.entries(rc.entries)) {
      let byDate = marks.get(studentId);
      if (!byDate) marks.set(studentId, (byDate = new Map()));
      byDate.set(rc.date, entry.status);
    }
  }
  return marks;
}

describe('the alerts on the demo seed', () => {
  it('lists as not marked today exactly the classrooms with no roll call document for today', () => {
    const expected = data.classrooms
      .filter((c) => !fake.getDocument(`attendance/${c.id}_${TODAY}`))
      .map((c) => c.id)
      .sort();
    // The seed leaves every other classroom's roll call untaken today.
    expect(expected).toHaveLength(data.classrooms.length / 2);
    const listed = notMarkedOn(data.classrooms, rollCalls, TODAY).map((c) => c.id);
    expect([...listed].sort()).toEqual(expected);
    const names = listed.map((id) => data.classrooms.find((c) => c.id === id)?.name ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('names the facilitators of each classroom not marked today and links to its roll call', () => {
    const rows = notMarkedToday(data);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const expectedNames = data.facilitators
        .filter((f) => row.classroom.facilitatorIds.includes(f.id))
        .map((f) => `${f.firstName} ${f.lastName}`);
      expect(expectedNames.length).toBeGreaterThan(0);
      expect([...row.facilitatorNames].sort()).toEqual(expectedNames.sort());
      expect(row.href).toBe(`/dash/attendance?classroom=${row.classroom.id}&date=${TODAY}`);
    }
  });

  it('lists the students whose last-30-day rate is below 90 %, counted from the documents', () => {
    const from = addDays(TODAY, -29);
    const expected: string[] = [];
    for (const [studentId, byDate] of marksByStudent()) {
      let marked = 0;
      let attended = 0;
      for (const [date, status] of byDate) {
        if (date < from || date > TODAY) continue;
        marked += 1;
        if (status === 'present' || status === 'late') attended += 1;
      }
      // attended / marked < 0.9, in whole numbers so no rounding decides it.
      if (marked > 0 && attended * 10 < marked * 9) expected.push(studentId);
    }
    expect(expected.length).toBeGreaterThan(0);
    const ids = data.students.map((s) => s.id);
    const low = lowAttendance(rollCalls, ids, TODAY);
    expect(low.map((l) => l.studentId).sort()).toEqual(expected.sort());
    const rates = low.map((l) => l.summary.rate ?? 0);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    // The page keeps enrolled students only; the seed's roll calls hold enrolled students only.
    expect(
      buildAlerts(data, 90)
        .low.map((r) => r.student.id)
        .sort(),
    ).toEqual(expected.sort());
  });

  it('lists the students absent on their latest 3 or more roll calls, counted from the documents', () => {
    const expected: string[] = [];
    for (const [studentId, byDate] of marksByStudent()) {
      const newestFirst = [...byDate.entries()].sort(([a], [b]) => b.localeCompare(a));
      let run = 0;
      while (newestFirst[run]?.[1] === 'absent') run += 1;
      if (run >= 3) expected.push(studentId);
    }
    const ids = data.students.map((s) => s.id);
    expect(
      absenceStreaks(rollCalls, ids, TODAY)
        .map((s) => s.studentId)
        .sort(),
    ).toEqual(expected.sort());
  });

  it('summarises each student over the last 30 days as their documents count it', () => {
    const from = addDays(TODAY, -29);
    const marks = marksByStudent();
    expect(marks.size).toBeGreaterThan(200);
    for (const [studentId, byDate] of marks) {
      const counts = { present: 0, absent: 0, late: 0, excused: 0 };
      const absentDates: string[] = [];
      for (const [date, status] of [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b))) {
        if (date < from) continue;
        if (
          status === 'present' ||
          status === 'absent' ||
          status === 'late' ||
          status === 'excused'
        )
          counts[status] += 1;
        if (status === 'absent') absentDates.push(date);
      }
      const marked = counts.present + counts.absent + counts.late + counts.excused;
      const summary = studentSummary(rollCalls, studentId, from, TODAY);
      expect(summary).toMatchObject({ ...counts, marked, absentDates });
      expect(summary.rate).toBeCloseTo((counts.present + counts.late) / marked, 10);
    }
  });
});

describe('the alert rules on hand-made roll calls', () => {
  const entry = (status: 'present' | 'absent' | 'late' | 'excused') => ({
    status,
    at: '2026-03-01T09:00:00.000Z',
    by: 'fac',
  });
  const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
  function rollCallsOf(statuses: Record<string, Array<'present' | 'absent' | 'late' | 'excused'>>) {
    return days.map((date, i) => ({
      classroomId: 'c1',
      date,
      entries: Object.fromEntries(
        Object.entries(statuses).flatMap(([id, list]) => {
          const status = list[i];
          return status ? [[id, entry(status)]] : [];
        }),
      ),
    }));
  }

  it('puts a student absent on their last three roll calls on the streak list, with the dates', () => {
    const rcs = rollCallsOf({
      streak: ['present', 'present', 'absent', 'absent', 'absent'],
      broken: ['absent', 'absent', 'present', 'absent', 'absent'],
      excused: ['present', 'absent', 'absent', 'excused', 'absent'],
    });
    expect(absenceStreaks(rcs, ['streak', 'broken', 'excused'], '2026-03-06')).toEqual([
      { studentId: 'streak', dates: ['2026-03-04', '2026-03-05', '2026-03-06'] },
    ]);
  });

  it('does not list a student at exactly 90 %, and lists one just below', () => {
    const dates = Array.from({ length: 10 }, (_, i) => addDays('2026-03-01', i));
    const rcs = dates.map((date, i) => ({
      classroomId: 'c1',
      date,
      entries: {
        // 9 of 10 attended: exactly 90 %.
        exact: entry(i === 0 ? 'absent' : i === 1 ? 'late' : 'present'),
        // 8 of 10 attended.
        below: entry(i < 2 ? 'absent' : 'present'),
      },
    }));
    const low = lowAttendance(rcs, ['exact', 'below'], '2026-03-10');
    expect(low.map((l) => l.studentId)).toEqual(['below']);
    expect(low[0]?.summary.rate).toBe(0.8);
  });

  it('reads the threshold from the URL, and keeps 90 % while the typed one is invalid', () => {
    const url = (q: string) => new URL(`http://x/dash/attendance/alerts${q}`);
    expect(readThreshold(url(''))).toEqual({ percent: 90, form: null });
    expect(readThreshold(url('?threshold=75'))).toEqual({ percent: 75, form: null });
    expect(readThreshold(url('?threshold=0'))).toMatchObject({
      percent: 90,
      form: { fieldErrors: { threshold: 'Use a percentage from 1 to 100.' } },
    });
    expect(readThreshold(url('?threshold=abc')).form?.fieldErrors?.threshold).toBe(
      'Enter a percentage from 1 to 100.',
    );
    expect(readThreshold(url('?threshold=101')).percent).toBe(90);
  });
});
