// What the calendar page (/dash/calendar) loads: the person's events from the cache, expanded into
// occurrences over the days the view shows (series stepped in their campus timezone), filtered by
// campus and classroom, with the classroom schedules layer and the event the URL opens.
import { requireArea } from '~/auth/guards';
import { readRecord } from '~/data/route-data';
import {
  deviceTimeZone,
  eventTimeZone,
  expandEvent,
  expandEvents,
  localDate,
  type CalendarView,
  type Occurrence,
} from '~/domain/calendar';
import { schoolDay } from '~/domain/clock';
import type { Principal } from '~/domain/permissions';
import { isStaff } from '~/domain/roles';
import {
  classroomFilterOptions,
  filterableClassroomIds,
  type ClassroomOption,
} from '~/features/school';
import { mayEditEvent } from './event-access';
import { formatTime, formatWhen, minutesOfDay, occurrenceDays } from './event-time';
import { eventRecordSchema, loadCalendarData, type CalendarData, type EventRecord } from './load';
import { addDays, addMonths, instantRange, visibleRange, type VisibleRange } from './range';
import { dialogReplies, type DialogReplies } from './replies-route';
import { scheduleClassroomIds, scheduleItems, type ScheduleItem } from './schedules';
import { hasView, parseCalendarQuery, type CalendarQuery } from './url-state';

/** Below this width the agenda is the default view (a month grid does not fit a phone). */
const PHONE_QUERY = '(max-width: 639px)';

export type EventKind = 'school' | 'campus' | 'classroom';

/** An occurrence as the views show it: placed on its campus-local days, with its time in words. */
/** What every calendar view is given: the view's query and range, today, and its events. */
export interface CalendarViewProps {
  query: CalendarQuery;
  range: VisibleRange;
  today: string;
  items: readonly CalendarItem[];
}

export interface CalendarItem {
  key: string;
  eventId: string;
  title: string;
  kind: EventKind;
  allDay: boolean;
  /** Campus-local dates it covers. */
  days: string[];
  occurrenceDate: string;
  /** "10:00" (campus time), '' for all-day. */
  startTime: string;
  /** Minutes from campus-local midnight (week view). */
  startMinute: number;
  endMinute: number;
  when: string;
  location: string;
  recurring: boolean;
  pending: boolean;
}

export interface EventDetails {
  item: CalendarItem;
  event: EventRecord;
  timeZone: string;
  campus: string;
  classrooms: string[];
  audience: string;
  description: string;
  canEdit: boolean;
  /** The reply the event asks of families, as this person sees it; null when it asks none. */
  replies: DialogReplies | null;
}

export interface CalendarPageData {
  query: CalendarQuery;
  today: string;
  range: VisibleRange;
  items: CalendarItem[];
  schedules: ScheduleItem[] | 'choose';
  /** The zones times are shown in, when one differs from the device's ('' otherwise). */
  zoneNote: string;
  campuses: Array<{ id: string; name: string }>;
  /** The classroom filter's options (school/classroom-choices.ts). */
  classrooms: ClassroomOption[];
  canCreate: boolean;
  /** What "Download view (.ics)" writes: events and their campus timezones by id. */
  exportable: { events: EventRecord[]; zones: Record<string, string> };
  /** The event the URL opens; 'unavailable' when it names one the person cannot read. */
  dialog: EventDetails | 'unavailable' | null;
}

function defaultView(): CalendarView {
  const phone =
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(PHONE_QUERY).matches;
  return phone ? 'agenda' : 'month';
}

export function kindOf(event: Pick<EventRecord, 'campusId' | 'classroomIds'>): EventKind {
  if (event.classroomIds.length > 0) return 'classroom';
  return event.campusId ? 'campus' : 'school';
}

/** Does the event belong in a view filtered by campus and classroom? School-wide ones always do. */
export function matchesFilters(
  event: Pick<EventRecord, 'campusId' | 'classroomIds'>,
  query: Pick<CalendarQuery, 'campus' | 'classroom'>,
  classrooms: ReadonlyArray<{ id: string; campusId: string }>,
): boolean {
  if (kindOf(event) === 'school') return true;
  const campusOf = (id: string) => classrooms.find((c) => c.id === id)?.campusId;
  const eventCampuses = event.campusId
    ? [event.campusId]
    : event.classroomIds.map(campusOf).filter((c): c is string => c !== undefined);
  if (query.campus && !eventCampuses.includes(query.campus)) return false;
  if (query.classroom) {
    if (event.classroomIds.length > 0) return event.classroomIds.includes(query.classroom);
    // A campus-wide event concerns every classroom of that campus.
    return event.campusId === campusOf(query.classroom);
  }
  return true;
}

const ROLE_WORDS: Record<string, string> = {
  admin: 'administrators',
  superAdmin: 'administrators',
  administration: 'office staff',
  facilitator: 'facilitators',
  parent: 'parents',
  student: 'students',
};

/** "Facilitators, parents and students" for an audience's roles. */
export function audienceInWords(audience: readonly string[]): string {
  const words = [...new Set(audience.map((r) => ROLE_WORDS[r] ?? r))];
  if (words.length === 0) return 'Only its author';
  const text =
    words.length === 1
      ? words[0]
      : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
  return `${text?.charAt(0).toUpperCase()}${text?.slice(1)}`;
}

function zoneOf(data: CalendarData) {
  return (event: Pick<EventRecord, 'campusId' | 'classroomIds'>) =>
    eventTimeZone(event, data.campuses, data.classrooms);
}

