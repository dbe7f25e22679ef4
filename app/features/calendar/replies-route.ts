// Families' replies to an event (issue 32), for the screens that show and take them: the event
// dialog (a family answers for each of their children asked, until the deadline; the organiser
// sees the count and a link), the organiser's page /dash/calendar/:eventId/replies (counts, the
// list per classroom, the reminder, the CSV) and the home tiles. Reads come from the cache (each
// person's sync already holds only the replies they may read), writes go through the store, so an
// answer given offline reaches the school with the next sync. Before writing, the permission
// matrix is asked about the very record, as the backend will check it.
import { z } from 'zod';
import { requireArea } from '~/auth/guards';
import type { SessionUser } from '~/auth/session-user';
import { loadCollection, readRecord } from '~/data/route-data';
import { store } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { eventTimeZone } from '~/domain/calendar';
import { campusZone, now as clockNow } from '~/domain/clock';
import { formatDateTime } from '~/domain/format';
import { canWrite, type DocData } from '~/domain/permissions';
import {
  answerLabel,
  childrenAsked,
  consentWording,
  countReplies,
  eventReplyId,
  MAX_REPLY_PEOPLE,
  REPLY_KIND_LABELS,
  repliesOpen,
  replyRequestOf,
  type ReplyCounts,
  type ReplyKind,
} from '~/domain/replies';
import { settingsStore } from '~/settings/store';
import { parseForm } from '~/ui/form/parse-form';
import { notAllowed, notFound } from '~/ui/responses';
import { mayAnswerReplies, mayEditEvent, mayReadReplies } from './event-access';
import { eventRecordSchema, loadCalendarData, type CalendarData, type EventRecord } from './load';
import {
  answerView,
  countLines,
  countsText,
  eventReplyRecordSchema,
  familyReplyRecord,
  groupByClassroom,
  reminderSentMessage,
  reminderState,
  repliesFileName,
  repliesHref,
  repliesNeeded,
  repliesOf,
  repliesWaiting,
  replyLines,
  studentName,
  type AnswerView,
  type NeededReply,
  type ReminderState,
  type ReplyLine,
  type WaitingReplies,
} from './replies';
import type { ClientActionFunctionArgs, ClientLoaderFunctionArgs } from '@remix-run/react';

export const REPLY_MESSAGES = {
  notAsked: 'This event does not ask for a reply.',
  notYourChild: 'You can answer only for your own children that the event is for.',
  closed: (closes: string) => `Replies closed on ${closes}. Your answer was not saved.`,
  notSaved: 'Your answer could not be saved on this device. Try again.',
  reminderNotSaved: 'The reminder could not be saved on this device. Try again.',
  refused: 'You cannot do this for this event.',
} as const;

/** "Answer saved for Leo Whitfield: Consent given." (or saved on this device, offline). */
export function answerSavedMessage(name: string, label: string, online: boolean): string {
  return online
    ? `Answer saved for ${name}: ${label}.`
    : `Answer saved on this device for ${name}: ${label}. It will reach the school when you are back online.`;
}

async function loadReplies(user: SessionUser) {
  if (!mayReadReplies(user.roles)) return [];
  return loadCollection('eventReplies', { schema: eventReplyRecordSchema });
}

const zoneOf = (data: CalendarData) => (event: Pick<EventRecord, 'campusId' | 'classroomIds'>) =>
  eventTimeZone(event, data.campuses, data.classrooms);

// ---- the event dialog -----------------------------------------------------------------------------

/** One child of the family's in the dialog: the answer so far, and the consent sentence. */
export interface DialogChild {
  studentId: string;
  name: string;
  /** For consent: the sentence this child's guardian agrees to. */
  sentence: string;
  answer: AnswerView;
}

export interface DialogReplies {
  kind: ReplyKind;
  kindLabel: string;
  /** Replies are still taken. */
  open: boolean;
  /** "Fri 4 Dec 2026, 17:00", the deadline in the event's campus time. */
  closes: string;
  /** Epoch ms, so the dialog can close the answers when the deadline passes while it is open. */
  deadline: number;
  /** The person's own children the event asks about (a family's), with their answers. */
  children: DialogChild[];
  /** This person answers for their children (a guardian). */
  canAnswer: boolean;
  /** The organiser's summary and page; null for everyone else. */
  organiser: { href: string; text: string } | null;
}

