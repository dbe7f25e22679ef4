// How the calendar shows families' replies to an event (issue 32), in one place for the event
// dialog, the organiser's page, its CSV and the home tiles: each child asked with their answer in
// words (who answered, when, in the event's campus time), the counts, the reminder's state, and
// the record a guardian's answer writes. Pure: the loaders read the cache and hand the lists in.
import { z } from 'zod';
import { schoolDay, wallClockAt } from '~/domain/clock';
import { formatDateTime, formatTime } from '~/domain/format';
import { eventReplySchema } from '~/domain/records';
import {
  answerLabel,
  childrenAsked,
  consentWording,
  countReplies,
  eventReplyId,
  refusalWording,
  repliesOpen,
  replyRequestOf,
  type AudienceStudent,
  type ReplyAnswer,
  type ReplyCounts,
  type ReplyKind,
  type ReplyRequest,
} from '~/domain/replies';
import { slugOf } from './slug';

export const eventReplyRecordSchema = eventReplySchema.extend({ id: z.string() });
export type EventReplyRecord = z.infer<typeof eventReplyRecordSchema>;

/** A student as the replies screens name and place them. */
export interface NamedStudent extends AudienceStudent {
  firstName: string;
  lastName: string;
  preferredName?: string;
}

/** The event fields the replies read. */
export interface ReplyEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  audience?: readonly string[];
  classroomIds: readonly string[];
  campusId?: string;
  reply?: unknown;
  replyReminderAt?: string;
}

export const WAITING_LABEL = 'No answer yet';

/** "Leo Whitfield" (the name the child goes by). */
export function studentName(s: Pick<NamedStudent, 'firstName' | 'lastName' | 'preferredName'>) {
  return `${s.preferredName || s.firstName} ${s.lastName}`;
}

/** The organiser's page of an event's replies. */
export function repliesHref(eventId: string): string {
  return `/dash/calendar/${encodeURIComponent(eventId)}/replies`;
}

/** The calendar with the event's dialog open, where a family answers. */
export function eventDialogHref(eventId: string): string {
  return `/dash/calendar?event=${encodeURIComponent(eventId)}`;
}

/** One event's replies by student id. */
export function repliesOf(
  eventId: string,
  replies: readonly EventReplyRecord[],
): Map<string, EventReplyRecord> {
  const byStudent = new Map<string, EventReplyRecord>();
  for (const reply of replies) {
    if (reply.eventId === eventId) byStudent.set(reply.studentId, reply);
  }
  return byStudent;
}

/** One child's answer as the screens word it. */
export interface AnswerView {
  answer: ReplyAnswer | null;
  /** "Consent given", "Going", or "No answer yet". */
  label: string;
  /** People going, the child included (an RSVP's "Going"); null otherwise. */
  people: number | null;
  guardianName: string;
  /** The backend's time of the answer (ISO); '' while it waits on this device. */
  repliedAt: string;
  /** That time in the event's campus time: "Fri 27 Nov 2026, 10:05". */
  repliedAtText: string;
  /** For consent: the exact sentence agreed to or refused. */
  wording: string;
  /** Saved on this device, not yet sent. */
  pending: boolean;
}

export function answerView(
  kind: ReplyKind,
  reply: EventReplyRecord | undefined,
  { timeZone, pending = false }: { timeZone: string; pending?: boolean },
): AnswerView {
  if (!reply) {
    return {
      answer: null,
      label: WAITING_LABEL,
      people: null,
      guardianName: '',
      repliedAt: '',
      repliedAtText: '',
      wording: '',
      pending: false,
    };
  }
  const repliedAt = reply.updatedAt ?? '';
  return {
    answer: reply.answer,
    label: answerLabel(kind, reply.answer),
    people: kind === 'rsvp' && reply.answer === 'yes' ? (reply.people ?? 1) : null,
    guardianName: reply.guardianName,
    repliedAt,
    repliedAtText: repliedAt ? formatDateTime(repliedAt, timeZone) : '',
    wording: kind === 'consent' ? reply.wording : '',
    pending,
  };
}

