// What the calendar screens read, in one place: the person's events (the sync already scopes them
// to their audience, decision 046), the school setup the views name and place them by (campuses
// with their timezones, classrooms with their schedules, subjects), and the signed-in person as the
// permission matrix sees them. Every read goes through the cache service (loadCollection), so the
// calendar opens offline.
import { z } from 'zod';
import type { SessionUser } from '~/auth/session-user';
import { loadCollection } from '~/data/route-data';
import { campusDays, latestSchoolDay, now, personZone, schoolDay } from '~/domain/clock';
import { principalFromLists, type Principal } from '~/domain/permissions';
import {
  campusSchema,
  classroomSchema,
  eventSchema,
  facilitatorSchema,
  familySchema,
  studentSchema,
  subjectSchema,
  type CalendarEvent,
  type Campus,
  type Classroom,
  type Student,
  type Subject,
} from '~/domain/records';

export const eventRecordSchema = eventSchema.extend({ id: z.string() });
const campusRecordSchema = campusSchema.extend({ id: z.string() });
const classroomRecordSchema = classroomSchema.extend({ id: z.string() });
const subjectRecordSchema = subjectSchema.extend({ id: z.string() });
const studentRecordSchema = studentSchema.extend({ id: z.string() });
const facilitatorRecordSchema = facilitatorSchema.extend({ id: z.string() });
const familyRecordSchema = familySchema.extend({ id: z.string() });

export type EventRecord = CalendarEvent & { id: string };
export type CampusRecord = Campus & { id: string };
export type ClassroomRecord = Classroom & { id: string };
export type SubjectRecord = Subject & { id: string };
export type StudentRecord = Student & { id: string };

export interface CalendarData {
  /** The person's school day (their first classroom's campus, else the school's first campus). */
  today: string;
  /** Each campus's school day, by campus id, where a classroom's own day matters. */
  campusDays?: ReadonlyMap<string, string>;
  principal: Principal;
  events: EventRecord[];
  campuses: CampusRecord[];
  classrooms: ClassroomRecord[];
  subjects: SubjectRecord[];
  /** The students this person's cache holds (a family's own children; a class; every one for staff). */
  students: StudentRecord[];
  /** Ids of events with changes the backend has not accepted yet. */
  pendingIds: Set<string>;
}

/** Everything the calendar screens need, from the cache (refreshed first when due). */
export async function loadCalendarData(user: SessionUser): Promise<CalendarData> {
  const [events, campuses, classrooms, subjects, students, facilitators, families, pendingIds] =
    await Promise.all([
      loadCollection('events', { schema: eventRecordSchema }),
      loadCollection('campuses', { schema: campusRecordSchema }),
      loadCollection('classrooms', { schema: classroomRecordSchema }),
      loadCollection('subjects', { schema: subjectRecordSchema }),
      loadCollection('students', { schema: studentRecordSchema }),
      loadCollection('facilitators', { schema: facilitatorRecordSchema }),
      // A student's sync holds no families (their own record is enough for their principal).
      user.roles.includes('student')
        ? Promise.resolve([])
        : loadCollection('families', { schema: familyRecordSchema }),
      import('~/data/store').then(({ store }) => store.pendingIds('events')),
    ]);
  const at = now();
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  campuses.sort(byName);
  const principal = principalFromLists(
    { uid: user.uid, email: user.email, roles: user.roles, memberUUID: user.memberUUID },
    { classrooms, facilitators, students, families },
    user.member,
    latestSchoolDay(campuses, at),
  );
  // The person's day: their first classroom's campus (the school's first for staff). Each
  // classroom's own day is in `campusDays` (a student on two campuses, say).
  const today = schoolDay(personZone(principal, campuses, classrooms), at);
  return {
    today,
    campusDays: campusDays(campuses, at),
    principal,
    events,
    campuses: campuses.sort(byName),
    classrooms: classrooms.sort(byName),
    subjects,
    students,
    pendingIds,
  };
}
