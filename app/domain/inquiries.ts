// Parent inquiries (issue 15 §1): the pipeline's moves and their history, the "no contact for 7
// days" flag, the CSV rows, the conversion of an enrolled inquiry into a family and a student, and
// the public submitInquiry callable's input. Pure: every "now" and "today" is a parameter.
import { z } from 'zod';
import { daysBetween, schoolDay } from './clock';
import { isCalendarDate } from './dates';
import {
  INQUIRY_STATUSES,
  type Family,
  type Guardian,
  type ParentInquiry,
  type Student,
} from './records';

export { INQUIRY_STATUSES };
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
export type InquiryHistoryEntry = ParentInquiry['history'][number];

/** The board's columns, left to right. */
export const PIPELINE: readonly InquiryStatus[] = INQUIRY_STATUSES;

/** Where an inquiry's pipeline ends; the rest are open (they need following up). */
export const FINAL_STATUSES: readonly InquiryStatus[] = ['enrolled', 'closed'];
export const OPEN_STATUSES: readonly InquiryStatus[] = INQUIRY_STATUSES.filter(
  (s) => !FINAL_STATUSES.includes(s),
);

export function isOpen(status: InquiryStatus): boolean {
  return !FINAL_STATUSES.includes(status);
}

/** Who the history names for an inquiry that came through the public callable (no account). */
export const PUBLIC_SUBMITTER = 'public';

/**
 * May an inquiry move from one status to another? An open inquiry may go to any other status
 * (families skip steps: a sibling is enrolled without a tour). A final one (enrolled, closed) may
 * only be reopened, to an open status: staff reopen a closed inquiry when the family comes back,
 * or an enrolled one when the place fell through. Enrolled ↔ closed directly is refused, so the
 * history always shows the reopening that explains it. Moving to the same status is no move.
 */
export function canMove(from: InquiryStatus, to: InquiryStatus): boolean {
  if (from === to) return false;
  return isOpen(from) || isOpen(to);
}

export interface HistoryInput {
  /** memberUUID of the person acting. */
  by: string;
  /** ISO-8601 date-time. */
  at: string;
  note?: string;
}

/** What a move, an assignment or a note writes: the whole history (it only grows). */
export interface InquiryPatch {
  status?: InquiryStatus;
  assignedTo?: string;
  history: InquiryHistoryEntry[];
}

type HistoryOf = Pick<ParentInquiry, 'status' | 'history'>;

/** The patch of a move, or null when the move is refused (nothing to write). */
export function movePatch(
  inquiry: HistoryOf,
  { to, by, at, note = '' }: HistoryInput & { to: InquiryStatus },
): InquiryPatch | null {
  if (!canMove(inquiry.status, to)) return null;
  const entry: InquiryHistoryEntry = {
    at,
    by,
    from: inquiry.status,
    status: to,
    note: note.trim(),
  };
  return { status: to, history: [...inquiry.history, entry] };
}

/**
 * Assigns the inquiry to a staff member (`assignee` null: unassigns, stored as ''). The history
 * says so by name, as people read it; the status does not change. Null when nothing changes.
 */
export function assignPatch(
  inquiry: HistoryOf & Pick<ParentInquiry, 'assignedTo'>,
  {
    assignee,
    assigneeName,
    by,
    at,
  }: Omit<HistoryInput, 'note'> & {
    assignee: string | null;
    assigneeName?: string;
  },
): InquiryPatch | null {
  const next = assignee ?? '';
  if (next === (inquiry.assignedTo ?? '')) return null;
  const note = next ? `Assigned to ${assigneeName?.trim() || next}` : 'Unassigned';
  return {
    assignedTo: next,
    history: [...inquiry.history, { at, by, status: inquiry.status, note }],
  };
}

/** Adds a note to the history (a phone call, a tour booked). Null for an empty note. */
export function notePatch(
  inquiry: HistoryOf,
  { by, at, note = '' }: HistoryInput,
): InquiryPatch | null {
  const text = note.trim();
  if (!text) return null;
  return { history: [...inquiry.history, { at, by, status: inquiry.status, note: text }] };
}

// ---- Age and follow-up ------------------------------------------------------------------------

/** Days without contact after which an open inquiry is flagged. */
export const NO_CONTACT_DAYS = 7;

/**
 * The clock an inquiry is counted by: its campus's school day and zone (app/domain/clock.ts), so
 * an inquiry received at 00:30 in Kolkata is received on that campus's day, not the UTC one.
 */
export interface InquiryClock {
  /** The campus's school day now, YYYY-MM-DD. */
  today: string;
  /** The campus's time zone, in which a stored instant becomes a school day. */
  timeZone: string;
}

