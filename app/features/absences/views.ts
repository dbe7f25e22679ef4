// What the Absences page shows (issue 32): each report with the child's and classrooms' names, for a
// family (their children's, coming and past), for a facilitator (their classes', today and coming
// days) and for the office (every campus's, today and coming days, by campus, with the ones that
// still need an answer first). Pure: the route loads the records and passes the school days.
import {
  ABSENCE_PART_LABELS,
  ABSENCE_STATUS_LABELS,
  reportReason,
  type AbsenceReportStatus,
} from '~/domain/absences';
import { formatDate } from '~/domain/format';
import { isDocumentOf, type AbsenceDocument } from './document';
import type { AbsenceReportRecord } from './report-form';

export interface NamedRecord {
  id: string;
  name: string;
}

export interface ReportView {
  report: AbsenceReportRecord;
  id: string;
  studentName: string;
  classroomNames: string;
  campusName: string;
  /** "Fri 27 Nov" or "Fri 27 Nov – Mon 30 Nov". */
  days: string;
  /** "The whole day · ill", "Arriving late · appointment, arriving at 10:30". */
  what: string;
  statusLabel: string;
  /** The office's answer, with its author: "Acknowledged by Sofia Lindqvist". */
  answer: string | null;
  /** Saved on this device, not yet accepted by the backend. */
  waitingToSend: boolean;
  /** Covers the campus's today. */
  today: boolean;
  /** The document the family added, when it is stored in the report's own folder. */
  document: AbsenceDocument | null;
}

export interface ViewLookups {
  students: ReadonlyMap<string, string>;
  classrooms: ReadonlyMap<string, string>;
  campuses: ReadonlyMap<string, string>;
  /** Staff names by memberUUID (who answered); anyone else is "the office". */
  staff: ReadonlyMap<string, string>;
  pending: ReadonlySet<string>;
  /** The school day of each campus now. */
  todayOf: (campusId: string) => string;
}

/** "Fri 27 Nov", or the range. */
export function daysLabel(from: string, to: string): string {
  return from === to
    ? formatDate(from, 'short')
    : `${formatDate(from, 'short')} – ${formatDate(to, 'short')}`;
}

function answerOf(report: AbsenceReportRecord, staff: ReadonlyMap<string, string>): string | null {
  const name = (id: string | undefined) => (id ? (staff.get(id) ?? 'the office') : 'the office');
  if (report.status === 'acknowledged') return `Acknowledged by ${name(report.acknowledgedBy)}`;
  if (report.status === 'documentRequested') {
    const who = name(report.documentRequestedBy);
    // A family does not read staff names: the sentence starts with "The office".
    const start = who === 'the office' ? 'The office' : who;
    return `${start} asked for a document, such as a doctor's note`;
  }
  return null;
}

export function viewOf(report: AbsenceReportRecord, lookups: ViewLookups): ReportView {
  const today = lookups.todayOf(report.campusId);
  return {
    report,
    id: report.id,
    studentName: lookups.students.get(report.studentId) ?? 'A student',
    classroomNames: report.classroomIds
      .map((id) => lookups.classrooms.get(id))
      .filter((n): n is string => Boolean(n))
      .join(', '),
    campusName: lookups.campuses.get(report.campusId) ?? '',
    days: daysLabel(report.from, report.to),
    what: `${ABSENCE_PART_LABELS[report.part]} · ${reportReason(report)}`,
    statusLabel: ABSENCE_STATUS_LABELS[report.status],
    answer: answerOf(report, lookups.staff),
    waitingToSend: lookups.pending.has(report.id),
    today: report.from <= today && today <= report.to,
    document:
      report.document && isDocumentOf(report.id, report.document.storagePath)
        ? report.document
        : null,
  };
}

/** The order the office works in: still to answer first, then by first day, then by name. */
const NEEDS_ANSWER: Record<AbsenceReportStatus, number> = {
  reported: 0,
  documentRequested: 1,
  acknowledged: 2,
  withdrawn: 3,
};

function byDayThenName(a: ReportView, b: ReportView): number {
  return (
    a.report.from.localeCompare(b.report.from) ||
    a.studentName.localeCompare(b.studentName) ||
    a.id.localeCompare(b.id)
  );
}

/** Reports that are not over yet (their last day is today or later, by their campus's clock). */
export function current(views: readonly ReportView[], todayOf: (campusId: string) => string) {
  return views.filter((v) => v.report.to >= todayOf(v.report.campusId));
}

export interface OfficeGroups {
  /** Reports that cover today, still-to-answer first. */
  today: ReportView[];
  /** Reports starting later, by first day. */
  coming: ReportView[];
}

/**
 * The office's list: reports not over yet, withdrawn ones left out; today's first, then the coming
 * days.
 */
export function officeGroups(
  views: readonly ReportView[],
  todayOf: (campusId: string) => string,
): OfficeGroups {
  const live = current(views, todayOf).filter((v) => v.report.status !== 'withdrawn');
  return {
    today: live
      .filter((v) => v.today)
      .sort(
        (a, b) =>
          NEEDS_ANSWER[a.report.status] - NEEDS_ANSWER[b.report.status] || byDayThenName(a, b),
      ),
    coming: live.filter((v) => !v.today).sort(byDayThenName),
  };
}

/** A family's list: the coming and current ones first (soonest first), then the past (latest first). */
export function familyGroups(
  views: readonly ReportView[],
  todayOf: (campusId: string) => string,
): { coming: ReportView[]; past: ReportView[] } {
  const coming = current(views, todayOf).sort(byDayThenName);
  const ids = new Set(coming.map((v) => v.id));
  const past = views
    .filter((v) => !ids.has(v.id))
    .sort((a, b) => b.report.from.localeCompare(a.report.from) || a.id.localeCompare(b.id));
  return { coming, past };
}
