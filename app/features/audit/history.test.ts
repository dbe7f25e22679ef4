// The lines a record's history shows: writer, readable field labels, values, and the time.
import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  describeAuditEntry,
  fieldLabel,
  formatAuditTime,
  writerLabel,
  type AuditEntry,
} from './history';

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  at: '2026-11-27T18:11:00.000Z',
  by: 'demo-admin',
  collection: 'students',
  docId: 'stu-00001',
  action: 'update',
  changes: [{ field: 'lastName', before: 'Schmidt', after: 'Schmidt-Admin' }],
  ...overrides,
});

describe('a history line', () => {
  it('says who changed which field from what to what, and when', () => {
    const names = new Map([['demo-admin', 'Office Staff']]);
    // The zone is named after the time on a device outside UTC.
    expect(describeAuditEntry(entry(), names, 'UTC')).toMatch(
      /^Office Staff changed Last name from Schmidt to Schmidt-Admin on Fri 27 Nov 2026, 18:11( UTC)?$/,
    );
  });

  it('lists several fields, names sensitive ones without values, and says empty values', () => {
    const line = actionLabel(
      entry({
        changes: [
          { field: 'medicalNotes' },
          { field: 'preferredName', before: null, after: 'Lenny' },
          { field: 'status', before: 'enrolled', after: 'withdrawn' },
        ],
      }),
    );
    expect(line).toBe(
      'changed Medical notes, Preferred name from (empty) to Lenny and Status from enrolled to withdrawn',
    );
  });

  it('reads nested fields: a guardian by number, a roll-call mark by student, a preference', () => {
    expect(fieldLabel('families', 'guardians.0.phone')).toBe('Guardian 1: Phone');
    expect(fieldLabel('families', 'guardians')).toBe('Guardians');
    expect(fieldLabel('attendance', 'entries.stu-00001.status')).toBe('Mark of stu-00001: Status');
    expect(fieldLabel('Members', 'preferences.theme')).toBe('Preferences: Theme');
    expect(fieldLabel('Members', 'displayName')).toBe('Display name');
    expect(fieldLabel('families', 'familyName')).toBe('Family name');
  });

  it('says creates, deletes and archives, and names the system and unknown deleters', () => {
    expect(actionLabel(entry({ action: 'create' }))).toBe('created this record');
    expect(actionLabel(entry({ action: 'delete' }))).toBe('deleted this record');
    expect(actionLabel(entry({ action: 'archive' }))).toBe('archived it');
    expect(writerLabel('system', new Map())).toBe('The system');
    expect(writerLabel('unknown (deleted)', new Map())).toBe('Someone');
    // A writer whose profile is gone keeps their id.
    expect(writerLabel('m-gone', new Map())).toBe('m-gone');
  });

  it('formats times as every page does (the one date module), in the zone given', () => {
    expect(formatAuditTime('2026-01-05T07:03:00.000Z', 'UTC')).toMatch(/^Mon 5 Jan 2026, 07:03\b/);
    expect(formatAuditTime('2026-01-05T20:03:00.000Z', 'Pacific/Tongatapu')).toMatch(
      /^Tue 6 Jan 2026, 09:03\b/,
    );
    expect(formatAuditTime('not a date', 'UTC')).toBe('not a date');
  });
});
