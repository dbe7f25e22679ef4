// What /dash/absences and /dash/absences/new load and do (issue 32). A family reports its children's
// absences and may withdraw one; the office reads every campus's, acknowledges them and asks for a
// document; a facilitator reads those of their classes. Reads come from the cache (each person's
// sync is scoped to what they may read) and writes go through the store, so a report made offline
// reaches the school with the next sync.
import { redirect } from '@remix-run/react';
import { z } from 'zod';
import { requireArea } from '~/auth/guards';
import { loadPersonZone } from '~/auth/person-zone';
import type { SessionUser } from '~/auth/session-user';
import { loadCollection } from '~/data/route-data';
import { store } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { STUDENT_REPORT_AGE } from '~/domain/absences';
import { campusDays, now, schoolDay } from '~/domain/clock';
import { agedAtLeast, PERMISSION_MATRIX } from '~/domain/permissions';
import type { Role } from '~/domain/roles';
import { settingsStore } from '~/settings/store';
import { formFailure, formValues, parseForm, type FormFailure } from '~/ui/form/parse-form';
import { notAllowed } from '~/ui/responses';
import { ATTACH_DOCUMENT_INTENT, DOCUMENT_MESSAGES, planDocument } from './document';
import {
  absenceReportRecordSchema,
  REPORT_NOT_SAVED,
  REPORT_SAVED_OFFLINE,
  REPORT_SENT,
  submitAbsenceReport,
  type AbsenceReportRecord,
  type ReportableChild,
} from './report-form';
import { familyGroups, officeGroups, viewOf, type ReportView, type ViewLookups } from './views';

/** Whether these roles report absences (a family, for its own children). */
export function mayReportAbsences(roles: readonly Role[]): boolean {
  return roles.some((r) => PERMISSION_MATRIX.absenceReports[r].write === 'reportOwnChildren');
}

/** Whether these roles answer reports (the office: it writes every report). */
export function mayAnswerAbsences(roles: readonly Role[]): boolean {
  return roles.some((r) => PERMISSION_MATRIX.absenceReports[r].write === 'all');
}

const namedSchema = z.object({ id: z.string(), name: z.string() });
const campusSchema = namedSchema.extend({ timezone: z.string().default('UTC') });
const studentNameSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  preferredName: z.string().optional(),
  familyId: z.string(),
  campusId: z.string(),
  classroomIds: z.array(z.string()).default([]),
  status: z.string(),
  dateOfBirth: z.string().default(''),
});
const campusSettingsSchema = z.object({
  id: z.string(),
  studentsReportAbsences: z.boolean().optional(),
});
const memberNameSchema = z.object({
  id: z.string(),
  displayName: z.string().default(''),
  email: z.string().default(''),
  roles: z.array(z.string()).default([]),
});

export function fullName(s: { firstName: string; lastName: string; preferredName?: string }) {
  return `${s.preferredName || s.firstName} ${s.lastName}`;
}

/** The records the absences pages read, and the school day of each campus. */
async function loadLookups(user: SessionUser) {
  const readsMembers = user.roles.some((r) => PERMISSION_MATRIX.Members[r].read === 'all');
  const [students, classrooms, campuses, members, pending, zone] = await Promise.all([
    loadCollection('students', { schema: studentNameSchema }),
    loadCollection('classrooms', { schema: namedSchema }),
    loadCollection('campuses', { schema: campusSchema }),
    readsMembers ? loadCollection('members', { schema: memberNameSchema }) : Promise.resolve([]),
    store.pendingIds('absenceReports'),
    loadPersonZone(user),
  ]);
  const days = campusDays(campuses, now());
  const ownDay = schoolDay(zone, now());
  const lookups: ViewLookups = {
    students: new Map(students.map((s) => [s.id, fullName(s)])),
    classrooms: new Map(classrooms.map((c) => [c.id, c.name])),
    campuses: new Map(campuses.map((c) => [c.id, c.name])),
    staff: new Map(members.map((m) => [m.id, m.displayName || m.email])),
    pending,
    todayOf: (campusId) => days.get(campusId) ?? ownDay,
  };
  return { students, campuses, lookups, ownDay };
}

/** The Absences page: every report the person may read, as views, and what they may do. */
export async function loadAbsencesPage(request: Request) {
  const user = await requireArea(request, 'absences');
  const [reports, { campuses, lookups, ownDay }] = await Promise.all([
    loadCollection('absenceReports', { schema: absenceReportRecordSchema }),
    loadLookups(user),
  ]);
  const campus = new URL(request.url).searchParams.get('campus') ?? '';
  const views = reports
    .filter((r) => !campus || r.campusId === campus)
    .map((r) => viewOf(r, lookups));
  const todays = new Map(campuses.map((c) => [c.id, lookups.todayOf(c.id)]));
  return {
    views,
    campuses: campuses.map((c) => ({ id: c.id, name: c.name })),
    campus,
    todays: Object.fromEntries(todays),
    ownDay,
    canReport: mayReportAbsences(user.roles) || (await ownRecordToReport(user)).length > 0,
    canAnswer: mayAnswerAbsences(user.roles),
    guardian: mayReportAbsences(user.roles),
  };
}

