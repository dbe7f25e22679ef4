// How a notification reads on screen: its action as a short label, and its date as people say it
// ("5 min ago", "Yesterday", "12 Mar"). Pure, so the words are tested without a browser.

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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function sameDay(a: Date, b: Date): boolean {
  return (
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}

/** A short date relative to `now`, in the reader's time zone. */
export function formatNotificationDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const ago = now.getTime() - date.getTime();
  if (ago >= 0 && ago < MINUTE) return 'Just now';
  if (ago >= 0 && ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago >= 0 && ago < 12 * HOUR) return `${Math.floor(ago / HOUR)} h ago`;
  const time = date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (sameDay(date, now)) return `Today, ${time}`;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return `Yesterday, ${time}`;
  return date.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/** The full date and time, for the tooltip and the dialog. */
export function formatFullDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