/** The dialog's replies part, or null when the event asks none. */
export async function dialogReplies(
  event: EventRecord,
  data: CalendarData,
  { timeZone, canEdit }: { timeZone: string; canEdit: boolean },
): Promise<DialogReplies | null> {
  const request = replyRequestOf(event);
  if (!request) return null;
  const roles = data.principal.roles;
  const organises = canEdit && mayReadReplies(roles);
  const family = mayAnswerReplies(roles);
  const [replies, pending] = await Promise.all([
    organises || family
      ? loadCollection('eventReplies', { schema: eventReplyRecordSchema })
      : Promise.resolve([]),
    store.pendingIds('eventReplies'),
  ]);
  const byStudent = repliesOf(event.id, replies);
  const asked = childrenAsked(event, data.students);
  const own = new Set(data.principal.childIds);
  const children = family
    ? asked
        .filter((s) => own.has(s.id))
        .map((s) => {
          const reply = byStudent.get(s.id);
          const name = studentName(s);
          return {
            studentId: s.id,
            name,
            sentence: request.kind === 'consent' ? consentWording(name, request.consentTo) : '',
            answer: answerView(request.kind, reply, {
              timeZone,
              pending: reply ? pending.has(reply.id) : false,
            }),
          };
        })
        .sort((a, b) => a.name.localeCompare(b.name))
    : [];
  let organiser: DialogReplies['organiser'] = null;
  if (organises) {
    const counts = countReplies(asked, byStudent);
    organiser = {
      href: repliesHref(event.id),
      text: `${counts.yes + counts.no} of ${asked.length} replied, ${counts.waiting} waiting`,
    };
  }
  return {
    kind: request.kind,
    kindLabel: REPLY_KIND_LABELS[request.kind],
    open: repliesOpen(request, clockNow().getTime()),
    closes: formatDateTime(new Date(request.deadline), timeZone),
    deadline: request.deadline,
    children,
    canAnswer: family,
    organiser,
  };
}

// ---- the organiser's page -------------------------------------------------------------------------

export interface RepliesPageData {
  event: { id: string; title: string; when: string; editHref: string; calendarHref: string };
  /** The reply asked, or null when the event asks none (the page says so). */
  request: {
    kind: ReplyKind;
    kindLabel: string;
    consentTo: string;
    /** "I give consent for [child] to go on the museum trip." as families read it. */
    sentence: string;
    closes: string;
    open: boolean;
  } | null;
  timeZone: string;
  counts: ReplyCounts;
  countsText: string;
  groups: ReturnType<typeof groupByClassroom>;
  lines: ReplyLine[];
  reminder: ReminderState | null;
  fileName: string;
}

interface OpenedEvent {
  user: SessionUser;
  data: CalendarData;
  event: EventRecord;
  timeZone: string;
}

/** The event the URL names, for someone who may organise it (404 when missing, 403 otherwise). */
async function openOrganisedEvent(request: Request, eventId: string): Promise<OpenedEvent> {
  const user = await requireArea(request, 'calendar');
  if (!mayReadReplies(user.roles)) throw notAllowed();
  const data = await loadCalendarData(user);
  const event =
    data.events.find((e) => e.id === eventId) ??
    (await readRecord('events', eventId, eventRecordSchema, { refreshIfDue: false }));
  if (!event) throw notFound(request);
  if (!mayEditEvent(data.principal, event, data.today)) {
    throw notAllowed('Only the office and the organisers of this event see its replies.');
  }
  return { user, data, event, timeZone: zoneOf(data)(event) };
}

function familiesOf(data: CalendarData): Map<string, string> {
  return new Map(data.students.map((s) => [s.id, s.familyId]));
}

export async function loadRepliesPage(request: Request, eventId: string): Promise<RepliesPageData> {
  const { user, data, event, timeZone } = await openOrganisedEvent(request, eventId);
  const [replies, pending] = await Promise.all([
    loadReplies(user),
    store.pendingIds('eventReplies'),
  ]);
  const asked = replyRequestOf(event);
  const names = new Map(data.classrooms.map((c) => [c.id, c.name]));
  const lines = asked
    ? replyLines(
        event,
        asked.kind,
        childrenAsked(event, data.students),
        repliesOf(event.id, replies),
        {
          classroomNames: names,
          timeZone,
          pendingIds: pending,
        },
      )
    : [];
  const counts = countLines(lines);
  const id = encodeURIComponent(event.id);
  return {
    event: {
      id: event.id,
      title: event.title,
      when: formatDateTime(new Date(event.start), timeZone),
      editHref: `/dash/calendar/${id}/edit`,
      calendarHref: `/dash/calendar?event=${id}`,
    },
    request: asked
      ? {
          kind: asked.kind,
          kindLabel: REPLY_KIND_LABELS[asked.kind],
          consentTo: asked.consentTo,
          sentence:
            asked.kind === 'consent' ? consentWording('[child’s name]', asked.consentTo) : '',
          closes: formatDateTime(new Date(asked.deadline), timeZone),
          open: repliesOpen(asked, clockNow().getTime()),
        }
      : null,
    timeZone,
    counts,
    countsText: asked ? countsText(asked.kind, counts) : '',
    groups: groupByClassroom(lines),
    lines,
    reminder: asked
      ? reminderState(event, asked, lines, familiesOf(data), {
          now: clockNow(),
          timeZone: campusZone(event.campusId, data.campuses),
        })
      : null,
    fileName: repliesFileName(event.title),
  };
}

