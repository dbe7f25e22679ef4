// "Report an absence" (issue 32): the form a parent fills in for one or several of their children,
// and the reports it writes, one per child. Pure over the store's save (the route passes
// `store.batch`), so the write goes through the cache and the pending-changes queue, offline too,
// and a test sees exactly what would be written. The backend checks the same facts again (the
// matrix's reportOwnChildren: the child is theirs, the family, campus and classrooms are the
// child's, the reporter's name is their profile's).
import { z } from 'zod';
import type { BatchOperation } from '~/data/store';
import {
  ABSENCE_NOTE_MAX,
  ABSENCE_PARTS,
  ABSENCE_REASONS,
  MAX_ABSENCE_DAYS,
  type AbsencePart,
  type AbsenceReason,
} from '~/domain/absences';
import { addDays, daysBetween } from '~/domain/clock';
import { formatDay } from '~/domain/dates';
import { absenceReportSchema, type AbsenceReport, type Student } from '~/domain/records';
import { calendarDate, plainText, stringList } from '~/ui/form/fields';
import { formFailure, parseForm, type FormFailure, type FormValues } from '~/ui/form/parse-form';

export const absenceReportRecordSchema = absenceReportSchema.extend({ id: z.string() });
export type AbsenceReportRecord = AbsenceReport & { id: string };

/** How far back a family may report an absence, in days (a forgotten call last week). */
export const REPORT_DAYS_BACK = 30;
/** How far ahead a family may report one, in days (a planned trip next term). */
export const REPORT_DAYS_AHEAD = 180;

export const CHOOSE_CHILD = 'Choose at least one child.';
export const CHOOSE_FIRST_DAY = 'Choose the first day of the absence.';
export const LAST_BEFORE_FIRST = 'The last day cannot be before the first day.';
export const TOO_MANY_DAYS = `A report can cover at most ${MAX_ABSENCE_DAYS} days. For a longer absence, send one report per month, or write to the office.`;
export const ONE_DAY_ONLY =
  'Arriving late or leaving early is for one day: make the last day the same as the first.';
export const CHOOSE_PART = 'Choose the whole day, arriving late or leaving early.';
export const CHOOSE_REASON = 'Choose a reason.';
export const ENTER_ARRIVAL = 'Enter the time your child will arrive (for example 10:30).';
export const ENTER_LEAVING = 'Enter the time your child will leave (for example 14:00).';
export const NOT_YOUR_CHILD = 'You can report absences for your own children only.';
export const REPORT_SENT = 'The absence was reported to the school.';
export const REPORT_SAVED_OFFLINE =
  'The absence is saved on this device. It will reach the school when you are back online.';
export const REPORT_NOT_SAVED = 'The report could not be saved on this device. Try again.';

export function tooEarlyMessage(first: string): string {
  return `Absences can be reported from ${formatDay(first)} onwards.`;
}
export function tooLateMessage(last: string): string {
  return `Absences can be reported up to ${formatDay(last)}.`;
}

const time = z
  .string()
  .trim()
  .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), 'Use a time such as 10:30.');

export const reportFormSchema = z
  .object({
    studentIds: stringList.refine((ids) => ids.length > 0, CHOOSE_CHILD),
    from: calendarDate(CHOOSE_FIRST_DAY),
    to: z.string().trim().optional().default(''),
    part: z.enum(ABSENCE_PARTS, { errorMap: () => ({ message: CHOOSE_PART }) }),
    time: time.optional().default(''),
    reason: z.enum(ABSENCE_REASONS, { errorMap: () => ({ message: CHOOSE_REASON }) }),
    note: plainText(ABSENCE_NOTE_MAX, 'note'),
  })
  .superRefine((data, ctx) => {
    const to = data.to || data.from;
    if (data.to && !/^\d{4}-\d{2}-\d{2}$/.test(data.to)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Use a real date (YYYY-MM-DD).' });
      return;
    }
    if (to < data.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: LAST_BEFORE_FIRST });
    } else if (daysBetween(data.from, to) >= MAX_ABSENCE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: TOO_MANY_DAYS });
    }
    if (data.part !== 'day') {
      if (to !== data.from) ctx.addIssue({ code: 'custom', path: ['to'], message: ONE_DAY_ONLY });
      if (!data.time) {
        ctx.addIssue({
          code: 'custom',
          path: ['time'],
          message: data.part === 'late' ? ENTER_ARRIVAL : ENTER_LEAVING,
        });
      }
    }
  });

