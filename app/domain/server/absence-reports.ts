// The family's notice when the office asks for a document about a reported absence (issue 32):
// "The office asks for a document about Leo's absence on Fri 27 Nov, such as a doctor's note."
// Each linked guardian of the child's family is told once per request (the notice's id names the
// report and the request's time), through the feed and their reach choices for attendance.
import { formatDate } from '~/domain/format';
import { guardiansOf } from './absence-alerts';
import { noticeWrites, withReach } from './notices';
import { str } from './notifications';
import type { WrittenChange } from './audit';
import type { ServerContext, ServerWrite } from './outcome';
import type { ReachHost, ReachOutcome } from './reach';

/** The notification action of a report's notices (its reach kind is `attendance`). */
export const ABSENCE_REPORT_ACTION = 'attendance';

function days(from: string, to: string): string {
  return from === to
    ? formatDate(from, 'short')
    : `${formatDate(from, 'short')} – ${formatDate(to, 'short')}`;
}

/** The notices of one report write: a new request for a document tells the family. */
export function documentRequestWrites(
  change: WrittenChange,
  ctx: ServerContext,
  nowIso: string,
): ServerWrite[] {
  const [collection, reportId] = change.path.split('/');
  if (collection !== 'absenceReports' || !reportId || change.after === null) return [];
  const requestedAt = str(change.after.documentRequestedAt);
  if (change.after.status !== 'documentRequested' || !requestedAt) return [];
  if (str(change.before?.documentRequestedAt) === requestedAt) return [];
  const student = ctx.get(`students/${str(change.after.studentId) ?? ''}`);
  const name = str(student?.preferredName) ?? str(student?.firstName) ?? 'your child';
  const from = str(change.after.from) ?? '';
  const to = str(change.after.to) ?? from;
  const description = `The office asks for a document about ${name}'s absence on ${days(from, to)}, such as a doctor's note.`;
  const stamp = requestedAt.replace(/[^0-9]/g, '').slice(0, 14);
  return noticeWrites(
    guardiansOf(student, ctx).map((uid) => ({
      id: `absence-document-${reportId}-${stamp}-${uid}`,
      memberUUID: uid,
      action: ABSENCE_REPORT_ACTION,
      actionItem: `absenceReports/${reportId}`,
      description,
    })),
    ctx,
    nowIso,
  );
}

/** The trigger's part for report writes: the notices, and their reach. */
export function absenceReportOutcome(
  changes: readonly WrittenChange[],
  ctx: ServerContext,
  nowIso: string,
  host: ReachHost,
): ReachOutcome {
  return withReach(
    changes.flatMap((change) => documentRequestWrites(change, ctx, nowIso)),
    ctx,
    nowIso,
    host,
  );
}
