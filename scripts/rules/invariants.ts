// The matrix's invariants (app/domain/permissions.ts keepsInvariants) as rules expressions: what every
// client write keeps whatever the role's scope. Each is written here once per collection, for a
// create (`after` only) and an update (`before` and `after`); a delete keeps them trivially.
import { MAX_ABSENCE_DAYS } from '../../app/domain/absences';
import { MAX_AUDIENCE_KEYS } from '../../app/domain/audience';
import {
  ARCHIVE_FIELDS,
  FIRST_ATTENDANCE_DATE,
  IMMUTABLE_FIELDS,
  MAX_HISTORY_APPEND,
  OUTBOX_KEY_FIELD,
  REACH_PREFERENCES_FIELD,
  SERVER_DATED_COLLECTIONS,
  WRITER_STAMPED_COLLECTIONS,
  type PermissionCollection,
} from '../../app/domain/permissions';
import { UPLOAD_CONTENT_TYPES } from '../../app/domain/resources';
import { list, literal } from './shape';

const and = (parts: string[]) => (parts.length === 0 ? 'true' : parts.join('\n          && '));
const get = (doc: string, name: string, fallback = 'null') =>
  `${doc}.get(${literal(name)}, ${fallback})`;
const [ARCHIVED_AT, ARCHIVED_BY] = ARCHIVE_FIELDS;

/** The writer and the server time on a record that carries them. */
function stamped(collection: PermissionCollection): string[] {
  return WRITER_STAMPED_COLLECTIONS.includes(collection)
    ? [
        `${get('after', 'updatedBy')} == request.auth.uid`,
        `${get('after', 'updatedAt')} == request.time`,
      ]
    : [];
}

/** An archive is set once, by the writer, at server time, and never taken back. */
function archives(op: 'create' | 'update'): string {
  const fresh = `(${get('after', ARCHIVED_AT)} == null ? ${get('after', ARCHIVED_BY)} == null : (${get('after', ARCHIVED_BY)} == request.auth.uid && ${get('after', ARCHIVED_AT)} == request.time))`;
  if (op === 'create') return fresh;
  return `(${get('before', ARCHIVED_AT)} != null ? (${get('after', ARCHIVED_AT)} == ${get('before', ARCHIVED_AT)} && ${get('after', ARCHIVED_BY)} == ${get('before', ARCHIVED_BY)}) : ${fresh})`;
}

/**
 * An event's or resource's keys are exactly the ones its fields derive (audienceKeysOf): sorted and
 * distinct, each a valid key, and as many as the derivation makes. Rules cannot loop: each of the
 * MAX_AUDIENCE_KEYS positions is checked on its own.
 */
function audienceKeys(): string {
  const positions = Array.from(
    { length: MAX_AUDIENCE_KEYS },
    (_, i) => `audienceKeyAt(after, ${i})`,
  );
  return and([`audienceKeyCount(after)`, ...positions]);
}

/** Extra conditions on a create, beyond the shape and the scope. */
export function createInvariant(collection: PermissionCollection): string {
  const parts = [...stamped(collection)];
  // Messages and conversations are dated by the server; a whole-record set elsewhere may carry the
  // createdAt it was first saved with.
  if (SERVER_DATED_COLLECTIONS.includes(collection)) {
    parts.push(`${get('after', 'createdAt')} == null || after.createdAt == request.time`);
  }
  if (collection === 'messages') {
    parts.push(
      archives('create'),
      `${get('after', 'conversationId', 'conversationId')} == conversationId`,
      `after.get('readBy', []).hasOnly([after.senderId])`,
      `after.get('readAt', {}).keys().hasOnly([after.senderId])`,
    );
  }
  if (collection === 'conversations') {
    // Participants' names come from the trigger alone (app/domain/permissions.ts, keepsInvariants).
    parts.push(archives('create'), `!('participantNames' in after)`);
  }
  if (collection === 'attendance') parts.push('honestRollCall(docId, after)');
  if (collection === 'parentInquiries') {
    parts.push(
      `after.get('history', []).size() <= 1`,
      `(after.get('history', []).size() == 0 || after.history[0].get('by', '') == request.auth.uid)`,
    );
  }
  if (collection === 'events' || collection === 'resources') parts.push(audienceKeys());
  if (collection === 'absenceReports') parts.push('honestAbsenceReport(docId, after)');
  return and(parts.map((p) => `(${p})`));
}

