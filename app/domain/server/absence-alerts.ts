// Absence alerts (issue 32): when a saved roll call marks a student absent (or late, per the campus's
// setting) on the campus's today, with no absence reported for that day, each linked guardian gets
// a notice, through the feed and by push or e-mail as they chose (reach.ts). Written only here, by
// the backend, once per student and day.
//
// The trigger on a roll call's write does not tell at once: it files an alert in the server-only
// `absenceAlerts` collection, due `delayMinutes` after the save; a correction within the delay
// deletes it, so a slip of the finger sends nothing. The scheduled job (every minute) sends the due
// ones, looking again at the roll call, the reports and the campus setting as they are then. A
// correction after the notice went out sends "Leo is now marked present". A delay of 0 sends at
// once, from the trigger.
//
// Pure over a read context, like every decision here: the fake (mocks/triggers.ts) and the functions
// (firebase/functions) carry out the writes.
import {
  ABSENCE_ALERT_NOTICE_PREFIX,
  ABSENCE_CORRECTION_PREFIX,
} from '~/domain/absence-fields';
import {
  ABSENCE_ALERTS_COLLECTION,
  absenceAlertId,
  alertSettingsOf,
  alertsFor,
  reportCovers,
  type AbsenceAlertSettings,
  type AbsenceReportLike,
} from '~/domain/absences';
import { ATTENDANCE_STATUS_INFO } from '~/domain/attendance';
import { schoolDay, timeOfDay } from '~/domain/clock';
import { contextWhere, type DocData } from '~/domain/permissions';
import { ATTENDANCE_STATUSES } from '~/domain/records';
import { noticeWrites, withReach } from './notices';
import { str, strings } from './notifications';
import type { WrittenChange } from './audit';
import type { ServerContext, ServerWrite } from './outcome';
import type { ReachHost, ReachOutcome } from './reach';

/** The notification action of an absence alert (its reach kind is `attendance`). */
export const ABSENCE_ALERT_ACTION = 'attendance';

type AlertState = 'pending' | 'sent' | 'corrected';

function entryStatus(data: DocData | null, studentId: string): string | null {
  const entries = data?.entries;
  if (typeof entries !== 'object' || entries === null) return null;
  const entry: unknown = Reflect.get(entries, studentId);
  if (typeof entry !== 'object' || entry === null) return null;
  const status: unknown = Reflect.get(entry, 'status');
  return typeof status === 'string' ? status : null;
}

function entryAt(data: DocData | null, studentId: string): string | null {
  const entries = data?.entries;
  if (typeof entries !== 'object' || entries === null) return null;
  const entry: unknown = Reflect.get(entries, studentId);
  if (typeof entry !== 'object' || entry === null) return null;
  const at: unknown = Reflect.get(entry, 'at');
  return typeof at === 'string' ? at : at instanceof Date ? at.toISOString() : null;
}

interface Place {
  campusId: string | null;
  zone: string;
  settings: AbsenceAlertSettings;
  classroomName: string;
}

function placeOf(classroomId: string, ctx: ServerContext): Place {
  const classroom = ctx.get(`classrooms/${classroomId}`);
  const campusId = str(classroom?.campusId);
  const campus = campusId ? ctx.get(`campuses/${campusId}`) : null;
  return {
    campusId,
    zone: str(campus?.timezone) ?? 'UTC',
    settings: alertSettingsOf(campus),
    classroomName: str(classroom?.name) ?? 'class',
  };
}

/** A family's report that covers this student on this day, if any (withdrawn ones do not). */
export function reportedOn(studentId: string, date: string, ctx: ServerContext): boolean {
  return contextWhere(ctx, 'absenceReports', 'studentId', '==', studentId).some((r) =>
    reportCovers(r.data as unknown as AbsenceReportLike, studentId, date),
  );
}

/** The student's name as a notice says it: "Leo Whitfield". */
function studentName(student: DocData | null): string {
  const first = str(student?.preferredName) ?? str(student?.firstName) ?? 'Your child';
  const last = str(student?.lastName);
  return last ? `${first} ${last}` : first;
}

