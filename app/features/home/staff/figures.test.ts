// The admin home's figures computed from the demo seed (built as mocks/seed.test.ts builds it, on a
// fixed Monday) and checked against counts made here with plain loops over the seeded documents,
// not by calling the same functions again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parentInquirySchema } from '~/domain/records';
import {
  attendanceRecordSchema,
  campusRecordSchema,
  classroomRecordSchema,
  facilitatorRecordSchema,
  studentRecordSchema,
  type AttendanceData,
} from '~/features/attendance';
import { fake, reseed } from '../../../../mocks/index';
import { seedStore } from '../../../../mocks/seed';
import { store } from '../../../../mocks/store';
import {
  attendanceFigures,
  enrolledHref,
  enrolmentByCampus,
  inquiriesHref,
  openInquiriesByStatus,
} from './figures';
import { comparedWithAverage } from './StaffHome';

/** Monday 9 March 2026, 10:00 UTC: a school day, so half the classrooms have today's roll call. */
const NOW = Date.UTC(2026, 2, 9, 10, 0);
const TODAY = '2026-03-09';

function list<S extends z.ZodTypeAny>(collection: string, schema: S): Array<z.output<S>> {
  return fake.listDocuments(collection).map(({ id, data }) => schema.parse({ ...data, id }));
}

const inquiryRecordSchema = parentInquirySchema.extend({ id: z.string() });

let data: AttendanceData;

beforeAll(async () => {
  await fake.ready();
  store.clearDocuments();
  seedStore('demo', NOW);
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
    classrooms: list('classrooms', classroomRecordSchema),
    campuses: list('campuses', campusRecordSchema),
    students: list('students', studentRecordSchema),
    facilitators: list('facilitators', facilitatorRecordSchema),
    rollCalls: list('attendance', attendanceRecordSchema),
    pendingRollCallIds: new Set(),
    memberNames: new Map(),
  };
});

afterAll(() => {
  reseed('demo');
});

describe('enrolment by campus', () => {
  it('counts each campus’s students whose status is enrolled, and their sum is the total', () => {
    const expected: Record<string, number> = {};
    let total = 0;
    for (const s of data.students) {
      if (s.status !== 'enrolled') continue;
      expected[s.campusId] = (expected[s.campusId] ?? 0) + 1;
      total += 1;
    }
    const figures = enrolmentByCampus(data.students, data.campuses);
    expect(total).toBeGreaterThan(0);
    expect(figures.total).toBe(total);
    const got: Record<string, number> = {};
    for (const row of figures.byCampus) got[row.key] = row.value;
    expect(got).toEqual(expected);
  });

  it('leaves out waitlisted, withdrawn and graduated students', () => {
    const notEnrolled = data.students.filter((s) => s.status !== 'enrolled').length;
    expect(notEnrolled).toBeGreaterThan(0);
    expect(enrolmentByCampus(data.students, data.campuses).total).toBe(
      data.students.length - notEnrolled,
    );
  });

  it('names each campus and links to the students list filtered to its enrolled students', () => {
    const figures = enrolmentByCampus(data.students, data.campuses);
    for (const row of figures.byCampus) {
      const campus = data.campuses.find((c) => c.id === row.key);
      expect(row.label).toBe(campus?.name);
      const url = new URL(row.href, 'http://x');
      expect(url.pathname).toBe('/dash/students');
      expect(url.searchParams.get('campus')).toBe(row.key);
      expect(url.searchParams.get('status')).toBe('enrolled');
    }
    expect(figures.href).toBe('/dash/students?status=enrolled');
    expect(enrolledHref('c 1')).toBe('/dash/students?campus=c+1&status=enrolled');
  });

  it('says nothing is enrolled when the cache holds no students', () => {
    expect(enrolmentByCampus([], data.campuses)).toEqual({
      byCampus: [],
      total: 0,
      href: '/dash/students?status=enrolled',
    });
  });
});

describe('today’s attendance against the 30-day average', () => {
  it('gives today’s rate and the 30-day average counted from the roll calls’ entries', () => {
    const from = '2026-02-08'; // 29 days before 9 March: the reports page's 30-day window.
    let todayMarked = 0;
    let todayAttended = 0;
    let marked = 0;
    let attended = 0;
    for (const rc of data.rollCalls) {
      for (const entry of Object.values(rc.entries)) {
        const present = entry.status === 'present' || entry.status === 'late' ? 1 : 0;
        if (rc.date === TODAY) {
          todayMarked += 1;
          todayAttended += present;
        }
        if (rc.date >= from && rc.date <= TODAY) {
          marked += 1;
          attended += present;
        }
      }
    }
    const figures = attendanceFigures(data);
    expect(todayMarked).toBeGreaterThan(0);
    expect(figures.from).toBe(from);
    expect(figures.today.marked).toBe(todayMarked);
    expect(figures.today.rate).toBeCloseTo(todayAttended / todayMarked, 10);
    expect(figures.averageMarked).toBe(marked);
    expect(figures.average).toBeCloseTo(attended / marked, 10);
    expect(figures.href).toBe('/dash/attendance/reports');
  });

  it('lists the classrooms meeting today that have no mark yet', () => {
    const weekday = 1; // Monday
    const markedToday = new Set<string>();
    for (const rc of data.rollCalls) {
      if (rc.date === TODAY && Object.keys(rc.entries).length > 0) markedToday.add(rc.classroomId);
    }
    const expected = data.classrooms
      .filter((c) => c.schedule.some((slot) => slot.weekday === weekday))
      .filter((c) => !markedToday.has(c.id))
      .map((c) => c.id)
      .sort();
    const got = attendanceFigures(data)
      .today.notMarked.map((n) => n.classroom.id)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(got).toEqual(expected);
  });

  it('has no average when no roll call was marked in the last 30 days', () => {
    const figures = attendanceFigures({ ...data, rollCalls: [] });
    expect(figures.average).toBeNull();
    expect(figures.today.rate).toBeNull();
  });

  it('compares today with the average in whole points', () => {
    expect(comparedWithAverage(0.95, 0.92)).toBe('3 points above the 30-day average');
    expect(comparedWithAverage(0.91, 0.92)).toBe('1 point below the 30-day average');
    expect(comparedWithAverage(0.925, 0.929)).toBe('the same as the 30-day average');
  });
});

describe('open inquiries by status', () => {
  it('counts the seeded inquiries of each open status, leaving enrolled and closed out', () => {
    const inquiries = list('parentInquiries', inquiryRecordSchema);
    const expected: Record<string, number> = {};
    let total = 0;
    for (const inquiry of inquiries) {
      if (inquiry.status === 'enrolled' || inquiry.status === 'closed') continue;
      expected[inquiry.status] = (expected[inquiry.status] ?? 0) + 1;
      total += 1;
    }
    const figures = openInquiriesByStatus(inquiries);
    expect(total).toBeGreaterThan(0);
    expect(figures.total).toBe(total);
    for (const row of figures.byStatus) {
      expect(row.value).toBe(expected[row.key] ?? 0);
      expect(row.href).toBe(
        `/dash/parent-inquiries?status=${encodeURIComponent(row.key).replace(/%20/g, '+')}`,
      );
    }
    expect(figures.byStatus.map((r) => r.key)).toEqual([
      'new',
      'contacted',
      'tour scheduled',
      'applied',
      'waitlisted',
    ]);
  });

  it('links the total to the whole board', () => {
    expect(openInquiriesByStatus([]).href).toBe('/dash/parent-inquiries');
    expect(inquiriesHref('tour scheduled')).toBe('/dash/parent-inquiries?status=tour+scheduled');
  });
});
