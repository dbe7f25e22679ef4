// Absences families report ahead, and the alerts a roll call sends them (issue 32). What a report
// says (who, which days, which part of a day, why), which roll call it covers and the mark it
// suggests there, and a campus's alert settings. Pure: no I/O and no clock of its own (callers pass
// the school day from ./clock), so the roll call, the office's list, the fake and the functions all
// read a report the same way.
import type { AttendanceStatus } from './attendance';

export {
  ABSENCE_ALERTS_COLLECTION,
  absenceAlertId,
  FAMILY_REPORT_FIELDS,
  MAX_ABSENCE_DAYS,
  OFFICE_REPORT_FIELDS,
  parseAbsenceAlertId,
  reportFormHref,
  STUDENT_REPORT_AGE,
} from './absence-fields';

export const ABSENCE_REASONS = ['ill', 'appointment', 'family', 'religious', 'other'] as const;
export type AbsenceReason = (typeof ABSENCE_REASONS)[number];

export const ABSENCE_REASON_LABELS: Record<AbsenceReason, string> = {
  ill: 'ill',
  appointment: 'appointment',
  family: 'family',
  religious: 'religious observance',
  other: 'other',
};

/** The whole day, arriving late (from `time`), or leaving early (at `time`). */
export const ABSENCE_PARTS = ['day', 'late', 'early'] as const;
export type AbsencePart = (typeof ABSENCE_PARTS)[number];

export const ABSENCE_PART_LABELS: Record<AbsencePart, string> = {
  day: 'The whole day',
  late: 'Arriving late',
  early: 'Leaving early',
};

/**
 * `reported` by a family; `acknowledged` by the office; `documentRequested` when the office asks
 * for a doctor's note; `withdrawn` by the family (a report is never deleted).
 */
export const ABSENCE_REPORT_STATUSES = [
  'reported',
  'acknowledged',
  'documentRequested',
  'withdrawn',
] as const;
export type AbsenceReportStatus = (typeof ABSENCE_REPORT_STATUSES)[number];

export const ABSENCE_STATUS_LABELS: Record<AbsenceReportStatus, string> = {
  reported: 'Reported',
  acknowledged: 'Acknowledged',
  documentRequested: 'Document requested',
  withdrawn: 'Withdrawn',
};

/** The longest note a report may carry. */
export const ABSENCE_NOTE_MAX = 1000;


/** The fields of a report the helpers below read (a stored report, parsed). */
export interface AbsenceReportLike {
  studentId: string;
  from: string;
  to: string;
  part: AbsencePart;
  time?: string;
  reason: AbsenceReason;
  note?: string;
  status: AbsenceReportStatus;
  reporterName: string;
}

/** Whether a report speaks for this student on this day (a withdrawn one no longer does). */
export function reportCovers(report: AbsenceReportLike, studentId: string, date: string): boolean {
  return (
    report.status !== 'withdrawn' &&
    report.studentId === studentId &&
    report.from <= date &&
    date <= report.to
  );
}

/** The report that covers each student on `date` (the latest written wins when there are two). */
export function reportsOn<R extends AbsenceReportLike>(
  reports: readonly R[],
  date: string,
): Map<string, R> {
  const out = new Map<string, R>();
  for (const report of reports) {
    if (report.status === 'withdrawn' || report.from > date || date > report.to) continue;
    out.set(report.studentId, report);
  }
  return out;
}

/**
 * The mark a report suggests on the roll call: excused for the whole day, late for arriving late,
 * present for leaving early (the child comes, and leaves at the time given).
 */
export function reportedStatus(report: Pick<AbsenceReportLike, 'part'>): AttendanceStatus {
  if (report.part === 'late') return 'late';
  if (report.part === 'early') return 'present';
  return 'excused';
}

/** "ill", "appointment, arriving at 10:30", "family, leaving at 14:00". */
export function reportReason(report: Pick<AbsenceReportLike, 'reason' | 'part' | 'time'>): string {
  const reason = ABSENCE_REASON_LABELS[report.reason];
  if (report.part === 'late' && report.time) return `${reason}, arriving at ${report.time}`;
  if (report.part === 'early' && report.time) return `${reason}, leaving at ${report.time}`;
  return reason;
}

/** "Reported by Grace Whitfield: ill": what the roll call shows beside the student. */
export function reportLine(report: AbsenceReportLike): string {
  return `Reported by ${report.reporterName}: ${reportReason(report)}`;
}

/** The note a pre-marked entry carries, so the register says why. */
export function reportedNote(report: AbsenceReportLike): string {
  const note = report.note?.trim();
  return note ? `${reportLine(report)} (${note})` : reportLine(report);
}

// ---- alerts ---------------------------------------------------------------------------------------

/** A campus's absence alerts (school setup): on or off, how long after the save, and for late too. */
export interface AbsenceAlertSettings {
  enabled: boolean;
  /** Minutes after the save; a correction within them sends nothing. 0 sends at once. */
  delayMinutes: number;
  /** Whether a late mark alerts as well as an absent one. */
  includeLate: boolean;
}

export const DEFAULT_ABSENCE_ALERTS: AbsenceAlertSettings = {
  enabled: true,
  delayMinutes: 10,
  includeLate: false,
};
/** The longest delay school setup offers, in minutes. */
export const MAX_ALERT_DELAY_MINUTES = 240;

/** A campus document's alert settings, the defaults where it names none. */
export function alertSettingsOf(campus: { absenceAlerts?: unknown } | null): AbsenceAlertSettings {
  const raw = campus?.absenceAlerts;
  if (typeof raw !== 'object' || raw === null) return DEFAULT_ABSENCE_ALERTS;
  const value = (key: string): unknown => Reflect.get(raw, key);
  const delay = value('delayMinutes');
  return {
    enabled: typeof value('enabled') === 'boolean' ? Boolean(value('enabled')) : true,
    delayMinutes:
      typeof delay === 'number' && Number.isInteger(delay) && delay >= 0
        ? Math.min(delay, MAX_ALERT_DELAY_MINUTES)
        : DEFAULT_ABSENCE_ALERTS.delayMinutes,
    includeLate: value('includeLate') === true,
  };
}

/** Whether a mark alerts the family under these settings. */
export function alertsFor(status: string | null, settings: AbsenceAlertSettings): boolean {
  return status === 'absent' || (settings.includeLate && status === 'late');
}

