export { matchesFilters } from './calendar-route';
export { formatWhen } from './event-time';
export { loadCalendarData, type CalendarData } from './load';
export { type NeededReply, type WaitingReplies } from './replies';
export { loadRepliesNeeded, loadRepliesWaiting } from './replies-route';
export { scheduleItems, type ScheduleItem } from './schedules';
export { CALENDAR_PATH, calendarHref } from './url-state';
