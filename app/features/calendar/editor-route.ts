// What the event editor routes (/dash/calendar/new, /dash/calendar/:id/edit) load and save. Every
// read goes through the cache (so the editor opens offline) and every write through the store (so
// a save offline is queued and syncs later). Who may write is checked with the permission matrix on
// the very records about to be written, before and after, as the backend will check them.
// A series changed for one date writes two documents (the override and the series' exdates): they
// go in one store.batch, so the backend gets both or neither.
import {
  redirect,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
} from '@remix-run/react';
import { z } from 'zod';
import { requireArea } from '~/auth/guards';
import type { SessionUser } from '~/auth/session-user';
import { freshestRecord, memberName } from '~/data/record-edits';
import { loadCollection, readRecord } from '~/data/route-data';
import { store, type BatchOperation } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { audienceKeysOf } from '~/domain/audience';
import { eventTimeZone, localDate } from '~/domain/calendar';
import { campusZone, FALLBACK_TIME_ZONE, latestSchoolDay, schoolDay } from '~/domain/clock';
import {
  changeAllOccurrences,
  changeThisOccurrence,
  deleteAllOccurrences,
  deleteThisOccurrence,
  type EventRecord,
  type SeriesWrite,
} from '~/domain/event-series';
import { formatDateTime } from '~/domain/format';
import {
  canWrite,
  collectionAccess,
  principalFromLists,
  type DocData,
  type Principal,
} from '~/domain/permissions';
import { campusSchema, classroomSchema, eventSchema, facilitatorSchema } from '~/domain/records';
import { REPLY_KIND_LABELS, replyRequestOf } from '~/domain/replies';
import { isStaff } from '~/domain/roles';
import { settingsStore } from '~/settings/store';
import { checkEdit, openedForm, pickEditable } from '~/ui/form/edit-conflicts';
import { isCalendarDate } from '~/ui/form/fields';
import { formFailure, formValues, type FormFailure, type FormValues } from '~/ui/form/parse-form';
import { notAllowed, notFound } from '~/ui/responses';
import {
  EVENT_MESSAGES,
  eventFormDefaults,
  parseEventForm,
  type EventFormContext,
} from './event-form';

const eventRecordSchema = eventSchema.extend({ id: z.string() });
const campusRecordSchema = campusSchema.extend({ id: z.string() });
const classroomRecordSchema = classroomSchema.extend({ id: z.string() });
const facilitatorRecordSchema = facilitatorSchema.extend({ id: z.string() });

/** Which occurrences an edit or delete applies to. */
export type EditScope = 'single' | 'this' | 'all';

export const SAVE_MESSAGES = {
  online: 'Event saved.',
  offline: 'Event saved on this device. It will sync when you are back online.',
  deleted: 'Event deleted.',
  deletedOffline: 'Event deleted on this device. It will sync when you are back online.',
  failed: 'The event could not be saved on this device. Try again.',
} as const;

interface EditorData {
  user: SessionUser;
  principal: Principal;
  campuses: Array<{ id: string; name: string; timezone: string }>;
  classrooms: Array<{ id: string; name: string; campusId: string }>;
  events: EventRecord[];
}

/** Opens an editor: the calendar area, and write access to events for at least one role (403). */
async function requireEventWriter(request: Request): Promise<SessionUser> {
  const user = await requireArea(request, 'calendar');
  if (collectionAccess(user.roles, 'events') !== 'write') throw notAllowed();
  return user;
}

async function loadEditorData(user: SessionUser): Promise<EditorData> {
  const [campuses, classrooms, facilitators, events] = await Promise.all([
    loadCollection('campuses', { schema: campusRecordSchema, sort: { field: 'name' } }),
    loadCollection('classrooms', { schema: classroomRecordSchema, sort: { field: 'name' } }),
    loadCollection('facilitators', { schema: facilitatorRecordSchema }),
    loadCollection('events', { schema: eventRecordSchema }),
  ]);
  // The classrooms a facilitator teaches come from these two lists, as the backend resolves them.
  const principal = principalFromLists(
    { uid: user.uid, email: user.email, roles: user.roles, memberUUID: user.memberUUID },
    { classrooms, facilitators },
    user.member,
    latestSchoolDay(campuses),
  );
  return {
    user,
    principal,
    campuses: campuses.map((c) => ({ id: c.id, name: c.name, timezone: c.timezone })),
    classrooms: classrooms.map((c) => ({ id: c.id, name: c.name, campusId: c.campusId })),
    events,
  };
}

/** The matrix's lookups for an event write (none needed); "today" is read when asked, not at load. */
const noLookups = () => ({ get: () => null, list: () => [], today: schoolDay(FALLBACK_TIME_ZONE) });