// ---- the actions: a family's answer, the organiser's reminder -----------------------------------

export const ANSWER_INTENT = 'answer';
export const REMIND_INTENT = 'remind';

const intentSchema = z.object({
  intent: z.enum([ANSWER_INTENT, REMIND_INTENT]).catch(ANSWER_INTENT),
});

const answerFormSchema = z.object({
  studentId: z.string().trim().min(1, REPLY_MESSAGES.notYourChild),
  answer: z.enum(['yes', 'no'], { errorMap: () => ({ message: 'Choose an answer.' }) }),
  people: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? ''),
});

export type RepliesActionResult =
  | { ok: true; intent: 'answer'; studentId: string }
  | { ok: true; intent: 'remind'; families: number }
  | {
      ok: false;
      intent: 'answer' | 'remind';
      studentId?: string;
      field?: 'people';
      message: string;
    };

/** The people field's message: "Enter how many people are going, from 1 to 10." */
export const PEOPLE_MESSAGE = `Enter how many people are going, your child included, from 1 to ${MAX_REPLY_PEOPLE}.`;

/** The action of /dash/calendar/:eventId/replies: a family's answer, or the organiser's reminder. */
export async function repliesAction(
  request: Request,
  eventId: string,
): Promise<RepliesActionResult> {
  const formData = await request.formData();
  const { intent } = intentSchema.parse({ intent: formData.get('intent') ?? undefined });
  return intent === REMIND_INTENT
    ? sendReminder(request, eventId)
    : saveAnswer(request, eventId, formData);
}

async function saveAnswer(
  request: Request,
  eventId: string,
  formData: FormData,
): Promise<RepliesActionResult> {
  const user = await requireArea(request, 'calendar');
  if (!mayAnswerReplies(user.roles)) throw notAllowed();
  const parsed = parseForm(answerFormSchema, formData);
  const studentId = String(formData.get('studentId') ?? '');
  const fail = (message: string, field?: 'people'): RepliesActionResult => ({
    ok: false,
    intent: ANSWER_INTENT,
    studentId,
    message,
    ...(field ? { field } : {}),
  });
  if (!parsed.ok) return fail(Object.values(parsed.fieldErrors)[0] ?? 'Choose an answer.');
  const { answer } = parsed.data;
  const data = await loadCalendarData(user);
  const event =
    data.events.find((e) => e.id === eventId) ??
    (await readRecord('events', eventId, eventRecordSchema, { refreshIfDue: false }));
  const asked = event ? replyRequestOf(event) : null;
  if (!event || !asked) return fail(REPLY_MESSAGES.notAsked);
  const timeZone = zoneOf(data)(event);
  const at = clockNow();
  if (!repliesOpen(asked, at.getTime())) {
    return fail(REPLY_MESSAGES.closed(formatDateTime(new Date(asked.deadline), timeZone)));
  }
  const student = data.students.find((s) => s.id === studentId);
  if (
    !student ||
    !data.principal.childIds.includes(student.id) ||
    childrenAsked(event, [student]).length === 0
  ) {
    return fail(REPLY_MESSAGES.notYourChild);
  }
  let people: number | undefined;
  if (asked.kind === 'rsvp' && answer === 'yes') {
    const typed = parsed.data.people;
    people = /^\d+$/.test(typed) ? Number(typed) : NaN;
    if (!(people >= 1 && people <= MAX_REPLY_PEOPLE)) return fail(PEOPLE_MESSAGE, 'people');
  }
  const id = eventReplyId(event.id, student.id);
  const stored = eventReplyRecordSchema.safeParse(await store.get('eventReplies', id));
  const before = stored.success ? stored.data : null;
  const guardianName = user.member?.displayName ?? user.displayName ?? '';
  const record = familyReplyRecord({
    event,
    request: asked,
    student,
    answer,
    people,
    guardian: { memberUUID: user.memberUUID, name: guardianName },
    before,
  });
  // The backend's own check, asked first: the child, the family, the kind, the deadline, the name.
  const lookups: Record<string, DocData> = {
    [`students/${student.id}`]: student,
    [`events/${event.id}`]: event,
    [`Members/${user.uid}`]: { displayName: guardianName },
  };
  const allowed = canWrite(
    data.principal,
    'eventReplies',
    { ref: { path: `eventReplies/${id}`, id }, before, after: { ...before, ...record } },
    // No request time: the backend stamps the writer and its own time, and checks the deadline
    // against it; here the matrix reads the deadline against the one clock.
    { get: (path) => lookups[path] ?? null, list: () => [], today: data.today },
  );
  if (!allowed) return fail(REPLY_MESSAGES.notYourChild);
  if (!(await store.save('eventReplies', record))) {
    settingsStore.setError(REPLY_MESSAGES.notSaved);
    return fail(REPLY_MESSAGES.notSaved);
  }
  settingsStore.notify(
    answerSavedMessage(
      studentName(student),
      answerLabel(asked.kind, answer),
      syncEngine.connectivity.isOnline(),
    ),
    'success',
  );
  return { ok: true, intent: ANSWER_INTENT, studentId };
}