/**
 * The home tile's reports: a family's coming and current ones; for staff and facilitators, those
 * reported for today (to answer first), with how many more are reported for the coming days.
 */
export async function loadHomeAbsences(
  user: SessionUser,
): Promise<{ views: ReportView[]; more: number; family: boolean }> {
  const [reports, { lookups }] = await Promise.all([
    loadCollection('absenceReports', { schema: absenceReportRecordSchema }),
    loadLookups(user),
  ]);
  const views = reports.map((r) => viewOf(r, lookups));
  if (mayReportAbsences(user.roles) && !mayAnswerAbsences(user.roles)) {
    const { coming } = familyGroups(views, lookups.todayOf);
    return { views: coming.filter((v) => v.report.status !== 'withdrawn'), more: 0, family: true };
  }
  const { today, coming } = officeGroups(views, lookups.todayOf);
  return { views: today, more: coming.length, family: false };
}

export const ACKNOWLEDGE_INTENT = 'acknowledge';
export const REQUEST_DOCUMENT_INTENT = 'request-document';
export const WITHDRAW_INTENT = 'withdraw';

const answerFormSchema = z.object({
  intent: z.enum([ACKNOWLEDGE_INTENT, REQUEST_DOCUMENT_INTENT, WITHDRAW_INTENT], {
    errorMap: () => ({ message: 'Choose what to do with the report.' }),
  }),
  reportId: z.string().trim().min(1, 'This report no longer exists.'),
});

export const REPORT_GONE = 'This report no longer exists.';
export const ACKNOWLEDGED = 'The report was acknowledged.';
export const DOCUMENT_REQUESTED = 'The family was asked for a document.';
export const WITHDRAWN = 'The report was withdrawn.';

/**
 * A family's document for a report, once the page has uploaded the file: saved on the report as its
 * `document` (the store queues the write; the backend checks that the writer is a guardian of the
 * report's family). The file itself is already in Storage, at the report's folder.
 */
async function attachDocument(
  user: SessionUser,
  formData: FormData,
  requestUrl: string,
): Promise<FormFailure & { reportId?: string }> {
  if (!mayReportAbsences(user.roles)) throw notAllowed();
  const values = formValues(formData);
  const reportId = typeof values.reportId === 'string' ? values.reportId.trim() : '';
  const fail = (message: string) => {
    settingsStore.setError(message);
    return { ...formFailure(values, { _form: message }), reportId };
  };
  const stored = absenceReportRecordSchema.safeParse(await store.get('absenceReports', reportId));
  if (!reportId || !stored.success) return fail(REPORT_GONE);
  if (stored.data.status === 'withdrawn') return fail(DOCUMENT_MESSAGES.withdrawn);
  const document = planDocument(values, reportId);
  if (!document) return fail(DOCUMENT_MESSAGES.invalid);
  const saved = await store.save('absenceReports', { id: reportId, document });
  if (!saved) return fail(DOCUMENT_MESSAGES.notSaved);
  settingsStore.notify(DOCUMENT_MESSAGES.added, 'success');
  const url = new URL(requestUrl);
  throw redirect(url.pathname + url.search);
}

/** The page's action: the office's answer, a family's withdrawal, or a family's document. */
export async function absencesAction(
  request: Request,
): Promise<FormFailure & { reportId?: string }> {
  const user = await requireArea(request, 'absences');
  const formData = await request.formData();
  if (formData.get('intent') === ATTACH_DOCUMENT_INTENT) {
    return attachDocument(user, formData, request.url);
  }
  const parsed = parseForm(answerFormSchema, formData);
  if (!parsed.ok) return parsed;
  const { intent, reportId } = parsed.data;
  const stored = absenceReportRecordSchema.safeParse(await store.get('absenceReports', reportId));
  if (!stored.success) return { ...formFailure(parsed.values, { _form: REPORT_GONE }), reportId };
  const report: AbsenceReportRecord = stored.data;
  let patch: Record<string, unknown>;
  let done: string;
  if (intent === WITHDRAW_INTENT) {
    if (!mayReportAbsences(user.roles) && !mayReportSelf(user.roles)) throw notAllowed();
    patch = { status: 'withdrawn' };
    done = WITHDRAWN;
  } else {
    if (!mayAnswerAbsences(user.roles)) throw notAllowed();
    const at = now().toISOString();
    patch =
      intent === ACKNOWLEDGE_INTENT
        ? { status: 'acknowledged', acknowledgedBy: user.memberUUID, acknowledgedAt: at }
        : {
            status: 'documentRequested',
            documentRequestedBy: user.memberUUID,
            documentRequestedAt: at,
          };
    done = intent === ACKNOWLEDGE_INTENT ? ACKNOWLEDGED : DOCUMENT_REQUESTED;
  }
  const saved = await store.save('absenceReports', { id: report.id, ...patch });
  if (!saved) {
    settingsStore.setError(REPORT_NOT_SAVED);
    return { ...formFailure(parsed.values, { _form: REPORT_NOT_SAVED }), reportId };
  }
  settingsStore.notify(done, 'success');
  throw redirect(new URL(request.url).pathname + new URL(request.url).search);
}