/** The members linked as guardians of the student's family, active ones only. */
export function guardiansOf(student: DocData | null, ctx: ServerContext): string[] {
  const familyId = str(student?.familyId);
  const family = familyId ? ctx.get(`families/${familyId}`) : null;
  const guardians = Array.isArray(family?.guardians) ? family.guardians : [];
  const ids = new Set<string>();
  for (const g of guardians) {
    const id: unknown = typeof g === 'object' && g !== null ? Reflect.get(g, 'memberUUID') : null;
    if (typeof id !== 'string' || !id) continue;
    const member = ctx.get(`Members/${id}`);
    if (member && (str(member.status) ?? 'active') === 'active') ids.add(id);
  }
  return [...ids].sort();
}

function statusWord(status: string): string {
  const known = ATTENDANCE_STATUSES.find((s) => s === status);
  return known ? ATTENDANCE_STATUS_INFO[known].label.toLowerCase() : status;
}

/** "Leo Whitfield was marked absent from Maples (ages 8–9) at 09:12. Report a reason" */
export function alertText(name: string, status: string, classroomName: string, time: string) {
  return `${name} was marked ${statusWord(status)} from ${classroomName} at ${time}. Report a reason`;
}

/** "Leo is now marked present" */
export function correctionText(student: DocData | null, status: string): string {
  const first = str(student?.preferredName) ?? str(student?.firstName) ?? 'Your child';
  return `${first} is now marked ${statusWord(status)}`;
}

function notificationWrites(
  alertId: string,
  suffix: 'alert' | 'correction',
  recipients: readonly string[],
  description: string,
  nowIso: string,
  ctx: ServerContext,
): ServerWrite[] {
  const prefix = suffix === 'alert' ? ABSENCE_ALERT_NOTICE_PREFIX : ABSENCE_CORRECTION_PREFIX;
  return noticeWrites(
    recipients.map((uid) => ({
      id: `${prefix}${alertId}-${uid}`,
      memberUUID: uid,
      action: ABSENCE_ALERT_ACTION,
      actionItem: `${ABSENCE_ALERTS_COLLECTION}/${alertId}`,
      description,
    })),
    ctx,
    nowIso,
  );
}

/**
 * The alert's notices, if it still stands: the student is still marked so, nothing was reported,
 * the campus still sends alerts. Returns the writes (the notices, and the alert marked sent or
 * deleted).
 */
function sendWrites(
  alertId: string,
  alert: DocData,
  ctx: ServerContext,
  nowIso: string,
): ServerWrite[] {
  const studentId = str(alert.studentId) ?? '';
  const classroomId = str(alert.classroomId) ?? '';
  const date = str(alert.date) ?? '';
  const place = placeOf(classroomId, ctx);
  const rollCall = ctx.get(`attendance/${classroomId}_${date}`);
  const status = entryStatus(rollCall, studentId);
  const path = `${ABSENCE_ALERTS_COLLECTION}/${alertId}`;
  if (
    !place.settings.enabled ||
    !alertsFor(status, place.settings) ||
    reportedOn(studentId, date, ctx)
  ) {
    return [{ path, delete: true }];
  }
  const student = ctx.get(`students/${studentId}`);
  const recipients = guardiansOf(student, ctx);
  const markedAt = entryAt(rollCall, studentId) ?? str(alert.markedAt) ?? nowIso;
  const text = alertText(
    studentName(student),
    status ?? 'absent',
    place.classroomName,
    timeOfDay(place.zone, new Date(markedAt)),
  );
  return [
    ...notificationWrites(alertId, 'alert', recipients, text, nowIso, ctx),
    {
      path,
      data: { ...alert, state: 'sent' satisfies AlertState, status, sentAt: nowIso, recipients },
    },
  ];
}