/** "Going, 3 people: Grace Whitfield, Fri 27 Nov 2026, 10:05", or "No answer yet". */
export function answerSentence(view: AnswerView): string {
  if (view.answer === null) return WAITING_LABEL;
  const people =
    view.people === null ? '' : `, ${view.people} ${view.people === 1 ? 'person' : 'people'}`;
  const who = view.guardianName ? ` by ${view.guardianName}` : '';
  const when = view.pending
    ? ' (saved on this device, not yet sent)'
    : view.repliedAtText
      ? ` on ${view.repliedAtText}`
      : '';
  return `${view.label}${people}${who}${when}`;
}

/** One row of the organiser's list and of the CSV. */
export interface ReplyLine extends AnswerView {
  studentId: string;
  name: string;
  /** The classroom the child is listed under (the first of theirs the event is for). */
  classroom: string;
}

export const NO_CLASSROOM = 'No classroom';

/**
 * Every child asked, with their answer, by classroom name and then by name. A child in two of the
 * event's classrooms is listed once, under the first.
 */
export function replyLines(
  event: ReplyEvent,
  kind: ReplyKind,
  asked: readonly NamedStudent[],
  replies: ReadonlyMap<string, EventReplyRecord>,
  lookups: {
    classroomNames: ReadonlyMap<string, string>;
    timeZone: string;
    pendingIds?: ReadonlySet<string>;
  },
): ReplyLine[] {
  const ofEvent = event.classroomIds;
  return asked
    .map((student): ReplyLine => {
      const placed =
        student.classroomIds.find((id) => ofEvent.includes(id)) ?? student.classroomIds[0];
      const reply = replies.get(student.id);
      return {
        studentId: student.id,
        name: studentName(student),
        classroom: (placed && lookups.classroomNames.get(placed)) || NO_CLASSROOM,
        ...answerView(kind, reply, {
          timeZone: lookups.timeZone,
          pending: reply ? (lookups.pendingIds?.has(reply.id) ?? false) : false,
        }),
      };
    })
    .sort((a, b) => a.classroom.localeCompare(b.classroom) || a.name.localeCompare(b.name));
}

/** The lines grouped by classroom, in the lines' order. */
export function groupByClassroom(
  lines: readonly ReplyLine[],
): Array<{ classroom: string; lines: ReplyLine[]; counts: ReplyCounts }> {
  const groups = new Map<string, ReplyLine[]>();
  for (const line of lines)
    groups.set(line.classroom, [...(groups.get(line.classroom) ?? []), line]);
  return [...groups].map(([classroom, inGroup]) => ({
    classroom,
    lines: inGroup,
    counts: countLines(inGroup),
  }));
}

/** The counts of some lines (yes, no, waiting, and people going). */
export function countLines(lines: readonly ReplyLine[]): ReplyCounts {
  const replies = new Map(
    lines.flatMap((l) =>
      l.answer === null
        ? []
        : [[l.studentId, { answer: l.answer, people: l.people ?? 1 }] as const],
    ),
  );
  return countReplies(
    lines.map((l) => ({ id: l.studentId })),
    replies,
  );
}

/** "2 yes · 1 no · 17 waiting" in the kind's words. */
export function countsText(kind: ReplyKind, counts: ReplyCounts): string {
  const yes = kind === 'consent' ? `${counts.yes} yes` : `${counts.yes} going`;
  const no = kind === 'consent' ? `${counts.no} no` : `${counts.no} not going`;
  return `${yes} · ${no} · ${counts.waiting} waiting`;
}

export const REPLIES_CSV_HEADER = [
  'Classroom',
  'Student',
  'Answer',
  'People',
  'Guardian',
  'Replied at',
  'Wording',
] as const;

