// The calendar's view state lives in the URL (?view=&date=&campus=&classroom=&layer=&event=&on=),
// so a view can be bookmarked, shared and restored by Back. Parsing never throws: a value that is
// not one of ours falls back to its default, and serialising leaves defaults out.
import { CALENDAR_VIEWS, type CalendarView } from '~/domain/calendar';
import { isCalendarDate as isRealDate } from '~/ui/form/fields';

export const CALENDAR_PATH = '/dash/calendar';

export interface CalendarQuery {
  view: CalendarView;
  /** YYYY-MM-DD: the day the view is built around. */
  date: string;
  /** Campus filter ('' = all). */
  campus: string;
  /** Classroom filter ('' = all). */
  classroom: string;
  /** The classroom schedules layer is on. */
  schedules: boolean;
  /** The event whose details are open ('' = none). */
  event: string;
  /** The occurrence's campus-local date, for a series ('' = none). */
  on: string;
}

const ID = /^[\w.-]{1,200}$/;

/** A real calendar date as YYYY-MM-DD (2024-02-30 is not one). */
export function isCalendarDate(value: string | null): value is string {
  return value !== null && isRealDate(value);
}

function isView(value: string | null): value is CalendarView {
  return CALENDAR_VIEWS.some((v) => v === value);
}

function idOrEmpty(value: string | null): string {
  return value && ID.test(value) ? value : '';
}

/** Was a view named in the URL? Without one the page picks by screen width. */
export function hasView(params: URLSearchParams): boolean {
  return isView(params.get('view'));
}

export function parseCalendarQuery(
  params: URLSearchParams,
  defaults: { today: string; view: CalendarView },
): CalendarQuery {
  const view = params.get('view');
  const date = params.get('date');
  const on = params.get('on');
  return {
    view: isView(view) ? view : defaults.view,
    date: isCalendarDate(date) ? date : defaults.today,
    campus: idOrEmpty(params.get('campus')),
    classroom: idOrEmpty(params.get('classroom')),
    schedules: params.get('layer') === 'schedules',
    event: idOrEmpty(params.get('event')),
    on: isCalendarDate(on) ? on : '',
  };
}

/** The search string (with '?', or '' for none) of a query; empty values are left out. */
export function calendarSearch(query: CalendarQuery): string {
  const params = new URLSearchParams();
  params.set('view', query.view);
  params.set('date', query.date);
  if (query.campus) params.set('campus', query.campus);
  if (query.classroom) params.set('classroom', query.classroom);
  if (query.schedules) params.set('layer', 'schedules');
  if (query.event) params.set('event', query.event);
  if (query.event && query.on) params.set('on', query.on);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The calendar URL of a query changed by `patch` (e.g. another date, or an event opened). */
export function calendarHref(query: CalendarQuery, patch: Partial<CalendarQuery> = {}): string {
  return `${CALENDAR_PATH}${calendarSearch({ ...query, ...patch })}`;
}
