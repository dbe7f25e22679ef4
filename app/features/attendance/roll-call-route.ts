// What the roll-call route (/dash/attendance) loads and saves: the guards (who takes roll calls,
// which classroom and date the URL may name), the view of one roll call from the cache, and the
// save action that writes through the store, so a save works offline and syncs later. Absences
// families reported for the day (issue 32) are shown beside their students, pre-mark the students
// nobody has marked yet, and are followed live while the roll call is open.
import { redirect } from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import type { SessionUser } from '~/auth/session-user';
import type { LiveSpec } from '~/data/live';
import { store } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { reportLine, reportsOn } from '~/domain/absences';
import { now } from '~/domain/clock';
import { attendanceId, type AttendanceEntry } from '~/domain/records';
import { isStaff, isStaffOrFacilitator, type Role } from '~/domain/roles';
import { settingsStore } from '~/settings/store';
import { isCalendarDate } from '~/ui/form/fields';
import { formFailure } from '~/ui/form/parse-form';
import { notAllowed } from '~/ui/responses';
import {
  dayOf,
  loadAbsenceReports,
  loadAttendanceData,
  loadRollCallSaveData,
  markableClassrooms,
  readsAbsenceReports,
  rosterOf,
  zoneOf,
  type AbsenceReportRecord,
  type AttendanceData,
} from './load';
import {
  describeMarker,
  reportedMarks,
  rollCallGuard,
  submitRollCall,
  type Mark,
  type RollCallGuard,
} from './roll-call';
import { todaysClasses } from './todays-classes';

/** The page's answer for a URL it cannot show (404, with a message that says what was wrong). */
function notFoundBecause(message: string): Response {
  return new Response(message, { status: 404, statusText: 'Page Not Found' });
}

/** An absence a family reported for one student of the roll call, on its date. */
export interface RollCallReport {
  reportId: string;
  /** "Reported by Grace Whitfield: ill", shown beside the student. */
  line: string;
  /** What the family wrote, when they wrote anything. */
  familyNote: string | null;
  /**
   * The mark the report suggests while nobody has marked the student (excused for the whole day,
   * late for arriving late, present for leaving early), with the report as its note.
   */
  mark: Mark;
}

/** Everything the roll call of one classroom and date shows. */
export interface RollCallView {
  id: string;
  classroomId: string;
  classroomName: string;
  /** Classroom names repeat across campuses ("Otters" in each): the campus tells them apart. */
  campusName: string | null;
  date: string;
  roster: { id: string; name: string }[];
  /** The saved entries, by student id. */
  saved: Record<string, AttendanceEntry>;
  /** "by Priya Nair at 09:12", by student id, for the saved entries (the status is shown apart). */
  savedLabels: Record<string, string>;
  /** Who saved each entry: a colleague's name, or null when it was this person (issue 29). */
  savedBy: Record<string, string | null>;
  /** The roster's first names, for news of a colleague's marks ("marked Ishaan Excused"). */
  firstNames: Record<string, string>;
  /** The absences families reported for the date, by student id (issue 32). */
  reports: Record<string, RollCallReport>;
  guard: RollCallGuard;
  /** The roll call has marks the backend has not accepted yet. */
  pending: boolean;
}

async function requireRollCallTaker(request: Request): Promise<SessionUser> {
  const user = await requireArea(request, 'attendance');
  // Parents and students have their own page in the area: the summary of their record.
  if (!isStaffOrFacilitator(user.roles)) throw redirect('/dash/attendance/summary');
  return user;
}

/**
 * The classroom a URL names, checked: one the person may not mark (a facilitator's colleague's)
 * is not allowed; one that is not there is not found.
 */
function openClassroom(data: AttendanceData, classroomId: string) {
  const markable = markableClassrooms(data);
  const classroom = markable.find((c) => c.id === classroomId);
  if (classroom) return classroom;
  // A facilitator's cache holds their own classrooms only: any other id is not theirs to mark.
  if (!isStaff(data.principal.roles)) throw notAllowed();
  throw notFoundBecause(`There is no classroom "${classroomId}".`);
}

/** The reports of the roster's students that cover `date`, as the roll call shows them. */
export function rollCallReports(
  reports: readonly AbsenceReportRecord[],
  date: string,
  rosterIds: readonly string[],
): Record<string, RollCallReport> {
  const covering = reportsOn(reports, date);
  const out: Record<string, RollCallReport> = {};
  for (const [studentId, { reportId, ...mark }] of Object.entries(
    reportedMarks(reports, date, rosterIds),
  )) {
    const report = covering.get(studentId);
    if (!report) continue;
    out[studentId] = {
      reportId,
      line: reportLine(report),
      familyNote: report.note.trim() || null,
      mark,
    };
  }
  return out;
}

