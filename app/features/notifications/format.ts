// How a notification reads on screen: its action as a short label, and its date as people say it
// ("5 minutes ago", "Yesterday, 09:12", "Sun 8 Nov"), written by the one date module. Pure, so the
// words are tested without a browser.
import { deviceTimeZone, now as clockNow } from '~/domain/clock';
import { formatDateTime, formatRelative } from '~/domain/format';

const ACTION_LABELS: Record<string, string> = {
  message: 'Message',
  event: 'Event',
  attendance: 'Attendance',
  inquiry: 'Inquiry',
  resource: 'Resource',
  student: 'Student',
  family: 'Family',
  facilitator: 'Facilitator',
};

/** The action's label; an action the app does not know is shown capitalised as it is. */
export function actionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Notice';
}

/**
 * A short date relative to `now`: "Just now", "25 minutes ago", "Today, 09:12", "Yesterday,
 * 09:12", "3 days ago", "12 Mar". In `timeZone` (the campus's where the caller knows it), else the
 * device's.
 */
export function formatNotificationDate(
  iso: string,
  now: Date = clockNow(),
  timeZone: string = deviceTimeZone(),
): string {
  return formatRelative(iso, timeZone, { now });
}

/** The full date and time, for the tooltip and the dialog: "Fri 27 Nov 2026, 09:12". */
export function formatFullDate(iso: string, timeZone: string = deviceTimeZone()): string {
  return formatDateTime(iso, timeZone);
}
