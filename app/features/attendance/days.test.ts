// Each classroom's attendance is on its own campus's school day (the one clock): a person with
// classrooms on two campuses sees Saturday's class in Kolkata and Friday's in Los Angeles at once.
import { describe, expect, it } from 'vitest';
import { campusDays, schoolDay } from '~/domain/clock';
import { principalFromLists } from '~/domain/permissions';
import { campusSchema, classroomSchema } from '~/domain/records';
import { notMarkedToday } from './alerts';
import { dayOf } from './days';
import { todaysClasses } from './todays-classes';
import type { AttendanceData } from './load';

/** Saturday 00:30 in Kolkata; still Friday 11:00 in Los Angeles and 19:00 in UTC. */
const AT = new Date('2026-11-27T19:00:00Z');

const campuses = [
  { ...campusSchema.parse({ name: 'Kolkata Campus', timezone: 'Asia/Kolkata' }), id: 'kol' },
  { ...campusSchema.parse({ name: 'Pasadena Campus', timezone: 'America/Los_Angeles' }), id: 'la' },
];
const slot = (weekday: number) => ({ weekday, start: '09:00', end: '10:00', subjectId: 'math' });
const classrooms = [
  // Meets on Saturdays only, in Kolkata.
  {
    ...classroomSchema.parse({ name: 'Saturday Club', campusId: 'kol', schedule: [slot(6)] }),
    id: 'sat',
  },
  // Meets on Fridays only, in Los Angeles.
  {
    ...classroomSchema.parse({ name: 'Friday Class', campusId: 'la', schedule: [slot(5)] }),
    id: 'fri',
  },
];

function data(): AttendanceData {
  const principal = principalFromLists(
    { uid: 'admin', email: null, roles: ['admin'], memberUUID: 'admin' },
    {},
    null,
    '2026-11-28',
  );
  return {
    today: schoolDay('Asia/Kolkata', AT),
    campusDays: campusDays(campuses, AT),
    principal,
    classrooms,
    campuses,
    students: [],
    facilitators: [],
    rollCalls: [],
    pendingRollCallIds: new Set(),
    memberNames: new Map(),
  };
}

describe('each classroom on its campus’s day', () => {
  it('gives each classroom its campus’s date', () => {
    expect(dayOf(data(), classrooms[0]!)).toBe('2026-11-28');
    expect(dayOf(data(), classrooms[1]!)).toBe('2026-11-27');
  });

  it('lists Saturday’s Kolkata class and Friday’s Los Angeles class among today’s classes', () => {
    const classes = todaysClasses(data());
    expect(classes.map((c) => [c.classroom.id, c.time, c.href])).toEqual([
      ['fri', '09:00', '/dash/attendance?classroom=fri&date=2026-11-27'],
      ['sat', '09:00', '/dash/attendance?classroom=sat&date=2026-11-28'],
    ]);
  });

  it('lists both as not yet marked, each linking to the roll call of its own day', () => {
    expect(notMarkedToday(data()).map((c) => c.href)).toEqual([
      '/dash/attendance?classroom=fri&date=2026-11-27',
      '/dash/attendance?classroom=sat&date=2026-11-28',
    ]);
  });
});