/** The school day of an ISO date (kept as it is) or date-time (read in `timeZone`); null if invalid. */
function dayOf(iso: string, timeZone: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : schoolDay(timeZone, at);
}

/** Whole school days from an ISO date or date-time to the clock's today; never negative. */
function daysSince(fromIso: string, clock: InquiryClock): number {
  const from = dayOf(fromIso, clock.timeZone);
  if (from === null || !/^\d{4}-\d{2}-\d{2}$/.test(clock.today)) return 0;
  return Math.max(0, daysBetween(from, clock.today));
}

/** When the inquiry arrived: its first history entry, else its createdAt; null when unknown. */
export function receivedAt(inquiry: Pick<ParentInquiry, 'history' | 'createdAt'>): string | null {
  return inquiry.history[0]?.at ?? inquiry.createdAt ?? null;
}

/** How many school days ago the inquiry was received, at its campus; 0 when unknown. */
export function inquiryAgeDays(
  inquiry: Pick<ParentInquiry, 'history' | 'createdAt'>,
  clock: InquiryClock,
): number {
  const received = receivedAt(inquiry);
  return received ? daysSince(received, clock) : 0;
}

/**
 * The last time the office did something with the inquiry: the latest history entry after the
 * first (the first is the family's own submission). Null when nobody has followed up yet.
 */
export function lastContactAt(inquiry: Pick<ParentInquiry, 'history'>): string | null {
  let latest: string | null = null;
  for (const entry of inquiry.history.slice(1)) {
    if (latest === null || entry.at > latest) latest = entry.at;
  }
  return latest;
}

/**
 * "No contact for 7 days": an open inquiry whose last contact (or, with none yet, its arrival)
 * was NO_CONTACT_DAYS or more school days before the campus's today. Enrolled and closed ones
 * never are.
 */
export function needsContact(
  inquiry: Pick<ParentInquiry, 'status' | 'history' | 'createdAt'>,
  clock: InquiryClock,
): boolean {
  if (!isOpen(inquiry.status)) return false;
  const since = lastContactAt(inquiry) ?? receivedAt(inquiry);
  return since !== null && daysSince(since, clock) >= NO_CONTACT_DAYS;
}

/** How many inquiries are in each status (every status present, 0 when empty). */
export function countsByStatus(
  inquiries: readonly Pick<ParentInquiry, 'status'>[],
): Record<InquiryStatus, number> {
  const counts: Record<InquiryStatus, number> = {
    new: 0,
    contacted: 0,
    'tour scheduled': 0,
    applied: 0,
    waitlisted: 0,
    enrolled: 0,
    closed: 0,
  };
  for (const inquiry of inquiries) counts[inquiry.status] += 1;
  return counts;
}

// ---- CSV export -------------------------------------------------------------------------------

export const INQUIRY_CSV_HEADER = [
  'Parent',
  'E-mail',
  'Phone',
  'Child',
  'Date of birth',
  'Campus',
  'Status',
  'Assigned to',
  'Received',
  'Last contact',
  // Not "Age": that reads as the child's (issue 30).
  'Days since received',
  'No contact for 7 days',
  'Message',
] as const;

export interface InquiryCsvNames {
  /** Campus id → name. */
  campuses: Readonly<Record<string, string>>;
  /** memberUUID → display name. */
  members: Readonly<Record<string, string>>;
}

/**
 * The export's rows, header first, for the app's CSV writer; ids become names where known. Ages
 * are counted by each inquiry's campus clock (`clockOf`).
 */
export function inquiryCsvRows(
  inquiries: readonly ParentInquiry[],
  names: InquiryCsvNames,
  clockOf: (inquiry: ParentInquiry) => InquiryClock,
): string[][] {
  const rows: string[][] = [[...INQUIRY_CSV_HEADER]];
  for (const inquiry of inquiries) {
    const campus = inquiry.campusId ? (names.campuses[inquiry.campusId] ?? inquiry.campusId) : '';
    const assignee = inquiry.assignedTo
      ? (names.members[inquiry.assignedTo] ?? inquiry.assignedTo)
      : '';
    rows.push([
      inquiry.parentName,
      inquiry.email,
      inquiry.phone,
      inquiry.childName,
      inquiry.childDateOfBirth ?? '',
      campus,
      inquiry.status,
      assignee,
      receivedAt(inquiry)?.slice(0, 10) ?? '',
      lastContactAt(inquiry)?.slice(0, 10) ?? '',
      String(inquiryAgeDays(inquiry, clockOf(inquiry))),
      needsContact(inquiry, clockOf(inquiry)) ? 'yes' : 'no',
      inquiry.message,
    ]);
  }
  return rows;
}

// ---- Conversion -------------------------------------------------------------------------------