export function rollCallView(
  data: AttendanceData,
  user: SessionUser,
  classroomId: string,
  date: string,
  reports: readonly AbsenceReportRecord[] = [],
): RollCallView {
  const classroom = openClassroom(data, classroomId);
  const id = attendanceId(classroom.id, date);
  const saved = data.rollCalls.find((rc) => rc.id === id)?.entries ?? {};
  const names = { self: user.memberUUID, byMember: data.memberNames };
  const savedLabels: Record<string, string> = {};
  const savedBy: Record<string, string | null> = {};
  for (const [studentId, entry] of Object.entries(saved)) {
    savedLabels[studentId] = describeMarker(entry, names, date, zoneOf(data, classroom));
    savedBy[studentId] =
      entry.by === user.memberUUID ? null : (data.memberNames.get(entry.by) ?? 'Office staff');
  }
  const roster = rosterOf(data.students, classroom.id);
  return {
    id,
    classroomId: classroom.id,
    classroomName: classroom.name,
    campusName: data.campuses.find((c) => c.id === classroom.campusId)?.name ?? null,
    date,
    roster: roster.map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}` })),
    saved,
    savedLabels,
    savedBy,
    firstNames: Object.fromEntries(roster.map((s) => [s.id, s.firstName])),
    reports: rollCallReports(
      reports,
      date,
      roster.map((s) => s.id),
    ),
    guard: rollCallGuard(data.principal, classroom.id, date, dayOf(data, classroom)),
    pending: data.pendingRollCallIds.has(id),
  };
}

/** The page's data: today's classes, the classroom picker, and the roll call the URL names. */
export async function loadRollCallPage(request: Request) {
  const user = await requireRollCallTaker(request);
  const params = new URL(request.url).searchParams;
  const classroomId = params.get('classroom')?.trim() || null;
  const dateParam = params.get('date')?.trim() || null;
  if (dateParam && !isCalendarDate(dateParam)) {
    throw notFoundBecause(`"${dateParam}" is not a date. Use a real date (YYYY-MM-DD).`);
  }
  const [data, reports] = await Promise.all([
    loadAttendanceData(user),
    classroomId ? loadAbsenceReports(user.roles) : Promise.resolve([]),
  ]);
  // A named classroom's day is its campus's (the one clock); the person's own day otherwise.
  const named = classroomId ? data.classrooms.find((c) => c.id === classroomId) : undefined;
  const today = named ? dayOf(data, named) : data.today;
  const date = dateParam ?? today;
  const campusNames = new Map(data.campuses.map((c) => [c.id, c.name]));
  return {
    roles: user.roles,
    today,
    date,
    classes: todaysClasses(data),
    classroomOptions: markableClassrooms(data)
      .map((c) => ({ id: c.id, label: c.name, description: campusNames.get(c.campusId) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    rollCall: classroomId ? rollCallView(data, user, classroomId, date, reports) : null,
  };
}

/**
 * What the roll-call page follows live while open (decision 054): the open day's roll calls (a
 * colleague's marks), and with a roll call open, the absence reports of its classroom (a family's
 * report made on another device). A facilitator's read scope is already their classrooms'
 * reports (`classroomIds array-contains-any`, which Firestore does not combine with a second
 * array filter), so their watch adds no filter of its own; staff, who read every report, narrow
 * theirs to the classroom.
 */
export function rollCallLiveSpecs(
  roles: readonly Role[],
  date: string,
  classroomId: string | null,
): LiveSpec[] {
  const specs: LiveSpec[] = [
    { collection: 'attendance', filters: [{ field: 'date', op: '==', value: date }] },
  ];
  if (classroomId && readsAbsenceReports(roles)) {
    specs.push({
      collection: 'absenceReports',
      filters: isStaff(roles)
        ? [{ field: 'classroomIds', op: 'array-contains', value: classroomId }]
        : [],
    });
  }
  return specs;
}

/** The save action: the UI guard again, then one per-student patch (and defaults) through the store. */
export async function saveRollCallFromRequest(request: Request) {
  const user = await requireRollCallTaker(request);
  const formData = await request.formData();
  const classroomId = String(formData.get('classroomId') ?? '');
  const date = String(formData.get('date') ?? '');
  // Only what authorising this one write needs, not the whole area the page shows.
  const data = await loadRollCallSaveData(user, attendanceId(classroomId, date));
  const classroom = markableClassrooms(data).find((c) => c.id === classroomId);
  if (!classroom) {
    const message = 'You cannot take the roll call of this classroom.';
    settingsStore.setError(message);
    return formFailure({}, { _form: message });
  }
  const result = await submitRollCall(formData, {
    principal: data.principal,
    today: dayOf(data, classroom),
    now: now().toISOString(),
    by: user.memberUUID,
    rosterIds: rosterOf(data.students, classroom.id).map((s) => s.id),
    saved: data.rollCall?.entries ?? {},
    reports: data.reports,
    // Unmarked students' "present" (or reported mark) is a default: written only where nobody has
    // marked them yet.
    save: async (item, ifMissing) => (await store.save('attendance', item, { ifMissing })) !== null,
  });
  if (!result.ok) {
    // The page shows no field of its own for a mark's note or the date: say the first problem.
    const message = result.fieldErrors._form ?? Object.values(result.fieldErrors)[0];
    if (message) settingsStore.setError(message);
    return result;
  }
  const count = Object.keys(result.written).length;
  if (count === 0) settingsStore.notify('Nothing changed since the last save.', 'info');
  else if (syncEngine.connectivity.isOnline()) settingsStore.notify('Roll call saved.', 'success');
  else
    settingsStore.notify(
      'Roll call saved on this device. It will sync when you are back online.',
      'success',
    );
  return result;
}
