// What the office's pipeline board (/dash/parent-inquiries for staff) loads and saves. Every read
// goes through the cache service (loadCollection), so the board opens offline; every change (a
// move, an assignment, a note) is one store.save of the domain's patch, so it queues offline and
// syncs later, and the history only grows.
import { z } from 'zod';
import type { SessionUser } from '~/auth/session-user';
import { loadCollection } from '~/data/route-data';
import { store } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { campusZone, now, schoolDay } from '~/domain/clock';
import {
  assignPatch,
  INQUIRY_STATUSES,
  movePatch,
  notePatch,
  type InquiryPatch,
} from '~/domain/inquiries';
import { campusSchema, memberSchema, parentInquirySchema } from '~/domain/records';
import { settingsStore } from '~/settings/store';
import { requiredChoice } from '~/ui/form/fields';
import { formFailure, parseForm, type FormFailure } from '~/ui/form/parse-form';
import { managesInquiries } from '../office';
import {
  moveMessage,
  parseBoardQuery,
  statusLabel,
  type BoardClocks,
  type BoardQuery,
  type InquiryRecord,
} from './board';

const inquiryRecordSchema = parentInquirySchema.extend({ id: z.string() });
const campusRecordSchema = campusSchema
  .pick({ name: true, timezone: true })
  .extend({ id: z.string() });
const memberRecordSchema = memberSchema
  .pick({ displayName: true, email: true, roles: true, status: true })
  .extend({ id: z.string() });

export interface NamedItem {
  id: string;
  name: string;
}

export interface BoardData {
  /** Every inquiry in the cache; the component filters by `query`. */
  inquiries: InquiryRecord[];
  campuses: NamedItem[];
  /** Active members who work the pipeline (may be assigned), by name. */
  assignees: NamedItem[];
  /** memberUUID → display name, for the history and the cards. */
  memberNames: Map<string, string>;
  /** Inquiries with changes the backend has not accepted yet. */
  pendingIds: Set<string>;
  me: string;
  /** Each campus's school day and zone, by which the inquiries' ages are counted. */
  clocks: BoardClocks;
  query: BoardQuery;
  /** The inquiry `?inquiry=` names, or null (with `missing` when the id names none). */
  opened: InquiryRecord | null;
  missing: boolean;
}

const byName = (a: NamedItem, b: NamedItem) => a.name.localeCompare(b.name);

/** Each campus's clock now, and the school's (its first campus's) for inquiries without one. */
function boardClocks(campuses: ReadonlyArray<{ id: string; timezone: string }>): BoardClocks {
  const at = now();
  const clockOf = (timeZone: string) => ({ today: schoolDay(timeZone, at), timeZone });
  const byCampus = new Map(campuses.map((c) => [c.id, clockOf(campusZone(c.id, campuses))]));
  return { byCampus, school: clockOf(campusZone(undefined, campuses)) };
}

export async function boardLoader(user: SessionUser, request: Request): Promise<BoardData> {
  const query = parseBoardQuery(new URL(request.url).searchParams);
  const [inquiries, campuses, members, pendingIds] = await Promise.all([
    loadCollection('parentInquiries', { schema: inquiryRecordSchema }),
    loadCollection('campuses', { schema: campusRecordSchema }),
    loadCollection('members', { schema: memberRecordSchema }),
    store.pendingIds('parentInquiries'),
  ]);
  const memberNames = new Map<string, string>();
  for (const m of members) memberNames.set(m.id, m.displayName || m.email || m.id);
  if (user.displayName) memberNames.set(user.memberUUID, user.displayName);
  const assignees = members
    .filter((m) => m.status === 'active' && managesInquiries(m.roles))
    .map((m) => ({ id: m.id, name: memberNames.get(m.id) ?? m.id }));
  if (!assignees.some((a) => a.id === user.memberUUID)) {
    assignees.push({ id: user.memberUUID, name: memberNames.get(user.memberUUID) ?? 'Me' });
  }
  const opened = query.inquiry ? (inquiries.find((i) => i.id === query.inquiry) ?? null) : null;
  return {
    inquiries,
    campuses: campuses.map((c) => ({ id: c.id, name: c.name })).sort(byName),
    assignees: assignees.sort(byName),
    memberNames,
    pendingIds,
    me: user.memberUUID,
    // The one clock: an inquiry's age is counted in its campus's school days, not UTC dates.
    clocks: boardClocks(campuses),
    query,
    opened,
    missing: Boolean(query.inquiry) && opened === null,
  };
}