/** "2026-11-27 10:05" in the campus's time: a value a spreadsheet reads as a date and time. */
function sheetTime(iso: string, timeZone: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const w = wallClockAt(timeZone, at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.day} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** The trip register: a row per child asked, those still to answer included. */
export function repliesCsvRows(
  lines: readonly ReplyLine[],
  kind: ReplyKind,
  timeZone: string,
): Array<Array<string | number>> {
  return [
    [...REPLIES_CSV_HEADER],
    ...lines.map((l) => [
      l.classroom,
      l.name,
      l.answer === null ? WAITING_LABEL : l.label,
      kind === 'rsvp' && l.answer !== null ? (l.people ?? 0) : '',
      l.guardianName,
      l.pending ? 'Not yet sent' : sheetTime(l.repliedAt, timeZone),
      l.wording,
    ]),
  ];
}

/** "museum-trip-replies.csv". */
export function repliesFileName(title: string): string {
  return `${slugOf(title)}-replies.csv`;
}

// ---- a guardian's answer ------------------------------------------------------------------------

export interface FamilyAnswer {
  event: { id: string };
  request: ReplyRequest;
  student: NamedStudent;
  answer: ReplyAnswer;
  /** People going, the child included (an RSVP's "Going"). */
  people?: number;
  guardian: { memberUUID: string; name: string };
  /** The reply already given for this child, if any. */
  before: EventReplyRecord | null;
}

/**
 * What a guardian's answer writes: the whole reply the first time (the child's family and
 * classrooms copied from the student record, as the backend checks them), afterwards only what a
 * family may change. A consent keeps the exact sentence agreed to or refused.
 */
export function familyReplyRecord(input: FamilyAnswer): Record<string, unknown> & { id: string } {
  const { event, request, student, answer, guardian, before } = input;
  const name = studentName(student);
  const wording =
    request.kind === 'consent'
      ? answer === 'yes'
        ? consentWording(name, request.consentTo)
        : refusalWording(name, request.consentTo)
      : '';
  const people =
    request.kind === 'rsvp' ? { people: answer === 'yes' ? (input.people ?? 1) : 0 } : {};
  const change = {
    id: eventReplyId(event.id, student.id),
    answer,
    ...people,
    wording,
    guardianName: guardian.name,
    repliedBy: guardian.memberUUID,
  };
  if (before) return change;
  return {
    ...change,
    eventId: event.id,
    studentId: student.id,
    familyId: student.familyId,
    classroomIds: [...student.classroomIds],
    kind: request.kind,
    createdBy: guardian.memberUUID,
  };
}

// ---- the reminder ---------------------------------------------------------------------------------

export interface ReminderState {
  /** Families with a child still to answer. */
  families: number;
  /** Why the button is off, in a sentence; null when a reminder can go. */
  blocked: string | null;
  /** When the organiser last asked for a reminder, in campus time; '' never. */
  lastText: string;
}

export const REMINDER_MESSAGES = {
  closed: (closed: string) => `Replies closed on ${closed}, so no reminder can go out.`,
  nobody: 'Every child has an answer: there is nobody to remind.',
  today: (at: string) =>
    `A reminder went out today at ${at}. A family is reminded at most once a day, so the next one can go tomorrow.`,
} as const;

/**
 * Whether "Remind the ones who have not answered" can go now: replies open, someone waiting, and
 * no reminder yet today (the backend reminds a family at most once a day, by the campus's day).
 */
export function reminderState(
  event: Pick<ReplyEvent, 'replyReminderAt'>,
  request: ReplyRequest,
  lines: readonly Pick<ReplyLine, 'answer' | 'studentId'>[],
  families: ReadonlyMap<string, string>,
  { now, timeZone }: { now: Date; timeZone: string },
): ReminderState {
  const waiting = new Set(
    lines.filter((l) => l.answer === null).map((l) => families.get(l.studentId) ?? l.studentId),
  );
  const last = event.replyReminderAt ? new Date(event.replyReminderAt) : null;
  const lastValid = last && !Number.isNaN(last.getTime()) ? last : null;
  const lastText = lastValid ? formatDateTime(lastValid, timeZone) : '';
  let blocked: string | null = null;
  if (!repliesOpen(request, now.getTime())) {
    blocked = REMINDER_MESSAGES.closed(formatDateTime(new Date(request.deadline), timeZone));
  } else if (waiting.size === 0) blocked = REMINDER_MESSAGES.nobody;
  else if (lastValid && schoolDay(timeZone, lastValid) === schoolDay(timeZone, now)) {
    blocked = REMINDER_MESSAGES.today(formatTime(lastValid, timeZone));
  }
  return { families: waiting.size, blocked, lastText };
}

/** "Reminder sent to 3 families." */
export function reminderSentMessage(families: number): string {
  return `Reminder sent to ${families} ${families === 1 ? 'family' : 'families'}.`;
}

// ---- the homes ----------------------------------------------------------------------------------

/** One event a family still has to answer (the parent's "Needs your reply"). */
export interface NeededReply {
  eventId: string;
  title: string;
  kind: ReplyKind;
  /** The children of theirs still without an answer. */
  children: string[];
  deadline: number;
  /** "Fri 4 Dec 2026, 17:00" in the event's campus time. */
  closes: string;
  href: string;
}

/**
 * The events asking a reply that a family's children still need, replies open, soonest deadline
 * first.
 */
export function repliesNeeded<E extends ReplyEvent>(
  events: readonly E[],
  ownChildren: readonly NamedStudent[],
  replies: readonly EventReplyRecord[],
  { now, zoneOf }: { now: Date; zoneOf: (event: E) => string },
): NeededReply[] {
  const answered = new Set(replies.map((r) => eventReplyId(r.eventId, r.studentId)));
  return events
    .flatMap((event): NeededReply[] => {
      const request = replyRequestOf(event);
      if (!request || !repliesOpen(request, now.getTime())) return [];
      const waiting = childrenAsked(event, ownChildren).filter(
        (child) => !answered.has(eventReplyId(event.id, child.id)),
      );
      if (waiting.length === 0) return [];
      return [
        {
          eventId: event.id,
          title: event.title,
          kind: request.kind,
          children: waiting.map(studentName).sort((a, b) => a.localeCompare(b)),
          deadline: request.deadline,
          closes: formatDateTime(new Date(request.deadline), zoneOf(event)),
          href: eventDialogHref(event.id),
        },
      ];
    })
    .sort((a, b) => a.deadline - b.deadline || a.title.localeCompare(b.title));
}

/** One upcoming event's replies as the office's home counts them. */
export interface WaitingReplies {
  eventId: string;
  title: string;
  asked: number;
  replied: number;
  waiting: number;
  /** "Museum trip: 12 of 20 replied, 8 waiting". */
  text: string;
  /** "Replies close Fri 4 Dec 2026, 17:00" or "Replies closed Fri 4 Dec 2026, 17:00". */
  closes: string;
  href: string;
}

/** "Museum trip: 12 of 20 replied, 8 waiting". */
export function waitingText(title: string, replied: number, asked: number): string {
  return `${title}: ${replied} of ${asked} replied, ${asked - replied} waiting`;
}

/**
 * The events still to come that ask a reply (and that this person organises: `mayOpen`), with how
 * many children answered, soonest deadline first.
 */
export function repliesWaiting<E extends ReplyEvent>(
  events: readonly E[],
  students: readonly NamedStudent[],
  replies: readonly EventReplyRecord[],
  {
    now,
    zoneOf,
    mayOpen,
  }: { now: Date; zoneOf: (event: E) => string; mayOpen: (event: E) => boolean },
): WaitingReplies[] {
  return events
    .flatMap((event) => {
      const request = replyRequestOf(event);
      if (!request || Date.parse(event.end) <= now.getTime() || !mayOpen(event)) return [];
      const asked = childrenAsked(event, students);
      const counts = countReplies(asked, repliesOf(event.id, replies));
      const replied = counts.yes + counts.no;
      const when = formatDateTime(new Date(request.deadline), zoneOf(event));
      return [
        {
          eventId: event.id,
          title: event.title,
          asked: asked.length,
          replied,
          waiting: counts.waiting,
          text: waitingText(event.title, replied, asked.length),
          closes: repliesOpen(request, now.getTime())
            ? `Replies close ${when}`
            : `Replies closed ${when}`,
          href: repliesHref(event.id),
          deadline: request.deadline,
        },
      ];
    })
    .sort((a, b) => a.deadline - b.deadline || a.title.localeCompare(b.title))
    .map(({ deadline: _deadline, ...rest }) => rest);
}