async function sendReminder(request: Request, eventId: string): Promise<RepliesActionResult> {
  const { user, data, event, timeZone } = await openOrganisedEvent(request, eventId);
  const fail = (message: string): RepliesActionResult => ({
    ok: false,
    intent: REMIND_INTENT,
    message,
  });
  const asked = replyRequestOf(event);
  if (!asked) return fail(REPLY_MESSAGES.notAsked);
  const replies = await loadReplies(user);
  const lines = replyLines(
    event,
    asked.kind,
    childrenAsked(event, data.students),
    repliesOf(event.id, replies),
    { classroomNames: new Map(), timeZone },
  );
  const at = clockNow();
  const state = reminderState(event, asked, lines, familiesOf(data), {
    now: at,
    timeZone: campusZone(event.campusId, data.campuses),
  });
  if (state.blocked) return fail(state.blocked);
  const patch = { id: event.id, replyReminderAt: at.toISOString() };
  const allowed = canWrite(
    data.principal,
    'events',
    {
      ref: { path: `events/${event.id}`, id: event.id },
      before: event,
      after: { ...event, ...patch },
    },
    { get: () => null, list: () => [], today: data.today },
  );
  if (!allowed) return fail(REPLY_MESSAGES.refused);
  if (!(await store.save('events', patch))) {
    settingsStore.setError(REPLY_MESSAGES.reminderNotSaved);
    return fail(REPLY_MESSAGES.reminderNotSaved);
  }
  settingsStore.notify(
    syncEngine.connectivity.isOnline()
      ? reminderSentMessage(state.families)
      : `Reminder saved on this device. It goes to ${state.families} ${state.families === 1 ? 'family' : 'families'} when you are back online.`,
    'success',
  );
  return { ok: true, intent: REMIND_INTENT, families: state.families };
}

// ---- the homes ----------------------------------------------------------------------------------

/** A family's "Needs your reply": events their children still need an answer for. */
export async function loadRepliesNeeded(user: SessionUser): Promise<NeededReply[]> {
  if (!mayAnswerReplies(user.roles)) return [];
  const [data, replies] = await Promise.all([loadCalendarData(user), loadReplies(user)]);
  const own = new Set(data.principal.childIds);
  return repliesNeeded(
    data.events,
    data.students.filter((s) => own.has(s.id)),
    replies,
    { now: clockNow(), zoneOf: zoneOf(data) },
  );
}

/** The organiser's "Replies waiting": upcoming events they organise that ask a reply. */
export async function loadRepliesWaiting(user: SessionUser): Promise<WaitingReplies[]> {
  if (!mayReadReplies(user.roles)) return [];
  const [data, replies] = await Promise.all([loadCalendarData(user), loadReplies(user)]);
  return repliesWaiting(data.events, data.students, replies, {
    now: clockNow(),
    zoneOf: zoneOf(data),
    mayOpen: (event) => mayEditEvent(data.principal, event, data.today),
  });
}

// ---- the route --------------------------------------------------------------------------------

/** The clientLoader of /dash/calendar/:eventId/replies. */
export async function eventRepliesLoader({ request, params }: ClientLoaderFunctionArgs) {
  return loadRepliesPage(request, params.eventId ?? '');
}

/** The clientAction of /dash/calendar/:eventId/replies (a family's answer, the reminder). */
export async function eventRepliesAction({ request, params }: ClientActionFunctionArgs) {
  return repliesAction(request, params.eventId ?? '');
}
