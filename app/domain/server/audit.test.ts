// The audit trail's decision: which writes get an entry, which fields it names, which values it
// keeps, who it names, and that a repeated event writes nothing twice.
import { describe, expect, it } from 'vitest';
import type { DocData, PermissionContext } from '~/domain/permissions';
import { auditEntrySchema } from '~/domain/records';
import {
  AUDIT_MAX_VALUE_LENGTH,
  auditChanges,
  auditTargetOf,
  auditWrites,
  SYSTEM_WRITER,
  UNKNOWN_DELETER,
  type WrittenChange,
} from './audit';
import { changeTriggers } from './triggers';
import type { ServerWrite } from './outcome';

const NOW = '2026-11-27T18:11:00.000Z';

function contextOf(docs: Record<string, DocData> = {}): PermissionContext {
  return {
    today: NOW.slice(0, 10),
    get: (path) => docs[path] ?? null,
    list: () => [],
  };
}

function entryOf(writes: ServerWrite[]) {
  expect(writes).toHaveLength(1);
  const [write] = writes;
  if (!write || 'delete' in write) throw new Error('Expected one audit entry');
  return { path: write.path, data: write.data };
}

const student: DocData = {
  firstName: 'Lena',
  lastName: 'Schmidt',
  dateOfBirth: '2017-04-02',
  familyId: 'fam-1',
  campusId: 'north',
  classroomIds: ['c1'],
  status: 'enrolled',
  medicalNotes: 'Peanut allergy',
  notes: '',
  updatedAt: '2026-11-01T00:00:00.000Z',
  updatedBy: 'desk',
};

