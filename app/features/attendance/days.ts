// Which school day and zone a classroom's attendance is on: its campus's (the one clock). Pure, so
// the home tiles use it without the data layer.
import { campusZone } from '~/domain/clock';
import type { Classroom } from '~/domain/records';

interface Days {
  /** The person's school day. */
  today: string;
  /** Each campus's school day, by campus id. */
  campusDays?: ReadonlyMap<string, string>;
}

/**
 * A classroom's school day: its campus's (the one clock), so each classroom's roll call and place
 * in "Today's classes" follow the campus it meets at, whatever the person's other campuses say.
 */
export function dayOf(data: Days, classroom: Pick<Classroom, 'campusId'>): string {
  return data.campusDays?.get(classroom.campusId) ?? data.today;
}

/** The zone of a classroom's campus, for the times shown on its roll call. */
export function zoneOf(
  data: { campuses: ReadonlyArray<{ id: string; timezone?: string | null }> },
  classroom: Pick<Classroom, 'campusId'>,
): string {
  return campusZone(classroom.campusId, data.campuses);
}
