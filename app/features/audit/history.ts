// A record's history for its page (issue 28): the audit trail's entries for one document, newest
// first, each said as one line ("Office Staff changed Last name from Schmidt to Schmidt-Admin on
// Fri 27 Nov 2026, 18:11"). The trail is written only by the backend's triggers
// (app/domain/server/audit.ts) and read only by admins, online: it is not cached (collections.ts),
// so offline the page says the history needs a connection instead of showing an empty one.
import { z } from 'zod';
import { listDocuments } from '~/backend/documents';
import { getCollectionDefinition } from '~/data/collections';
import { readRecord } from '~/data/route-data';
import { formatDateTime } from '~/domain/format';
import { auditEntrySchema, type AuditChange, type AuditEntry } from '~/domain/records';
import { SYSTEM_WRITER, UNKNOWN_DELETER } from '~/domain/server/audit';

export type { AuditEntry };
export type AuditedRecordCollection = AuditEntry['collection'];

/** The most entries a page shows (the query's limit). */
export const HISTORY_LIMIT = 50;

export const HISTORY_MESSAGES = {
  loading: 'Loading the history…',
  offline: 'The history needs a connection. It shows here when you are back online.',
  failed: 'The history could not be loaded.',
  empty: 'No changes recorded yet.',
  limited: `Showing the latest ${HISTORY_LIMIT} changes.`,
} as const;

const entryRecordSchema = auditEntrySchema.extend({ id: z.string() });
export type AuditEntryRecord = z.infer<typeof entryRecordSchema>;

/** The entries of one record, newest first (at most HISTORY_LIMIT). Throws when the read fails. */
export function loadHistory(
  collection: AuditedRecordCollection,
  docId: string,
): Promise<AuditEntryRecord[]> {
  return listDocuments(getCollectionDefinition('auditLog').remoteName, entryRecordSchema, {
    filters: [
      { field: 'collection', op: '==', value: collection },
      { field: 'docId', op: '==', value: docId },
    ],
    orderBy: [{ field: 'at', direction: 'desc' }],
    limit: HISTORY_LIMIT,
  });
}

const memberNameSchema = z
  .object({ displayName: z.string().default(''), email: z.string().default('') })
  .passthrough();

/**
 * The writers' names by memberUUID: their Members profile (the admin's cache, else the backend).
 * A writer whose profile cannot be read keeps their id, so the line still says who it was.
 */
export async function writerNames(entries: readonly AuditEntry[]): Promise<Map<string, string>> {
  const ids = [...new Set(entries.map((e) => e.by))].filter(
    (by) => by !== SYSTEM_WRITER && by !== UNKNOWN_DELETER,
  );
  const names = new Map<string, string>();
  await Promise.all(
    ids.map(async (id) => {
      try {
        const member = await readRecord('members', id, memberNameSchema, { refreshIfDue: false });
        const name = member?.displayName.trim() || member?.email.trim();
        if (name) names.set(id, name);
      } catch {
        // The name is a courtesy: the line keeps the writer's id.
      }
    }),
  );
  return names;
}

/** How a writer is named in a line. */
export function writerLabel(by: string, names: ReadonlyMap<string, string>): string {
  if (by === SYSTEM_WRITER) return 'The system';
  if (by === UNKNOWN_DELETER) return 'Someone';
  return names.get(by) ?? by;
}

/** Labels of the fields people see on the pages, by collection; others are spelt out. */
const FIELD_LABELS: Record<string, Record<string, string>> = {
  students: {
    firstName: 'First name',
    lastName: 'Last name',
    preferredName: 'Preferred name',
    dateOfBirth: 'Date of birth',
    familyId: 'Family',
    campusId: 'Campus',
    classroomIds: 'Classrooms',
    enrolledOn: 'Enrolled on',
    memberUUID: 'Linked account',
    medicalNotes: 'Medical notes',
  },
  families: { familyName: 'Family name' },
  Members: {
    displayName: 'Display name',
    email: 'E-mail',
    photoURL: 'Photo',
    familyId: 'Family',
    studentId: 'Student record',
    facilitatorId: 'Facilitator profile',
    memberUUID: 'Member id',
    outboxKey: 'Offline key',
  },
};

/** "lastName" → "Last name", "entries" → "Entries". */
function spelt(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field path as a person reads it: "Last name", "Guardian 1: Phone", "Preferences: Theme". */
export function fieldLabel(collection: string, field: string): string {
  const labels = FIELD_LABELS[collection] ?? {};
  const [first = '', ...rest] = field.split('.');
  const known = labels[field];
  if (known) return known;
  if (first === 'guardians' && rest.length > 0 && /^\d+$/.test(rest[0] ?? '')) {
    const tail = rest.slice(1);
    const guardian = `Guardian ${Number(rest[0]) + 1}`;
    return tail.length > 0 ? `${guardian}: ${tail.map(spelt).join(': ')}` : guardian;
  }
  if (first === 'entries' && rest.length > 0) {
    // A roll call's mark: the student's id as it is, then the mark's field.
    const [student = '', ...mark] = rest;
    return mark.length > 0
      ? `Mark of ${student}: ${mark.map(spelt).join(': ')}`
      : `Mark of ${student}`;
  }
  return [labels[first] ?? spelt(first), ...rest.map(spelt)].join(': ');
}

type Scalar = AuditChange['before'];

function valueLabel(value: Scalar): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** One changed field: "Last name from Schmidt to Schmidt-Admin", or only its name. */
export function changeLabel(collection: string, change: AuditChange): string {
  const label = fieldLabel(collection, change.field);
  if (change.before === undefined && change.after === undefined) return label;
  return `${label} from ${valueLabel(change.before)} to ${valueLabel(change.after)}`;
}

/** "A, B and C". */
function listed(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * "Fri 27 Nov 2026, 18:11" (the one date module), in the person's campus zone (usePersonZone), named
 * when the device reads another wall clock.
 */
export function formatAuditTime(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone) || iso;
}

/** What the writer did, without the when: "changed Last name from A to B and Notes". */
export function actionLabel(entry: AuditEntry): string {
  switch (entry.action) {
    case 'create':
      return 'created this record';
    case 'delete':
      return 'deleted this record';
    case 'archive':
      return 'archived it';
    case 'update':
      return entry.changes.length > 0
        ? `changed ${listed(entry.changes.map((c) => changeLabel(entry.collection, c)))}`
        : 'saved it without changes';
  }
}

/** The whole line of one entry. */
export function describeAuditEntry(
  entry: AuditEntry,
  names: ReadonlyMap<string, string>,
  timeZone: string,
): string {
  return `${writerLabel(entry.by, names)} ${actionLabel(entry)} on ${formatAuditTime(entry.at, timeZone)}`;
}