function mayWrite(principal: Principal, id: string, before: DocData | null, after: DocData | null) {
  return canWrite(
    principal,
    'events',
    { ref: { path: `events/${id}`, id }, before, after },
    noLookups(),
  );
}

/** May this person change this event (the editor's own check; the calendar's Edit/Delete use it too)? */
export function mayWriteEvent(principal: Principal, event: EventRecord): boolean {
  return mayWrite(principal, event.id, event, event);
}

/** The classrooms the form offers: all for staff, a facilitator's own for a facilitator. */
function classroomChoices(data: EditorData) {
  const staff = isStaff(data.principal.roles);
  const campusNames = new Map(data.campuses.map((c) => [c.id, c.name]));
  return data.classrooms
    .filter((c) => staff || data.principal.classroomIds.includes(c.id))
    .map((c) => ({ ...c, campusName: campusNames.get(c.campusId) ?? '' }));
}

function formContext(data: EditorData, extra: Partial<EventFormContext> = {}): EventFormContext {
  return {
    roles: data.principal.roles,
    taughtClassroomIds: data.principal.classroomIds,
    campuses: data.campuses,
    classrooms: data.classrooms,
    ...extra,
  };
}

const zoneOf = (data: EditorData, event: Pick<EventRecord, 'campusId' | 'classroomIds'>) =>
  eventTimeZone(event, data.campuses, data.classrooms);

/** The page data both editors share. */
function editorView(data: EditorData) {
  const staff = isStaff(data.principal.roles);
  const choices = classroomChoices(data);
  const campusIds = new Set(choices.map((c) => c.campusId));
  return {
    staff,
    campuses: data.campuses.filter((c) => staff || campusIds.has(c.id)),
    classrooms: choices,
  };
}

// ---- both URLs ------------------------------------------------------------------------------

/**
 * The loader of /dash/calendar/new and /dash/calendar/:eventId/edit, one page (decision 058): with
 * an `eventId` the event's editor, without one a new event.
 */
export async function eventEditorLoader({ request, params }: ClientLoaderFunctionArgs) {
  return params.eventId ? loadEditEvent(request, params.eventId) : loadNewEvent(request);
}

export async function eventEditorAction({ request, params }: ClientActionFunctionArgs) {
  return params.eventId ? saveEditedEvent(request, params.eventId) : saveNewEvent(request);
}

// ---- new ------------------------------------------------------------------------------------

export async function loadNewEvent(request: Request) {
  const user = await requireEventWriter(request);
  const data = await loadEditorData(user);
  const view = editorView(data);
  const param = new URL(request.url).searchParams.get('date')?.trim() ?? '';
  // A facilitator starts on their first classroom (an event of theirs must name one).
  const first = view.staff ? undefined : view.classrooms[0];
  // The default day is today at the campus the event starts on (the school's first for staff).
  const date = isCalendarDate(param)
    ? param
    : schoolDay(campusZone(first?.campusId, data.campuses));
  return {
    ...view,
    defaults: {
      startDate: date,
      startTime: '09:00',
      endDate: date,
      endTime: '10:00',
      campusId: first?.campusId ?? '',
      classroomIds: first ? [first.id] : [],
      repeats: 'none',
      interval: '2',
    },
  };
}

export async function saveNewEvent(request: Request) {
  const user = await requireEventWriter(request);
  const [formData, data] = await Promise.all([request.formData(), loadEditorData(user)]);
  const parsed = parseEventForm(formData, formContext(data));
  if (!parsed.ok) return parsed;
  const record = {
    ...parsed.fields,
    id: `evt-${crypto.randomUUID()}`,
    exdates: [],
    createdBy: user.memberUUID,
  };
  if (!mayWrite(data.principal, record.id, null, record)) {
    return refused(formValues(formData), EVENT_MESSAGES.notAllowed);
  }
  if (!(await store.save('events', record)))
    return refused(formValues(formData), SAVE_MESSAGES.failed);
  return savedRedirect(record.id, localDate(new Date(record.start), zoneOf(data, record)));
}

// ---- edit -----------------------------------------------------------------------------------

interface EditTarget {
  data: EditorData;
  /** The document the URL names. */
  event: EventRecord;
  /** Its series: itself for a series, the series of an override, null for a single event. */
  series: EventRecord | null;
  /** The occurrence the person opened (campus-local date). */
  occurrenceDate: string;
  /** Null until the person has chosen "this" or "all" for an event that is part of a series. */
  scope: EditScope | null;
}