/** A child the parent may report for, as the form lists them. */
export type ReportableChild = Pick<Student, 'firstName' | 'lastName' | 'familyId' | 'campusId'> & {
  id: string;
  classroomIds: string[];
  preferredName?: string;
};

export interface ReportContext {
  /** The parent's own children (the only ones the form offers and the backend accepts). */
  children: readonly ReportableChild[];
  /** The parent's memberUUID and their profile's display name (the rules compare both). */
  createdBy: string;
  reporterName: string;
  /** The school day now (the family's campus's). */
  today: string;
  online: boolean;
  /** Stores the reports as one batch through the data layer; false when it could not. */
  save: (operations: BatchOperation[]) => Promise<boolean>;
}

export type ReportResult =
  FormFailure | { ok: true; ids: string[]; offline: boolean; studentIds: string[] };

/** What a report of these form fields says, before it is tied to a child. */
export interface ReportFields {
  from: string;
  to: string;
  part: AbsencePart;
  time?: string;
  reason: AbsenceReason;
  note: string;
}

/** The report document for one child (status `reported`, nothing of the office's). */
export function reportFor(
  child: ReportableChild,
  fields: ReportFields,
  who: { createdBy: string; reporterName: string },
): Record<string, unknown> {
  return {
    studentId: child.id,
    familyId: child.familyId,
    campusId: child.campusId,
    classroomIds: [...child.classroomIds],
    from: fields.from,
    to: fields.to,
    part: fields.part,
    ...(fields.part !== 'day' && fields.time ? { time: fields.time } : {}),
    reason: fields.reason,
    note: fields.note,
    status: 'reported',
    createdBy: who.createdBy,
    reporterName: who.reporterName,
  };
}

let sequence = 0;
/** A new report's id: readable in the console, unique per device and moment. */
export function newReportId(studentId: string, from: string, at: number): string {
  sequence = (sequence + 1) % 1000;
  return `${studentId}_${from}_${at.toString(36)}${sequence.toString(36)}`;
}

/** Validates the form against the parent's children and the dates, and queues one report per child. */
export async function submitAbsenceReport(
  input: FormData | FormValues,
  ctx: ReportContext,
  at: number,
): Promise<ReportResult> {
  const parsed = parseForm(reportFormSchema, input);
  if (!parsed.ok) return parsed;
  const { data, values } = parsed;
  const to = data.to || data.from;
  const first = addDays(ctx.today, -REPORT_DAYS_BACK);
  const last = addDays(ctx.today, REPORT_DAYS_AHEAD);
  if (data.from < first) return formFailure(values, { from: tooEarlyMessage(first) });
  if (to > last) return formFailure(values, { to: tooLateMessage(last) });
  const chosen = data.studentIds.map((id) => ctx.children.find((c) => c.id === id));
  if (chosen.some((c) => c === undefined)) {
    return formFailure(values, { studentIds: NOT_YOUR_CHILD });
  }
  const children = chosen.filter((c): c is ReportableChild => c !== undefined);
  const fields: ReportFields = {
    from: data.from,
    to,
    part: data.part,
    time: data.time || undefined,
    reason: data.reason,
    note: data.note,
  };
  const operations: BatchOperation[] = children.map((child) => ({
    type: 'save',
    collection: 'absenceReports',
    item: {
      id: newReportId(child.id, data.from, at),
      ...reportFor(child, fields, { createdBy: ctx.createdBy, reporterName: ctx.reporterName }),
    },
  }));
  const stored = await ctx.save(operations);
  if (!stored) return formFailure(values, { _form: REPORT_NOT_SAVED });
  return {
    ok: true,
    ids: operations.flatMap((op) =>
      op.type === 'save' && typeof op.item.id === 'string' ? [op.item.id] : [],
    ),
    offline: !ctx.online,
    studentIds: children.map((c) => c.id),
  };
}