/**
 * What a roll call's write does to its students' alerts: a new absent (or late) mark on the
 * campus's today files one (or sends it, with no delay); a mark taken back deletes a pending one,
 * or, once the notice went out, tells the same guardians the new mark.
 */
export function absenceAlertWrites(
  change: WrittenChange,
  ctx: ServerContext,
  nowIso: string,
): ServerWrite[] {
  const [collection, id] = change.path.split('/');
  if (collection !== 'attendance' || !id || change.after === null) return [];
  const classroomId = str(change.after.classroomId);
  const date = str(change.after.date);
  if (!classroomId || !date) return [];
  const place = placeOf(classroomId, ctx);
  // Only today's roll call alerts: a register filled in later tells no one of an old absence.
  if (date !== schoolDay(place.zone, new Date(nowIso))) return [];
  const entries = change.after.entries;
  if (typeof entries !== 'object' || entries === null) return [];
  const writes: ServerWrite[] = [];
  for (const studentId of Object.keys(entries).sort()) {
    const before = entryStatus(change.before, studentId);
    const after = entryStatus(change.after, studentId);
    if (before === after) continue;
    const alertId = absenceAlertId(studentId, date);
    const path = `${ABSENCE_ALERTS_COLLECTION}/${alertId}`;
    const alert = ctx.get(path);
    const state = str(alert?.state) as AlertState | null;
    if (alertsFor(after, place.settings)) {
      // Once per student and day: a second absence mark that day files nothing new.
      if (alert || !place.settings.enabled || reportedOn(studentId, date, ctx)) continue;
      const filed: DocData = {
        studentId,
        classroomId,
        date,
        status: after,
        markedAt: entryAt(change.after, studentId) ?? nowIso,
        sendAt: new Date(Date.parse(nowIso) + place.settings.delayMinutes * 60_000).toISOString(),
        state: 'pending' satisfies AlertState,
        filedAt: nowIso,
      };
      writes.push(
        ...(place.settings.delayMinutes === 0
          ? sendWrites(alertId, filed, ctx, nowIso)
          : [{ path, data: filed }]),
      );
      continue;
    }
    if (!alert) continue;
    if (state === 'pending') {
      writes.push({ path, delete: true });
    } else if (state === 'sent' && after !== null) {
      const student = ctx.get(`students/${studentId}`);
      writes.push(
        ...notificationWrites(
          alertId,
          'correction',
          strings(alert.recipients),
          correctionText(student, after),
          nowIso,
          ctx,
        ),
        { path, data: { ...alert, state: 'corrected' satisfies AlertState, correctedAt: nowIso } },
      );
    }
  }
  return writes;
}

/** The scheduled job: every pending alert whose delay has passed, sent or dropped. */
export function dueAbsenceAlertWrites(ctx: ServerContext, nowIso: string): ServerWrite[] {
  const now = Date.parse(nowIso);
  return contextWhere(ctx, ABSENCE_ALERTS_COLLECTION, 'state', '==', 'pending')
    .filter((a) => {
      const at = str(a.data.sendAt);
      return at !== null && Date.parse(at) <= now;
    })
    .sort((a, b) => a.id.localeCompare(b.id))
    .flatMap((a) => sendWrites(a.id, a.data, ctx, nowIso));
}

/** The trigger's part for roll-call writes: the alerts filed, dropped or sent, and their reach. */
export function absenceAlertOutcome(
  changes: readonly WrittenChange[],
  ctx: ServerContext,
  nowIso: string,
  host: ReachHost,
): ReachOutcome {
  const writes = changes.flatMap((change) => absenceAlertWrites(change, ctx, nowIso));
  return withReach(writes, ctx, nowIso, host);
}

/** The scheduled part: the due alerts sent (or dropped), and their reach. */
export function dueAbsenceAlertOutcome(
  ctx: ServerContext,
  nowIso: string,
  host: ReachHost,
): ReachOutcome {
  return withReach(dueAbsenceAlertWrites(ctx, nowIso), ctx, nowIso, host);
}
