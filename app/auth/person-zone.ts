// The signed-in person's zone, app-wide (issue 30: "shown times are in the campus's zone, named when
// it differs from the device's"). The dashboard layout's loader reads it (loadPersonZone) on each
// sign-in and revalidation and hands it down (person-zone-context.ts); every screen that shows a
// time writes it in usePersonZone() through app/domain/format.ts, which names the zone when the
// device reads another wall clock. The rule itself is clock.signedInZone (pure, tested there).
import { z } from 'zod';
import { parseOnce } from '~/data/route-data';
import { store } from '~/data/store';
import { campusZone, schoolDay, signedInZone } from '~/domain/clock';
import { principalFromLists } from '~/domain/permissions';
import type { SessionUser } from './session-user';

// Only what the rule reads of each record, so one odd record does not hide the person's own.
const campusZoneSchema = z.object({ id: z.string(), timezone: z.string().nullish() });
const classroomSchema = z.object({
  id: z.string(),
  campusId: z.string(),
  facilitatorIds: z.array(z.string()).default([]),
});
const facilitatorSchema = z.object({
  id: z.string(),
  memberUUID: z.string().nullish(),
  campusId: z.string().nullish(),
  classroomIds: z.array(z.string()).default([]),
});
const studentSchema = z.object({
  id: z.string(),
  familyId: z.string().nullish(),
  campusId: z.string().nullish(),
  classroomIds: z.array(z.string()).default([]),
});
const familySchema = z.object({
  id: z.string(),
  guardians: z.array(z.object({ memberUUID: z.string().nullish() })).default([]),
});

/**
 * The person's own records as the cache holds them, without asking for a refresh: the layout must
 * not wait on a parent's students or a facilitator's classrooms the page itself may never read.
 * The pages that do read them revalidate the layout when they land (useRevalidateOnDataChange).
 */
async function cached<T>(collection: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>) {
  const items = await store.list(collection, { limit: Infinity });
  return items.flatMap((item) => {
    const parsed = parseOnce(schema, item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The signed-in person's zone from the cache: the campuses, and only the lists the person's roles
 * link them through (office staff and administrators read none: they take the school's first
 * campus). Nothing waits on the network: the whole dashboard waits on this loader, and on a first
 * sign-in over a slow connection the page must draw its skeletons, not a blank screen. Until the
 * first sync brings the campuses the device's zone is used; `watchPersonZone` then corrects it.
 */
export async function loadPersonZone(user: SessionUser): Promise<string> {
  const { roles } = user;
  const facilitator = roles.includes('facilitator');
  const student = roles.includes('student');
  const parent = roles.includes('parent');
  const [campuses, classrooms, facilitators, students, families] = await Promise.all([
    cached('campuses', campusZoneSchema),
    facilitator || student ? cached('classrooms', classroomSchema) : [],
    facilitator ? cached('facilitators', facilitatorSchema) : [],
    student || parent ? cached('students', studentSchema) : [],
    parent ? cached('families', familySchema) : [],
  ]);
  const principal = principalFromLists(
    { uid: user.uid, email: user.email, roles, memberUUID: user.memberUUID },
    { classrooms, facilitators, students, families },
    user.member,
    schoolDay(campusZone(undefined, campuses)),
  );
  return signedInZone(principal, campuses, classrooms);
}

/** The collections the zone rule reads; a change to one of them may move the person's zone. */
const ZONE_COLLECTIONS = new Set([
  'campuses',
  'classrooms',
  'facilitators',
  'students',
  'families',
]);

/**
 * Reads the person's zone again whenever the sync or another tab changes what the rule reads (the
 * first sync's campuses above all), and hands it to `onZone`. Returns the unsubscribe.
 */
export function watchPersonZone(user: SessionUser, onZone: (zone: string) => void): () => void {
  let latest = 0;
  return store.subscribe((event) => {
    if (!event.collections.some((collection) => ZONE_COLLECTIONS.has(collection))) return;
    const ask = ++latest;
    void loadPersonZone(user).then((zone) => {
      if (ask === latest) onZone(zone);
    });
  });
}