// ---- The action: move, assign, note -----------------------------------------------------------

const NOT_AVAILABLE = 'This inquiry is not available.';
const EMPTY_NOTE = 'Write the note before adding it.';

const actionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('move'),
    id: requiredChoice(NOT_AVAILABLE),
    to: z.enum(INQUIRY_STATUSES, {
      errorMap: () => ({ message: 'Choose the status to move it to.' }),
    }),
  }),
  z.object({
    intent: z.literal('assign'),
    id: requiredChoice(NOT_AVAILABLE),
    // '' unassigns.
    assignee: z.string().trim().default(''),
  }),
  z.object({
    intent: z.literal('note'),
    id: requiredChoice(NOT_AVAILABLE),
    note: z.string().trim().max(2000, 'Use at most 2000 characters.').default(''),
  }),
]);

export type BoardActionResult =
  | FormFailure
  | {
      ok: true;
      intent: 'move' | 'assign' | 'note';
      id: string;
      to?: string;
      /** What happened, in words: the detail dialog says it (the page's toast sits behind it). */
      message: string;
    };

function saved(message: string): string {
  return syncEngine.connectivity.isOnline()
    ? `${message}.`
    : `${message} on this device. It will sync when you are back online.`;
}

async function write(id: string, patch: InquiryPatch): Promise<boolean> {
  const result = await store.save('parentInquiries', { id, ...patch });
  if (result === null) settingsStore.notify('The change could not be saved. Try again.', 'error');
  return result !== null;
}

export async function boardAction(user: SessionUser, request: Request): Promise<BoardActionResult> {
  const parsed = parseForm(actionSchema, await request.formData());
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0];
    if (message && !parsed.fieldErrors.note) settingsStore.notify(message, 'error');
    return parsed;
  }
  const { data, values } = parsed;
  const inquiries = await loadCollection('parentInquiries', { schema: inquiryRecordSchema });
  const inquiry = inquiries.find((i) => i.id === data.id);
  if (!inquiry) {
    settingsStore.notify(NOT_AVAILABLE, 'error');
    return formFailure(values, { _form: NOT_AVAILABLE });
  }
  const by = user.memberUUID;
  const at = new Date().toISOString();
  const offline = !syncEngine.connectivity.isOnline();

  if (data.intent === 'move') {
    const patch = movePatch(inquiry, { to: data.to, by, at });
    if (!patch) {
      const message = `This inquiry cannot move from ${statusLabel(inquiry.status)} to ${statusLabel(data.to)}. Reopen it first.`;
      settingsStore.notify(message, 'error');
      return formFailure(values, { to: message });
    }
    if (!(await write(inquiry.id, patch))) return formFailure(values, { _form: 'Not saved.' });
    const message = moveMessage(inquiry, data.to, offline);
    settingsStore.notify(message, 'success');
    return { ok: true, intent: 'move', id: inquiry.id, to: data.to, message };
  }

  if (data.intent === 'assign') {
    const members = await loadCollection('members', { schema: memberRecordSchema });
    const member = members.find((m) => m.id === data.assignee);
    if (data.assignee && data.assignee !== by && !(member && managesInquiries(member.roles))) {
      const message = 'Choose a member of staff who works on inquiries.';
      settingsStore.notify(message, 'error');
      return formFailure(values, { assignee: message });
    }
    const assigneeName =
      member?.displayName || (data.assignee === by ? (user.displayName ?? undefined) : undefined);
    const patch = assignPatch(inquiry, {
      assignee: data.assignee || null,
      assigneeName,
      by,
      at,
    });
    if (!patch) {
      const message = 'Nothing changed: it is assigned like that already.';
      settingsStore.notify(message, 'info');
      return { ok: true, intent: 'assign', id: inquiry.id, message };
    }
    if (!(await write(inquiry.id, patch))) return formFailure(values, { _form: 'Not saved.' });
    const who = data.assignee ? `Assigned to ${assigneeName ?? data.assignee}` : 'Unassigned';
    const message = saved(who);
    settingsStore.notify(message, 'success');
    return { ok: true, intent: 'assign', id: inquiry.id, message };
  }

  const patch = notePatch(inquiry, { by, at, note: data.note });
  if (!patch) return formFailure(values, { note: EMPTY_NOTE });
  if (!(await write(inquiry.id, patch))) return formFailure(values, { _form: 'Not saved.' });
  const message = saved('Note added');
  settingsStore.notify(message, 'success');
  return { ok: true, intent: 'note', id: inquiry.id, message };
}