/** Deterministic ids: a retried conversion batch writes the same two documents again. */
export const convertedFamilyId = (inquiryId: string) => `fam-inq-${inquiryId}`;
export const convertedStudentId = (inquiryId: string) => `stu-inq-${inquiryId}`;

function words(name: string): string[] {
  return name.trim().split(/\s+/).filter(Boolean);
}

/** Case- and spacing-insensitive equality of names and addresses. */
const same = (a: string, b: string) =>
  words(a.toLowerCase()).join(' ') === words(b.toLowerCase()).join(' ');

/** A family record ready for `store.save` (its id included). */
export type FamilyDraft = Omit<Family, 'id'> & { id: string };
/**
 * A student record ready for the student editor. `dateOfBirth` and `campusId` are '' when the
 * inquiry did not give them; `missing` in the plan names them, and the editor asks for them.
 */
export type StudentDraft = Omit<Student, 'id' | 'preferredName' | 'memberUUID' | 'medicalNotes'> & {
  id: string;
};

export interface ConversionPlan {
  family: FamilyDraft;
  student: StudentDraft;
  /** Existing families that may be this one ("use this family instead"). */
  duplicates: Array<Family & { id: string }>;
  /** Student fields the inquiry left empty, which the editor must fill before saving. */
  missing: Array<'dateOfBirth' | 'campusId'>;
  /** The family or the student of these ids exists already: an earlier conversion got through. */
  alreadyConverted: boolean;
}

export type ConvertibleInquiry = Pick<
  ParentInquiry,
  'parentName' | 'email' | 'phone' | 'childName' | 'childDateOfBirth' | 'campusId'
> & { id: string };

/**
 * Existing families that may already be the inquiring family: one whose guardian has the same
 * e-mail, or whose family name matches the parent's last name and has a guardian of the parent's
 * name (case-insensitive). The UI offers them instead of creating a second family.
 */
export function duplicateFamilies<F extends Pick<Family, 'familyName' | 'guardians'>>(
  inquiry: Pick<ParentInquiry, 'parentName' | 'email'>,
  families: readonly F[],
): F[] {
  const email = inquiry.email.trim();
  const familyName = words(inquiry.parentName).at(-1) ?? '';
  return families.filter((family) =>
    family.guardians.some(
      (g) =>
        (email !== '' && g.email.trim() !== '' && same(g.email, email)) ||
        (familyName !== '' &&
          same(family.familyName, familyName) &&
          same(g.name, inquiry.parentName)),
    ),
  );
}

/**
 * What converting an inquiry creates: a family (named after the parent's last name, the parent as
 * its primary guardian) and an enrolled student in it (first and last name from the child's name; a
 * one-word name takes the family's name), both under ids derived from the inquiry's id.
 */
export function conversionPlan(
  inquiry: ConvertibleInquiry,
  {
    families,
    students,
    now,
    by,
  }: {
    families: ReadonlyArray<Family & { id: string }>;
    /** The cached students, to tell whether this inquiry's student exists already. */
    students: ReadonlyArray<{ id: string }>;
    /** ISO-8601 date-time: the enrolment date is its day. */
    now: string;
    /** memberUUID of the person converting. */
    by: string;
  },
): ConversionPlan {
  const parent = words(inquiry.parentName);
  const familyName = parent.at(-1) ?? inquiry.parentName.trim();
  const guardian: Guardian = {
    name: parent.join(' '),
    relationship: '',
    email: inquiry.email.trim(),
    phone: inquiry.phone.trim(),
    isPrimary: true,
  };
  const familyId = convertedFamilyId(inquiry.id);
  const family: FamilyDraft = {
    id: familyId,
    familyName,
    guardians: [guardian],
    address: '',
    notes: `Created from inquiry ${inquiry.id}.`,
    updatedBy: by,
  };
  const child = words(inquiry.childName);
  const firstName = child.length > 1 ? child.slice(0, -1).join(' ') : (child[0] ?? '');
  const lastName = child.length > 1 ? (child.at(-1) ?? familyName) : familyName;
  const student: StudentDraft = {
    id: convertedStudentId(inquiry.id),
    firstName,
    lastName,
    dateOfBirth: inquiry.childDateOfBirth ?? '',
    familyId,
    campusId: inquiry.campusId ?? '',
    classroomIds: [],
    status: 'enrolled',
    enrolledOn: now.slice(0, 10),
    notes: '',
    updatedBy: by,
  };
  const missing: ConversionPlan['missing'] = [];
  if (!student.dateOfBirth) missing.push('dateOfBirth');
  if (!student.campusId) missing.push('campusId');
  const alreadyConverted =
    families.some((f) => f.id === familyId) || students.some((s) => s.id === student.id);
  return {
    family,
    student,
    // The family an earlier attempt created is this one, not a duplicate of it.
    duplicates: duplicateFamilies(
      inquiry,
      families.filter((f) => f.id !== familyId),
    ),
    missing,
    alreadyConverted,
  };
}

