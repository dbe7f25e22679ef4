// The office's pipeline board, as pure rules: the filters the URL carries (campus, assignee,
// status, and the inquiry whose detail is open), which inquiries they keep, the columns in
// pipeline order, and the words a card shows (age, who did what in the history).
import {
  PIPELINE,
  canMove,
  inquiryAgeDays,
  isOpen,
  type InquiryClock,
  type InquiryStatus,
} from '~/domain/inquiries';
import { PUBLIC_SUBMITTER } from '~/domain/inquiries';
import type { ParentInquiry } from '~/domain/records';

export type InquiryRecord = ParentInquiry & { id: string };

/** The assignee filter: anyone, the person looking, nobody yet, or one staff member's id. */
export type AssigneeFilter = '' | 'me' | 'none' | (string & {});

export interface BoardQuery {
  campus: string;
  assignee: AssigneeFilter;
  /** One status only (the admin home links here per status); '' shows every column. */
  status: InquiryStatus | '';
  /** The inquiry whose detail is open. */
  inquiry: string;
}

export const EMPTY_QUERY: BoardQuery = { campus: '', assignee: '', status: '', inquiry: '' };

function isStatus(value: string): value is InquiryStatus {
  return PIPELINE.some((status) => status === value);
}

/** Reads the board's query from the URL; an unknown status is ignored (every column shows). */
export function parseBoardQuery(params: URLSearchParams): BoardQuery {
  const status = params.get('status')?.trim() ?? '';
  return {
    campus: params.get('campus')?.trim() ?? '',
    assignee: params.get('assignee')?.trim() ?? '',
    status: isStatus(status) ? status : '',
    inquiry: params.get('inquiry')?.trim() ?? '',
  };
}

/** The query as a search string ('' when nothing is set), leaving out empty fields. */
export function boardQueryToSearch(query: BoardQuery): string {
  const params = new URLSearchParams();
  for (const key of ['campus', 'assignee', 'status', 'inquiry'] as const) {
    if (query[key]) params.set(key, query[key]);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Whether any filter narrows the board (the open detail is no filter). */
export function isFiltered(query: BoardQuery): boolean {
  return Boolean(query.campus || query.assignee || query.status);
}

/** The inquiries the filters keep; `me` is the memberUUID of the person looking. */
export function filterInquiries<
  T extends Pick<ParentInquiry, 'campusId' | 'assignedTo' | 'status'>,
>(inquiries: readonly T[], query: BoardQuery, me: string): T[] {
  return inquiries.filter((inquiry) => {
    if (query.campus && inquiry.campusId !== query.campus) return false;
    if (query.status && inquiry.status !== query.status) return false;
    const assignee = inquiry.assignedTo ?? '';
    if (query.assignee === 'me' && assignee !== me) return false;
    if (query.assignee === 'none' && assignee !== '') return false;
    if (
      query.assignee &&
      query.assignee !== 'me' &&
      query.assignee !== 'none' &&
      assignee !== query.assignee
    ) {
      return false;
    }
    return true;
  });
}

/** Received first (the oldest waits longest), then by id so the order is stable. */
function byAge(a: Pick<InquiryRecord, 'id' | 'history' | 'createdAt'>, b: typeof a): number {
  const at = (i: typeof a) => i.history[0]?.at ?? i.createdAt ?? '';
  return at(a).localeCompare(at(b)) || a.id.localeCompare(b.id);
}

export interface BoardColumn<T> {
  status: InquiryStatus;
  inquiries: T[];
}

/**
 * The columns in pipeline order, each with its inquiries oldest first. With a status filter only
 * that column is shown; otherwise every column, empty ones included (an empty column is a figure).
 */
export function boardColumns<
  T extends Pick<InquiryRecord, 'id' | 'status' | 'history' | 'createdAt'>,
>(inquiries: readonly T[], only: InquiryStatus | '' = ''): BoardColumn<T>[] {
  return PIPELINE.filter((status) => !only || status === only).map((status) => ({
    status,
    inquiries: inquiries.filter((i) => i.status === status).sort(byAge),
  }));
}

/** The statuses an inquiry may move to, in pipeline order (canMove). */
export function moveTargets(from: InquiryStatus): InquiryStatus[] {
  return PIPELINE.filter((to) => canMove(from, to));
}

/** "New", "Tour scheduled": a status as a heading or an option says it. */
export function statusLabel(status: InquiryStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** Each campus's clock by campus id, and the school's (its first campus's) for the rest. */
export interface BoardClocks {
  byCampus: ReadonlyMap<string, InquiryClock>;
  school: InquiryClock;
}

/** The clock an inquiry is counted by: its campus's, else the school's. */
export function inquiryClock(
  inquiry: Pick<ParentInquiry, 'campusId'>,
  clocks: BoardClocks,
): InquiryClock {
  return (inquiry.campusId && clocks.byCampus.get(inquiry.campusId)) || clocks.school;
}

/**
 * "Today", "Yesterday", "12 days ago": when the inquiry was received, in its campus's school days.
 * Said as a time past, under "Received", so it never reads as the child's age (issue 30).
 */
export function receivedAgo(
  inquiry: Pick<ParentInquiry, 'history' | 'createdAt'>,
  clock: InquiryClock,
): string {
  const days = inquiryAgeDays(inquiry, clock);
  if (days === 0) return 'Today';
  return days === 1 ? 'Yesterday' : `${days} days ago`;
}

/** Who a history entry names: a staff member's name, the family itself, or the raw id. */
export function actorName(by: string, names: ReadonlyMap<string, string>): string {
  if (by === PUBLIC_SUBMITTER || by === 'web-form') return 'The family (web form)';
  return names.get(by) ?? by;
}

/** What the toast says after a move; an enrolled, unconverted inquiry points to the conversion. */
export function moveMessage(
  inquiry: Pick<ParentInquiry, 'childName' | 'familyId'>,
  to: InquiryStatus,
  offline: boolean,
): string {
  const where = offline ? ' on this device. It will sync when you are back online' : '';
  const next =
    to === 'enrolled' && !inquiry.familyId ? ' Next: "Create family and student" on its card.' : '';
  return `Moved ${inquiry.childName}'s inquiry to ${statusLabel(to)}${where}.${next}`;
}

/** Open inquiries (not enrolled or closed), for the heading's count. */
export function openCount(inquiries: readonly Pick<ParentInquiry, 'status'>[]): number {
  return inquiries.filter((i) => isOpen(i.status)).length;
}

/** parent-inquiries-YYYY-MM-DD.csv, with the local calendar date the person sees. */
export function csvFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `parent-inquiries-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/**
 * The status a "Move to" control offers first: the next one along the pipeline. An enrolled or
 * closed inquiry has no next step (only a reopening, which the person chooses), so none.
 */
export function nextTarget(from: InquiryStatus): InquiryStatus | undefined {
  return moveTargets(from).find((t) => PIPELINE.indexOf(t) > PIPELINE.indexOf(from));
}

/**
 * The history newest first, each entry with its step in words: "New → Contacted" for a move (the
 * entry's `from`, or for older entries without it the status before), else the status it stayed in.
 */
export function historyRows(
  history: ParentInquiry['history'],
): Array<{ entry: ParentInquiry['history'][number]; step: string }> {
  return history
    .map((entry, index) => {
      const from = entry.from ?? (index > 0 ? history[index - 1]?.status : undefined);
      const step =
        from && from !== entry.status
          ? `${statusLabel(from)} → ${statusLabel(entry.status)}`
          : statusLabel(entry.status);
      return { entry, step };
    })
    .reverse();
}