/** Extra conditions on an update, beyond the shape and the scope. */
export function updateInvariant(collection: PermissionCollection): string {
  const fixed = IMMUTABLE_FIELDS[collection] ?? [];
  const parts = [...stamped(collection)];
  if (fixed.length > 0) parts.push(`!after.diff(before).affectedKeys().hasAny(${list(fixed)})`);
  if (collection === 'messages' || collection === 'conversations') parts.push(archives('update'));
  if (collection === 'attendance') parts.push('honestRollCall(docId, after)');
  if (collection === 'Members') {
    const reach = (doc: string) =>
      `${doc}.get('preferences', {}).get(${literal(REACH_PREFERENCES_FIELD)}, null)`;
    parts.push(
      `!after.diff(before).affectedKeys().hasAny([${literal(OUTBOX_KEY_FIELD)}]) || (!(${literal(OUTBOX_KEY_FIELD)} in before) && docId == request.auth.uid)`,
      // How a person is reached is theirs alone (permissions.ts keepsInvariants).
      `docId == request.auth.uid || ${reach('after')} == ${reach('before')}`,
    );
  }
  if (collection === 'parentInquiries') {
    const was = `before.get('history', [])`;
    const now = `after.get('history', [])`;
    const added = Array.from(
      { length: MAX_HISTORY_APPEND },
      (_, k) =>
        `(${now}.size() <= ${was}.size() + ${k} || ${now}[${was}.size() + ${k}].get('by', '') == request.auth.uid)`,
    );
    parts.push(
      `${now}.size() >= ${was}.size() && ${now}.size() <= ${was}.size() + ${MAX_HISTORY_APPEND}`,
      `${now}[0:${was}.size()] == ${was}`,
      ...added,
    );
  }
  if (collection === 'events' || collection === 'resources') parts.push(audienceKeys());
  if (collection === 'absenceReports') parts.push('honestAbsenceReport(docId, after)');
  return and(parts.map((p) => `(${p})`));
}

/** Helper functions the invariants call, at the top of the rules file. */
export const INVARIANT_FUNCTIONS = `    // A YYYY-MM-DD string naming a day that exists (2024-02-29 yes, 2025-02-30 no).
    function calendarDate(date) {
      return date is string && date.matches('^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
        && dayExists(int(date[0:4]), int(date[5:7]), int(date[8:10]));
    }
    function dayExists(y, mo, d) {
      return mo >= 1 && mo <= 12 && d >= 1
        && d <= [31, (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
    }
    // A roll call's id is its classroom and date, and the date a real day from ${FIRST_ATTENDANCE_DATE} to today.
    function honestRollCall(id, d) {
      return d.classroomId is string && d.date is string
        && id == d.classroomId + '_' + d.date
        && calendarDate(d.date) && d.date >= ${literal(FIRST_ATTENDANCE_DATE)} && notFuture(d.date);
    }
    // An absence report's days (permissions.ts isHonestAbsenceReport): real dates, from <= to, fewer
    // than ${MAX_ABSENCE_DAYS} days apart; a part of a day is one day with its time.
    // A document is a file of the report's own folder, of a type uploads allow.
    function honestAbsenceReport(id, d) {
      return (!('document' in d)
          || (d.document.get('storagePath', '') is string
            && d.document.get('storagePath', '').matches('absenceDocuments/' + id + '/.+')
            && d.document.get('mimeType', '') in ${list(UPLOAD_CONTENT_TYPES)}))
        && calendarDate(d.from) && calendarDate(d.to) && d.from <= d.to
        && dayOf(d.to) - dayOf(d.from) < duration.value(${MAX_ABSENCE_DAYS}, 'd')
        && (d.part == 'day' || (d.from == d.to && d.get('time', null) is string));
    }
    function dayOf(date) {
      return timestamp.date(int(date[0:4]), int(date[5:7]), int(date[8:10]));
    }
    // As many audience keys as the fields derive (audienceKeysOf): one per role, times the
    // classrooms when narrowed to classrooms.
    function audienceKeyCount(d) {
      return d.get('audienceKeys', []).size() == d.get('audience', []).toSet().size()
        * (d.get('classroomIds', []).size() > 0 ? d.get('classroomIds', []).toSet().size() : 1);
    }
    // Position i of the keys: absent, or a key the fields derive, before the next one (sorted, distinct).
    function audienceKeyAt(d, i) {
      return d.get('audienceKeys', []).size() <= i
        || (audienceKeyOf(d, d.audienceKeys[i])
          && (d.audienceKeys.size() <= i + 1 || d.audienceKeys[i] < d.audienceKeys[i + 1]));
    }
    function audienceKeyOf(d, key) {
      return d.get('classroomIds', []).size() > 0
        ? (key.split('@classroom:').size() == 2 && key.split('@classroom:')[0] in d.get('audience', [])
          && key.split('@classroom:')[1] in d.classroomIds)
        : (d.get('campusId', null) is string
          ? (key.split('@campus:').size() == 2 && key.split('@campus:')[0] in d.get('audience', [])
            && key.split('@campus:')[1] == d.campusId)
          : key in d.get('audience', []));
    }`;