async function openEvent(request: Request, id: string | undefined): Promise<EditTarget> {
  const user = await requireEventWriter(request);
  const data = await loadEditorData(user);
  const event =
    data.events.find((e) => e.id === id) ??
    (id ? await readRecord('events', id, eventRecordSchema) : null);
  if (!event) throw notFound(request);
  if (!mayWriteEvent(data.principal, event)) throw notAllowed('You cannot change this event.');
  const params = new URL(request.url).searchParams;
  const series = event.recurrence
    ? event
    : event.seriesId
      ? (data.events.find((e) => e.id === event.seriesId) ?? null)
      : null;
  const own = localDate(new Date(event.start), zoneOf(data, event));
  const on = params.get('on')?.trim() ?? '';
  const occurrenceDate = event.occurrenceDate ?? (isCalendarDate(on) ? on : own);
  const asked = params.get('scope');
  const scope: EditScope | null = !series
    ? 'single'
    : asked === 'this' || asked === 'all'
      ? asked
      : null;
  return { data, event, series, occurrenceDate, scope };
}

/** The event the form edits for a scope: the series for "all", else the document itself. */
function formSubject(target: EditTarget): EventRecord {
  return target.scope === 'all' && target.series ? target.series : target.event;
}

/**
 * The fields a single event's edit compares and patches (decision 052). `audienceKeys` is derived
 * from three of them and written with them; a series' edits still write the series whole.
 */
const EVENT_EDIT_FIELDS = [
  'title',
  'description',
  'start',
  'end',
  'allDay',
  'location',
  'campusId',
  'classroomIds',
  'audience',
  'recurrence',
  'reply',
] as const;

/** What the editor of a single event opened with; null for an edit of a series. */
function openedEvent(target: EditTarget, subject: EventRecord) {
  return target.scope === 'single'
    ? openedForm(subject, pickEditable(subject, EVENT_EDIT_FIELDS))
    : null;
}

/**
 * A single event's patch: the fields changed since the form opened, checked against the freshest
 * copy (a conflict stops the save), with the audience keys derived again when the audience moved.
 */
async function singleEventPatch(
  subject: EventRecord,
  values: FormValues,
  fields: DocData,
  timeZone: string,
) {
  const fresh = eventRecordSchema.safeParse(await freshestRecord('events', subject.id));
  const current = fresh.success ? fresh.data : subject;
  const edit = await checkEdit({
    values,
    fields: EVENT_EDIT_FIELDS,
    submitted: fields,
    current,
    by: () => memberName(current.updatedBy),
    labels: EVENT_FIELD_LABELS,
    describe: (field, value) => (field === 'reply' ? describeReply(value, timeZone) : undefined),
  });
  if (!edit.ok) return edit;
  const patch = edit.patch;
  if (['campusId', 'classroomIds', 'audience'].some((field) => field in patch)) {
    const merged = eventRecordSchema.safeParse({ ...current, ...patch });
    if (merged.success) patch.audienceKeys = audienceKeysOf(merged.data);
  }
  return { ok: true as const, patch };
}

const EVENT_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  start: 'Start',
  end: 'End',
  allDay: 'All day',
  location: 'Location',
  campusId: 'Campus',
  classroomIds: 'Classrooms',
  audience: 'Audience',
  recurrence: 'Repeats',
  reply: 'Ask families for a reply',
};

/** A reply request in the conflict panel: "Consent, until Fri 4 Dec 2026, 17:00". */
function describeReply(value: unknown, timeZone: string): string {
  const request = replyRequestOf({ reply: value });
  if (!request) return 'No reply';
  const until = formatDateTime(new Date(request.deadline), timeZone);
  const what = request.kind === 'consent' ? ` (to ${request.consentTo})` : '';
  return `${REPLY_KIND_LABELS[request.kind]}${what}, until ${until}`;
}

export async function loadEditEvent(request: Request, id: string | undefined) {
  const target = await openEvent(request, id);
  const { data, event, occurrenceDate, scope } = target;
  const subject = formSubject(target);
  // A series shows the opened occurrence's date; an override and a single event their own.
  const showOn = subject.recurrence ? occurrenceDate : undefined;
  return {
    ...editorView(data),
    event: { id: event.id, title: event.title },
    occurrenceDate,
    scope,
    partOfSeries: target.series !== null,
    /** The kind of reply the event asks already: it stays (families may have answered). */
    replyKind: replyRequestOf(subject)?.kind ?? null,
    defaults: eventFormDefaults(subject, zoneOf(data, subject), showOn),
    opened: openedEvent(target, subject),
  };
}

