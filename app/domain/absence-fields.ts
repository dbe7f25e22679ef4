// The few facts about absence reports and alerts (issue 32) that the permission matrix and the
// notification links need. Those two are on every page's first load; the rest of the absences
// vocabulary (app/domain/absences.ts, which re-exports these) is loaded with the pages that use it.

/** From this age a student may report their own absences, where their campus allows it. */
export const STUDENT_REPORT_AGE = 16;

/** The longest range one report may cover, in days (a longer leave is a conversation). */
export const MAX_ABSENCE_DAYS = 31;

/**
 * Fields a guardian may change on their family's report after sending it: what it says, and a
 * withdrawal; who reported it, about whom, and the office's answer are fixed.
 */
export const FAMILY_REPORT_FIELDS = [
  'from',
  'to',
  'part',
  'time',
  'reason',
  'note',
  'status',
  'document',
] as const;
/** Fields only the office writes on a report: its acknowledgement and its request for a document. */
export const OFFICE_REPORT_FIELDS = [
  'acknowledgedBy',
  'acknowledgedAt',
  'documentRequestedBy',
  'documentRequestedAt',
] as const;

/** The server-only collection of alerts waiting for their delay, or sent (one per student and day). */
export const ABSENCE_ALERTS_COLLECTION = 'absenceAlerts';

/** The alert's id, and the notification's action item: `${studentId}_${date}`. */
export function absenceAlertId(studentId: string, date: string): string {
  return `${studentId}_${date}`;
}

/** The student and day of an alert id (the date is its last ten characters). */
export function parseAbsenceAlertId(id: string): { studentId: string; date: string } | null {
  const match = /^(.+)_(\d{4}-\d{2}-\d{2})$/.exec(id);
  return match?.[1] && match[2] ? { studentId: match[1], date: match[2] } : null;
}

/** Where "Report a reason" leads: the report form, filled in for that child and day. */
export function reportFormHref(studentId: string, date: string): string {
  return `/dash/absences/new?student=${encodeURIComponent(studentId)}&date=${encodeURIComponent(date)}`;
}

/** The id prefixes of an alert's notices and of the correction sent after it (one per guardian). */
export const ABSENCE_ALERT_NOTICE_PREFIX = 'absence-alert-';
export const ABSENCE_CORRECTION_PREFIX = 'absence-correction-';