/**
 * The inquiry's side of the conversion: linked to the family and student (the new ones, or the
 * existing family chosen instead), enrolled, with a history entry saying so. Null when the
 * inquiry cannot move to enrolled (it is closed: reopen it first).
 */
export function conversionLinkPatch(
  inquiry: HistoryOf,
  { familyId, studentId, by, at }: { familyId: string; studentId: string; by: string; at: string },
): (Omit<InquiryPatch, 'assignedTo'> & { familyId: string; studentId: string }) | null {
  const note = 'Converted to a family and a student';
  if (inquiry.status === 'enrolled') {
    return {
      familyId,
      studentId,
      history: [...inquiry.history, { at, by, status: 'enrolled', note }],
    };
  }
  const moved = movePatch(inquiry, { to: 'enrolled', by, at, note });
  return moved ? { ...moved, familyId, studentId } : null;
}

// ---- The public submitInquiry callable --------------------------------------------------------

export const SUBMIT_RATE_LIMIT_PER_EMAIL_PER_DAY = 3;
export const SUBMIT_RATE_LIMIT_MESSAGE =
  'Too many inquiries from this e-mail address today. Please try again tomorrow or call the office.';
export const INQUIRY_MESSAGE_MAX = 2000;
/** A child of 19 or more is not a school inquiry. */
export const MAX_CHILD_AGE_YEARS = 19;

/**
 * The rate limit's key for an e-mail address on a day (YYYY-MM-DD): the same for any spelling of
 * the address's case. Also a valid Firestore document id (a valid address has no '/').
 */
export function rateLimitKey(email: string, day: string): string {
  return `${day}_${email.trim().toLowerCase()}`;
}

/** The same day `years` earlier (29 February → 28 February). */
function yearsBefore(day: string, years: number): string {
  const y = Number(day.slice(0, 4)) - years;
  const rest = day.slice(5);
  const candidate = `${String(y).padStart(4, '0')}-${rest}`;
  return isCalendarDate(candidate) ? candidate : `${String(y).padStart(4, '0')}-02-28`;
}

const trimmed = (message: string) => z.string({ required_error: message }).trim().min(1, message);

/**
 * The callable's input, checked on both sides (the form, the function). `today` (YYYY-MM-DD)
 * bounds the child's date of birth: not in the future, and the child under MAX_CHILD_AGE_YEARS.
 */
export function submitInquirySchema(today: string) {
  const earliest = yearsBefore(today, MAX_CHILD_AGE_YEARS);
  return z.object({
    parentName: trimmed('Enter your name.').pipe(
      z.string().max(200, 'Use at most 200 characters.'),
    ),
    email: z
      .string({ required_error: 'Enter your e-mail address.' })
      .trim()
      .email('Use an e-mail address like name@example.com.'),
    phone: z.string().trim().max(40, 'Use at most 40 characters.').default(''),
    childName: trimmed("Enter your child's name.").pipe(
      z.string().max(200, 'Use at most 200 characters.'),
    ),
    childDateOfBirth: z
      .string({ required_error: "Enter your child's date of birth." })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the full date of birth.')
      .refine(isCalendarDate, 'Use a date that exists.')
      .refine((d) => d <= today, 'The date of birth cannot be in the future.')
      .refine((d) => d > earliest, `Inquiries are for children under ${MAX_CHILD_AGE_YEARS}.`),
    campusId: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined)),
    message: z
      .string()
      .trim()
      .max(INQUIRY_MESSAGE_MAX, `Use at most ${INQUIRY_MESSAGE_MAX} characters.`)
      .default(''),
  });
}
export type SubmitInquiryInput = z.input<ReturnType<typeof submitInquirySchema>>;
export type SubmitInquiry = z.output<ReturnType<typeof submitInquirySchema>>;

/**
 * The parentInquiries document a submission creates (without id; the backend picks it). A signed-in
 * parent is its creator and the first history entry names them; a family with no account is
 * PUBLIC_SUBMITTER.
 */
export function newInquiryRecord(
  input: SubmitInquiry,
  { at, createdBy }: { at: string; createdBy?: string },
): Omit<ParentInquiry, 'id'> {
  return {
    parentName: input.parentName,
    email: input.email,
    phone: input.phone,
    childName: input.childName,
    childDateOfBirth: input.childDateOfBirth,
    ...(input.campusId ? { campusId: input.campusId } : {}),
    message: input.message,
    status: 'new',
    history: [{ at, by: createdBy ?? PUBLIC_SUBMITTER, status: 'new', note: '' }],
    ...(createdBy ? { createdBy, updatedBy: createdBy } : {}),
  };
}