export async function saveEditedEvent(request: Request, id: string | undefined) {
  const target = await openEvent(request, id);
  const formData = await request.formData();
  if (formData.get('intent') === 'delete') return deleteEvent(target, formData);
  const { data, event, series, occurrenceDate } = target;
  const scope = target.scope ?? 'all';
  const values = formValues(formData);
  const subject = formSubject({ ...target, scope });
  const single = scope === 'this';
  const parsed = parseEventForm(
    formData,
    formContext(data, {
      single,
      hadCampus: subject.campusId !== undefined,
      reply: replyRequestOf(subject),
    }),
  );
  if (!parsed.ok) return parsed;
  const { fields } = parsed;
  let write: SeriesWrite;
  let shownId = subject.id;
  if (scope === 'this' && event.recurrence) {
    shownId = `evt-${crypto.randomUUID()}`;
    write = changeThisOccurrence(event, occurrenceDate, fields, {
      overrideId: shownId,
      by: data.user.memberUUID,
    });
  } else if (scope === 'all' && series) {
    // "Does not repeat" for a whole series ends it after its first date: a save merges fields
    // and cannot remove the series' recurrence.
    const ended = {
      ...fields,
      recurrence: fields.recurrence ?? {
        freq: 'weekly' as const,
        interval: 1,
        until: localDate(new Date(fields.start), zoneOf(data, fields)),
      },
    };
    write = {
      saves: [
        changeAllOccurrences(series, ended, {
          occurrenceDate,
          timeZone: zoneOf(data, ended),
        }),
      ],
      deletes: [],
    };
  } else {
    // A single event: only what the person changed is written (decision 052).
    const edit = await singleEventPatch(subject, values, fields, zoneOf(data, subject));
    if (!edit.ok) return edit;
    if (Object.keys(edit.patch).length === 0) {
      return savedRedirect(subject.id, localDate(new Date(subject.start), zoneOf(data, subject)));
    }
    write = { saves: [{ ...edit.patch, id: subject.id }], deletes: [] };
  }
  const result = await applyWrite(data, write);
  if (result !== 'ok') return refused(values, result);
  const saved = write.saves.find((s) => s.id === shownId);
  const start = typeof saved?.start === 'string' ? saved.start : fields.start;
  return savedRedirect(shownId, localDate(new Date(start), zoneOf(data, fields)));
}

async function deleteEvent(target: EditTarget, formData: FormData) {
  const { data, event, series } = target;
  const asked = formData.get('scope');
  const on = String(formData.get('on') ?? '');
  const occurrenceDate = event.occurrenceDate ?? (isCalendarDate(on) ? on : target.occurrenceDate);
  const write =
    asked === 'all' && series
      ? deleteAllOccurrences(series, data.events)
      : deleteThisOccurrence(event, occurrenceDate, series === event ? null : series);
  const result = await applyWrite(data, write);
  if (result !== 'ok') {
    settingsStore.setError(result);
    return formFailure({}, { _form: result });
  }
  settingsStore.notify(
    syncEngine.connectivity.isOnline() ? SAVE_MESSAGES.deleted : SAVE_MESSAGES.deletedOffline,
    'success',
  );
  throw redirect(`/dash/calendar?date=${occurrenceDate}`);
}

/** Checks every document of a write against the matrix, then writes them together. */
async function applyWrite(data: EditorData, write: SeriesWrite): Promise<'ok' | string> {
  const byId = new Map(data.events.map((e) => [e.id, e]));
  for (const save of write.saves) {
    const before = byId.get(save.id) ?? null;
    if (!mayWrite(data.principal, save.id, before, { ...before, ...save })) {
      return EVENT_MESSAGES.notAllowed;
    }
  }
  for (const id of write.deletes) {
    if (!mayWrite(data.principal, id, byId.get(id) ?? null, null)) return EVENT_MESSAGES.notAllowed;
  }
  const operations: BatchOperation[] = [
    ...write.saves.map((item): BatchOperation => ({ type: 'save', collection: 'events', item })),
    // An event this device does not hold (an override no one synced here yet) cannot be deleted here.
    ...write.deletes
      .filter((id) => byId.has(id))
      .map((id): BatchOperation => ({ type: 'delete', collection: 'events', id })),
  ];
  const applied =
    operations.length === 1 && operations[0]?.type === 'save'
      ? (await store.save('events', operations[0].item))
        ? 1
        : 0
      : await store.batch(operations);
  return applied === operations.length ? 'ok' : SAVE_MESSAGES.failed;
}

function refused(values: Record<string, string | string[]>, message: string): FormFailure {
  settingsStore.setError(message);
  return formFailure(values, { _form: message });
}

function savedRedirect(id: string, date: string): never {
  settingsStore.notify(
    syncEngine.connectivity.isOnline() ? SAVE_MESSAGES.online : SAVE_MESSAGES.offline,
    'success',
  );
  throw redirect(`/dash/calendar?date=${date}&event=${encodeURIComponent(id)}`);
}
