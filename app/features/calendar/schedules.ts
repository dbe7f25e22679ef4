// The "Show classroom schedules" layer: the weekly timetable slots of classrooms (school setup)
// laid on the calendar's days. A slot is wall-clock time in its classroom's campus timezone, so
// the same 09:00 slot is 09:00 every week, whatever the device's zone or a DST change.
import { DEFAULT_TIMEZONE } from '~/domain/calendar';
import { instantAt } from '~/domain/clock';
import type { Principal } from '~/domain/permissions';
import type { Campus, Classroom, Subject } from '~/domain/records';
import { isStaff } from '~/domain/roles';
import { ownClassroomIds } from '~/features/school';
import { isoWeekday } from './range';

export interface ScheduleItem {
  /** `${classroomId}@${date}@${start}`, unique within a view. */
  key: string;
  classroomId: string;
  date: string;
  /** HH:MM, campus-local. */
  start: string;
  end: string;
  startAt: Date;
  endAt: Date;
  timeZone: string;
  /** "<Subject> · <Classroom>". */
  label: string;
}

type WithId<T> = T & { id: string };

/**
 * Whose schedules the layer shows: the classroom filter's, else the person's own (taught, attended,
 * children's). Staff without a classroom filter are asked to choose one: every timetable of the
 * school at once would bury the events.
 */
export function scheduleClassroomIds(
  principal: Pick<Principal, 'roles' | 'classroomIds' | 'childClassroomIds'>,
  classroomFilter: string,
): string[] | 'choose' {
  if (classroomFilter) return [classroomFilter];
  const own = ownClassroomIds(principal);
  if (own.length === 0 && isStaff(principal.roles)) return 'choose';
  return own;
}

function instant(date: string, time: string, timeZone: string): Date {
  const [hh = 0, mm = 0] = time.split(':').map(Number);
  return instantAt(timeZone, date, hh, mm);
}

/** The slots of these classrooms on these days, by date, then start time, then label. */
export function scheduleItems(
  classroomIds: readonly string[],
  days: readonly string[],
  lists: {
    classrooms: ReadonlyArray<WithId<Classroom>>;
    subjects: ReadonlyArray<WithId<Subject>>;
    campuses: ReadonlyArray<WithId<Campus>>;
  },
): ScheduleItem[] {
  const items: ScheduleItem[] = [];
  for (const classroom of lists.classrooms) {
    if (!classroomIds.includes(classroom.id)) continue;
    const timeZone =
      lists.campuses.find((c) => c.id === classroom.campusId)?.timezone || DEFAULT_TIMEZONE;
    for (const date of days) {
      const weekday = isoWeekday(date);
      for (const slot of classroom.schedule) {
        if (slot.weekday !== weekday) continue;
        const subject = lists.subjects.find((s) => s.id === slot.subjectId)?.name ?? 'Class';
        items.push({
          key: `${classroom.id}@${date}@${slot.start}`,
          classroomId: classroom.id,
          date,
          start: slot.start,
          end: slot.end,
          startAt: instant(date, slot.start, timeZone),
          endAt: instant(date, slot.end, timeZone),
          timeZone,
          label: `${subject} · ${classroom.name}`,
        });
      }
    }
  }
  return items.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.start.localeCompare(b.start) ||
      a.label.localeCompare(b.label),
  );
}

/**
 * Slots of one day at the same start and end, as one group each (a teacher's parallel classes):
 * shown as one block, they do not split a day into unreadable slivers.
 */
export function groupSlots(slots: readonly ScheduleItem[]): ScheduleItem[][] {
  const groups = new Map<string, ScheduleItem[]>();
  for (const slot of slots) {
    const key = `${slot.date}@${slot.start}-${slot.end}`;
    groups.set(key, [...(groups.get(key) ?? []), slot]);
  }
  return [...groups.values()];
}
