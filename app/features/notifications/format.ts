// How a notification reads on screen: its action as a short label, and its date as people say it
// ("5 minutes ago", "Yesterday, 09:12", "Sun 8 Nov"), written by the one date module. Pure, so the
// words are tested without a browser.
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
 * 09:12", "3 days ago", "12 Mar". In `timeZone`, the person's campus zone (usePersonZone): "Today"
 * is that campus's day, and the zone is named when the device reads another wall clock.
 */
export function formatNotificationDate(iso: string, now: Date, timeZone: string): string {
  return formatRelative(iso, timeZone, { now });
}

/** The full date and time in the person's zone, for the tooltip and the dialog: "Fri 27 Nov 2026, 09:12". */
export function formatFullDate(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone);
}