function toItem(o: Occurrence, data: CalendarData, showZone: boolean): CalendarItem {
  const event = o.event;
  const startMinute = minutesOfDay(o.start, o.timeZone);
  const sameDay = localDate(o.end, o.timeZone) === o.occurrenceDate;
  return {
    key: o.key,
    eventId: event.id ?? '',
    title: event.title,
    kind: kindOf(event),
    allDay: event.allDay,
    days: occurrenceDays(o),
    occurrenceDate: o.occurrenceDate,
    startTime: event.allDay ? '' : formatTime(o.start, o.timeZone),
    startMinute,
    endMinute: sameDay ? Math.max(startMinute + 15, minutesOfDay(o.end, o.timeZone)) : 24 * 60,
    when: formatWhen(o, showZone),
    location: event.location,
    recurring: o.recurring,
    pending: data.pendingIds.has(event.id ?? ''),
  };
}

/** May this person create events (staff; facilitators who teach a classroom)? */
export function mayCreateEvents(principal: Principal): boolean {
  return (
    isStaff(principal.roles) ||
    (principal.roles.includes('facilitator') && principal.classroomIds.length > 0)
  );
}

async function dialogFor(
  query: CalendarQuery,
  data: CalendarData,
  showZone: (zone: string) => boolean,
): Promise<EventDetails | 'unavailable' | null> {
  if (!query.event) return null;
  // The cache first; an event the sync has not brought yet (a fresh notification) from the backend,
  // which refuses one the person may not read: both read as "not available".
  const event =
    data.events.find((e) => e.id === query.event) ??
    (await readRecord('events', query.event, eventRecordSchema, { refreshIfDue: false }));
  if (!event) return 'unavailable';
  const timeZone = zoneOf(data)(event);
  const around = query.on || localDate(new Date(event.start), timeZone);
  const occurrences = expandEvent(
    event,
    instantRange({ from: addDays(around, -1), to: addDays(around, 1) }),
    timeZone,
  );
  const occurrence =
    occurrences.find((o) => o.occurrenceDate === around) ??
    expandEvent(event, { from: new Date(event.start), to: new Date(8.64e15) }, timeZone)[0];
  if (!occurrence) return 'unavailable';
  const names = new Map(data.classrooms.map((c) => [c.id, c.name]));
  const canEdit = mayEditEvent(data.principal, event, data.today);
  return {
    item: toItem(occurrence, data, showZone(timeZone)),
    event,
    timeZone,
    campus: data.campuses.find((c) => c.id === event.campusId)?.name ?? '',
    classrooms: event.classroomIds.map((id) => names.get(id) ?? 'A classroom'),
    audience: audienceInWords(event.audience),
    description: event.description,
    canEdit,
    replies: await dialogReplies(event, data, { timeZone, canEdit }),
  };
}

export async function loadCalendarPage(request: Request): Promise<CalendarPageData> {
  const user = await requireArea(request, 'calendar');
  const data = await loadCalendarData(user);
  const params = new URL(request.url).searchParams;
  const device = deviceTimeZone();
  const schoolZone =
    data.campuses.find((c) => c.id === params.get('campus'))?.timezone ??
    data.campuses[0]?.timezone ??
    device;
  // "Today" is the school's date: at 01:00 in Kolkata it is already tomorrow there.
  const today = schoolDay(schoolZone);
  const query = parseCalendarQuery(params, {
    today,
    view: hasView(params) ? 'month' : defaultView(),
  });
  const range = visibleRange(query.view, query.date);
  const showZone = (zone: string) => zone !== device;
  const timeZoneOf = zoneOf(data);

  const shown = data.events.filter((e) => matchesFilters(e, query, data.classrooms));
  const items = expandEvents(shown, instantRange(range), timeZoneOf)
    .map((o) => toItem(o, data, showZone(o.timeZone)))
    .filter((item) => item.days.some((d) => d >= range.from && d <= range.to));

  const zones = new Set(
    (query.campus ? data.campuses.filter((c) => c.id === query.campus) : data.campuses).map(
      (c) => c.timezone,
    ),
  );
  const differing = [...zones].filter(showZone).sort();

  // Staff filter by any classroom, others by their own (school/classroom-choices.ts).
  const offered = filterableClassroomIds(data.principal);

  let schedules: CalendarPageData['schedules'] = [];
  if (query.schedules) {
    const ids = scheduleClassroomIds(data.principal, query.classroom);
    schedules =
      ids === 'choose'
        ? 'choose'
        : scheduleItems(query.view === 'month' ? [] : ids, range.days, data);
  }

  return {
    query,
    today,
    range,
    items,
    schedules,
    zoneNote: differing.join(', '),
    campuses: data.campuses.map((c) => ({ id: c.id, name: c.name })),
    classrooms: classroomFilterOptions(data.classrooms, data.campuses, {
      offered,
      campusId: query.campus,
      keep: query.classroom,
    }),
    canCreate: mayCreateEvents(data.principal),
    exportable: eventsForExport(data, query, today),
    dialog: await dialogFor(query, data, showZone),
  };
}

/**
 * The events "Download view (.ics)" exports: those of the current filters with an occurrence in the
 * next 12 months (a series whole, as one VEVENT with its rule), with each one's campus timezone.
 */
function eventsForExport(data: CalendarData, query: CalendarQuery, today: string) {
  const timeZoneOf = zoneOf(data);
  const next12Months = instantRange({ from: today, to: addMonths(today, 12) });
  const events = data.events.filter(
    (e) =>
      matchesFilters(e, query, data.classrooms) &&
      expandEvent(e, next12Months, timeZoneOf(e)).length > 0,
  );
  return { events, zones: Object.fromEntries(events.map((e) => [e.id, timeZoneOf(e)])) };
}