// ---- the form -------------------------------------------------------------------------------------

/** Whether these roles may report their own absences (a student, where the campus allows). */
function mayReportSelf(roles: readonly Role[]): boolean {
  return roles.some((r) => PERMISSION_MATRIX.absenceReports[r].write === 'reportSelf');
}

/**
 * A student's own record, when they may report their own absences: enrolled, aged
 * STUDENT_REPORT_AGE or over today, at a campus that lets students report (the backend checks the
 * same, with its own clock).
 */
async function ownRecordToReport(user: SessionUser): Promise<ReportableChild[]> {
  const studentId = user.member?.studentId;
  if (!mayReportSelf(user.roles) || !studentId) return [];
  const [students, campuses, zone] = await Promise.all([
    loadCollection('students', { schema: studentNameSchema }),
    loadCollection('campuses', { schema: campusSettingsSchema }),
    loadPersonZone(user),
  ]);
  const own = students.find((s) => s.id === studentId);
  if (!own || own.status !== 'enrolled') return [];
  const campus = campuses.find((c) => c.id === own.campusId);
  if (campus?.studentsReportAbsences !== true) return [];
  return agedAtLeast(own.dateOfBirth, STUDENT_REPORT_AGE, schoolDay(zone, now())) ? [own] : [];
}

/**
 * Whom this person may report for: a parent their family's enrolled children, an eligible student
 * themselves; null when they may not report at all.
 */
async function reportable(user: SessionUser): Promise<ReportableChild[] | null> {
  if (mayReportAbsences(user.roles)) return loadChildren(user);
  const self = await ownRecordToReport(user);
  return self.length > 0 ? self : null;
}

/** The family's children the form offers (enrolled or waitlisted ones: who may be at school). */
async function loadChildren(user: SessionUser): Promise<ReportableChild[]> {
  const students = await loadCollection('students', { schema: studentNameSchema });
  const familyIds = new Set(
    [user.member?.familyId].filter((id): id is string => typeof id === 'string'),
  );
  return students
    .filter((s) => s.status === 'enrolled' && (familyIds.size === 0 || familyIds.has(s.familyId)))
    .sort((a, b) => fullName(a).localeCompare(fullName(b)));
}

export async function loadReportForm(request: Request) {
  const user = await requireArea(request, 'absences');
  const [children, zone] = await Promise.all([reportable(user), loadPersonZone(user)]);
  if (!children) throw notAllowed();
  const url = new URL(request.url);
  const student = url.searchParams.get('student') ?? '';
  const date = url.searchParams.get('date') ?? '';
  const today = schoolDay(zone, now());
  return {
    children: children.map((c) => ({ id: c.id, name: fullName(c) })),
    today,
    preset: {
      // Only a child of theirs is ticked; anything else in the link is ignored.
      studentIds: children.some((c) => c.id === student)
        ? [student]
        : children.length === 1 && children[0]
          ? [children[0].id]
          : [],
      from: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : today,
      // From an alert: that day's absence, so the reason is what is left to say.
      fromAlert: Boolean(student && date),
    },
  };
}

export async function reportFormAction(request: Request) {
  const user = await requireArea(request, 'absences');
  const [children, zone] = await Promise.all([reportable(user), loadPersonZone(user)]);
  if (!children) throw notAllowed();
  const result = await submitAbsenceReport(
    await request.formData(),
    {
      children,
      createdBy: user.memberUUID,
      reporterName: user.member?.displayName ?? user.displayName ?? '',
      today: schoolDay(zone, now()),
      online: syncEngine.connectivity.isOnline(),
      save: async (operations) => (await store.batch(operations)) === operations.length,
    },
    now().getTime(),
  );
  if (!result.ok) {
    if (result.fieldErrors._form) settingsStore.setError(result.fieldErrors._form);
    return result;
  }
  settingsStore.notify(result.offline ? REPORT_SAVED_OFFLINE : REPORT_SENT, 'success');
  throw redirect('/dash/absences');
}

export { REPORT_SENT, REPORT_SAVED_OFFLINE };
