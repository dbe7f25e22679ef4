// The inbox's view rules: the filters and search that live in the URL (?child=, ?unread=1, ?q=,
// ?archived=1: archived conversations instead of the others),
// the child options (only children that appear in the person's conversations), and how a time is
// shown (today → HH:MM, else a short date). Pure, so the rules are tested without a browser.
import { addDays, schoolDay } from '~/domain/clock';
import { formatDate, formatTime } from '~/domain/format';
import type { InboxItem, Person } from './load';

export const INBOX_PARAMS = {
  child: 'child',
  unread: 'unread',
  search: 'q',
  archived: 'archived',
} as const;

export interface InboxQuery {
  /** A student id, or '' for every child. */
  child: string;
  unreadOnly: boolean;
  /** The search text as typed (trimmed). */
  q: string;
  /** Archived conversations instead of the others (archived ones are hidden by default). */
  archived: boolean;
}

export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  return {
    child: params.get(INBOX_PARAMS.child)?.trim() ?? '',
    unreadOnly: params.get(INBOX_PARAMS.unread) === '1',
    q: (params.get(INBOX_PARAMS.search) ?? '').trim().slice(0, 100),
    archived: params.get(INBOX_PARAMS.archived) === '1',
  };
}

export function hasInboxFilters(query: InboxQuery): boolean {
  return Boolean(query.child || query.unreadOnly || query.q || query.archived);
}

/** The child's display name: preferred name first, as the rest of the app names children. */
export function childName(student: {
  firstName: string;
  lastName: string;
  preferredName?: string;
}): string {
  return `${student.preferredName || student.firstName} ${student.lastName}`;
}

/** The names a conversation lists as its participants: everyone but the person themselves. */
export function otherParticipants(
  participantIds: readonly string[],
  myIds: readonly string[],
  personOf: (id: string) => Person,
): Person[] {
  return participantIds.filter((id) => !myIds.includes(id)).map(personOf);
}

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * The conversations the query keeps, in the inbox's order. Search matches every word against the
 * subject and the other participants' names (so "leo daniel" finds "Leo's maths progress" with
 * Daniel Mensah), ignoring case and accents.
 */
export function filterInbox(
  items: readonly InboxItem[],
  query: InboxQuery,
  participantNames: (item: InboxItem) => readonly string[],
): InboxItem[] {
  const words = normalise(query.q).split(/\s+/).filter(Boolean);
  return items.filter((item) => {
    if (Boolean(item.archived) !== query.archived) return false;
    if (query.child && item.conversation.studentId !== query.child) return false;
    if (query.unreadOnly && item.unread === 0) return false;
    if (words.length === 0) return true;
    const haystack = normalise([item.conversation.subject, ...participantNames(item)].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}

/** The child filter's options: the children the person's conversations are about, by name. */
export function childOptions(items: readonly InboxItem[]): Array<{ id: string; name: string }> {
  const byId = new Map<string, string>();
  for (const item of items) {
    if (item.student) byId.set(item.student.id, childName(item.student));
  }
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The URL search of a query, leaving out what is empty. */
export function inboxQueryToSearch(query: InboxQuery): string {
  const params = new URLSearchParams();
  if (query.child) params.set(INBOX_PARAMS.child, query.child);
  if (query.unreadOnly) params.set(INBOX_PARAMS.unread, '1');
  if (query.q) params.set(INBOX_PARAMS.search, query.q);
  if (query.archived) params.set(INBOX_PARAMS.archived, '1');
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** HH:MM (24-hour) in the person's campus zone, named when it is not the device's. */
export function formatClock(iso: string, timeZone: string): string {
  return formatTime(iso, timeZone);
}

/**
 * An inbox time: HH:MM today, else "Mon 3 Mar" (with the year when it is not this year), by the
 * clock of `timeZone`, the person's campus zone (usePersonZone): "today" is that campus's day.
 */
export function formatInboxTime(iso: string, now: Date, timeZone: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return '';
  const day = schoolDay(timeZone, date);
  const today = schoolDay(timeZone, now);
  if (day === today) return formatClock(iso, timeZone);
  return formatDate(day, day.slice(0, 4) === today.slice(0, 4) ? 'short' : 'medium');
}

/** A day heading of the thread for a YYYY-MM-DD day: "Today", "Yesterday" or "Monday 3 March". */
export function formatDayHeading(day: string, today: string): string {
  if (day === today) return 'Today';
  if (day === addDays(today, -1)) return 'Yesterday';
  return formatDate(day, day.slice(0, 4) === today.slice(0, 4) ? 'heading' : 'long');
}