describe('auditWrites', () => {
  it('names the changed field with its values, the writer from updatedBy, and the time', () => {
    const change: WrittenChange = {
      path: 'students/stu-00001',
      before: student,
      after: { ...student, lastName: 'Schmidt-Admin', updatedAt: NOW, updatedBy: 'adm' },
    };
    const { path, data } = entryOf(auditWrites(change, contextOf(), NOW));
    expect(path).toMatch(/^auditLog\/students_stu-00001_20261127181100000_[0-9a-f]{8}$/);
    expect(data).toEqual({
      at: new Date(NOW),
      by: 'adm',
      collection: 'students',
      docId: 'stu-00001',
      action: 'update',
      changes: [{ field: 'lastName', before: 'Schmidt', after: 'Schmidt-Admin' }],
      expireAt: new Date('2028-11-27T18:11:00.000Z'),
    });
    // What the app reads back (Timestamps become ISO strings) is a valid entry.
    const read = { ...data, at: NOW, expireAt: undefined };
    expect(auditEntrySchema.safeParse(read).success).toBe(true);
  });

  it('sees no change between an absent field and an empty one (a form’s blank field)', () => {
    const after = { ...student, preferredName: '', classroomIds: ['c1'], memberUUID: null };
    expect(auditChanges('students', { ...student, classroomIds: ['c1'] }, after)).toEqual([]);
    expect(auditChanges('students', { tags: [] }, {})).toEqual([]);
  });

  it('names medical notes and notes without copying their values', () => {
    const change: WrittenChange = {
      path: 'students/stu-00001',
      before: student,
      after: { ...student, medicalNotes: 'Peanut and egg allergy', notes: 'Collected by aunt' },
    };
    const { data } = entryOf(auditWrites(change, contextOf(), NOW));
    expect(data.changes).toEqual([{ field: 'medicalNotes' }, { field: 'notes' }]);
    expect(JSON.stringify(data)).not.toContain('allergy');
    expect(JSON.stringify(data)).not.toContain('aunt');
  });

  it('keeps values only for small scalars: long strings and lists are named only', () => {
    const long = 'x'.repeat(AUDIT_MAX_VALUE_LENGTH + 1);
    const changes = auditChanges(
      'families',
      { familyName: 'Owusu', address: 'Short', size: 3 },
      { familyName: 'Owusu', address: long, size: 4, tags: ['a'], verified: true },
    );
    expect(changes).toEqual([
      { field: 'address' },
      { field: 'size', before: 3, after: 4 },
      { field: 'tags' },
      { field: 'verified', before: null, after: true },
    ]);
  });

  it('names a roll call’s changed mark by the child, without the mark’s stamps or note', () => {
    const before = {
      classroomId: 'c1',
      date: '2026-11-27',
      entries: {
        'stu-00001': { status: 'present', at: '2026-11-27T08:00:00.000Z', by: 'dan' },
        'stu-00002': { status: 'present', at: '2026-11-27T08:00:00.000Z', by: 'dan' },
      },
    };
    const after = {
      ...before,
      entries: {
        ...before.entries,
        'stu-00001': { status: 'absent', note: 'Fever', at: NOW, by: 'dan' },
      },
    };
    const { data } = entryOf(
      auditWrites({ path: 'attendance/c1_2026-11-27', before, after }, contextOf(), NOW),
    );
    expect(data.changes).toEqual([
      { field: 'entries.stu-00001.note' },
      { field: 'entries.stu-00001.status', before: 'present', after: 'absent' },
    ]);
  });

  it('names a guardian’s changed contact detail by the guardian', () => {
    const guardian = { name: 'Ama Owusu', phone: '111', memberUUID: 'ama' };
    const changes = auditChanges(
      'families',
      { familyName: 'Owusu', guardians: [guardian] },
      { familyName: 'Owusu', guardians: [{ ...guardian, phone: '222' }] },
    );
    expect(changes).toEqual([{ field: 'guardians.0.phone', before: '111', after: '222' }]);
    // A guardian added or removed: the list is named as a whole.
    expect(
      auditChanges(
        'families',
        { guardians: [guardian] },
        { guardians: [guardian, { name: 'Kofi' }] },
      ),
    ).toEqual([{ field: 'guardians' }]);
  });

  it('writes nothing when only bookkeeping changed (stamps, the access links, lastUpdated)', () => {
    const member = { memberUUID: 'ama', email: 'ama@mail.example', roles: ['parent'] };
    const change: WrittenChange = {
      path: 'Members/ama',
      before: member,
      after: { ...member, access: { familyIds: ['f1'] }, updatedAt: NOW, lastUpdated: NOW },
    };
    expect(auditWrites(change, contextOf(), NOW)).toEqual([]);
  });

  it('never copies a member’s outbox key', () => {
    const member = { memberUUID: 'ama', email: 'ama@mail.example' };
    const { data } = entryOf(
      auditWrites(
        { path: 'Members/ama', before: member, after: { ...member, outboxKey: 'secret-key' } },
        contextOf(),
        NOW,
      ),
    );
    expect(data.changes).toEqual([{ field: 'outboxKey' }]);
  });

  it('records a create with every field, and a delete by the known writer or as unknown', () => {
    const created = entryOf(
      auditWrites({ path: 'students/s9', before: null, after: student }, contextOf(), NOW),
    ).data;
    expect(created).toMatchObject({ action: 'create', by: 'desk' });
    expect(created.changes).toContainEqual({ field: 'lastName', before: null, after: 'Schmidt' });
    expect(created.changes).toContainEqual({ field: 'medicalNotes' });

    const deleted = { path: 'students/s9', before: student, after: null };
    expect(entryOf(auditWrites(deleted, contextOf(), NOW)).data).toMatchObject({
      action: 'delete',
      by: UNKNOWN_DELETER,
    });
    expect(
      entryOf(auditWrites({ ...deleted, writer: 'adm' }, contextOf(), NOW)).data,
    ).toMatchObject({ action: 'delete', by: 'adm' });
  });

  it('names the system for a backend write without updatedBy', () => {
    const { data } = entryOf(
      auditWrites(
        {
          path: 'parentInquiries/i1',
          before: { status: 'new', message: 'About my son' },
          after: { status: 'contacted', message: 'About my son' },
        },
        contextOf(),
        NOW,
      ),
    );
    expect(data).toMatchObject({ by: SYSTEM_WRITER, collection: 'parentInquiries' });
    expect(data.changes).toEqual([{ field: 'status', before: 'new', after: 'contacted' }]);
  });

  it('audits conversations and messages only when archived (not read receipts or previews)', () => {
    const message = { senderId: 'ama', body: 'Private words', sentAt: NOW, readBy: [] };
    const path = 'conversations/c1/messages/m1';
    expect(
      auditWrites(
        { path, before: message, after: { ...message, readBy: ['dan'] } },
        contextOf(),
        NOW,
      ),
    ).toEqual([]);
    expect(
      auditWrites(
        { path, before: message, after: { ...message, body: 'Edited words' } },
        contextOf(),
        NOW,
      ),
    ).toEqual([]);
    const { data } = entryOf(
      auditWrites(
        { path, before: message, after: { ...message, archivedAt: NOW, archivedBy: 'ama' } },
        contextOf(),
        NOW,
      ),
    );
    expect(data).toMatchObject({ action: 'archive', by: 'ama', docId: 'c1/m1' });
    expect(data.changes).toEqual([
      { field: 'archivedAt', before: null, after: NOW },
      { field: 'archivedBy', before: null, after: 'ama' },
    ]);
    const conversation = { subject: 'Trip', participantIds: ['ama'], lastMessagePreview: 'Hi' };
    expect(
      auditWrites(
        {
          path: 'conversations/c1',
          before: conversation,
          after: { ...conversation, lastMessagePreview: 'Bye', lastMessageAt: NOW },
        },
        contextOf(),
        NOW,
      ),
    ).toEqual([]);
  });

  it('ignores collections outside the trail', () => {
    for (const path of ['events/e1', 'classrooms/c1', 'auditLog/x', 'Notifications/n1']) {
      expect(auditTargetOf(path)).toBeNull();
      expect(auditWrites({ path, before: null, after: { a: 1 } }, contextOf(), NOW)).toEqual([]);
    }
  });

  it('gives a repeated event the same id and writes nothing once its entry exists', () => {
    const change: WrittenChange = {
      path: 'students/stu-00001',
      before: student,
      after: { ...student, lastName: 'Schmidt-Admin' },
    };
    const first = entryOf(auditWrites(change, contextOf(), NOW));
    expect(entryOf(auditWrites(change, contextOf(), NOW)).path).toBe(first.path);
    expect(auditWrites(change, contextOf({ [first.path]: first.data }), NOW)).toEqual([]);
    // Another write in the same millisecond is another entry.
    const other = { ...change, after: { ...student, lastName: 'Other' } };
    expect(entryOf(auditWrites(other, contextOf(), NOW)).path).not.toBe(first.path);
  });

  it('runs as a trigger part, after the other decisions', () => {
    const change = {
      path: 'students/s1',
      before: student,
      after: { ...student, status: 'withdrawn' },
    };
    const without = changeTriggers([change], contextOf(), NOW, { audit: false });
    expect(without.writes).toEqual([]);
    const withAudit = changeTriggers([change], contextOf(), NOW, { audit: true });
    expect(withAudit.writes.map((w) => w.path)).toEqual([
      expect.stringMatching(/^auditLog\/students_s1_/),
    ]);
  });
});
