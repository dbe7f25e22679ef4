import { describe, expect, it } from 'vitest';
import {
  applyPatch,
  defaultsNotIn,
  fillMissing,
  mergeDefaults,
  missingDefaults,
  expandFieldPaths,
  hasFieldPaths,
  isFieldPath,
  mergePatches,
  normalizePatch,
  valueAtPath,
} from './field-paths';

const A = { status: 'absent', at: '2026-01-05T08:00:00.000Z', by: 'fac' };
const L = { status: 'late', note: 'bus', at: '2026-01-05T08:05:00.000Z', by: 'fac' };
const P = { status: 'present', at: '2026-01-05T08:10:00.000Z', by: 'admin' };

describe('field paths', () => {
  it('recognises a dotted key as a field path and a plain key as a field', () => {
    expect(isFieldPath('entries.s1')).toBe(true);
    expect(isFieldPath('entries')).toBe(false);
    expect(hasFieldPaths({ classroomId: 'c', 'entries.s1': A })).toBe(true);
    expect(hasFieldPaths({ classroomId: 'c' })).toBe(false);
  });

  it('sets only the named nested value and leaves its siblings alone', () => {
    const record = { id: 'r', classroomId: 'c', entries: { s1: A, s2: L } };
    const next = applyPatch(record, { 'entries.s2': P });
    expect(next).toEqual({ id: 'r', classroomId: 'c', entries: { s1: A, s2: P } });
    // The input is not changed.
    expect(record.entries.s2).toBe(L);
  });

  it('replaces the nested value whole, so a note left out is removed', () => {
    const next = applyPatch({ entries: { s1: L } }, { 'entries.s1': { ...L, note: undefined } });
    expect(valueAtPath(next, 'entries.s1.note')).toBeUndefined();
    const withoutNote = applyPatch({ entries: { s1: L } }, { 'entries.s1': A });
    expect(withoutNote).toEqual({ entries: { s1: A } });
  });

  it('creates the maps a path goes through, replacing a value that is not a map', () => {
    expect(applyPatch({}, { 'entries.s1': A })).toEqual({ entries: { s1: A } });
    expect(applyPatch({ entries: 'broken' }, { 'entries.s1': A })).toEqual({ entries: { s1: A } });
    expect(applyPatch({ a: [1] }, { 'a.b.c': 1 })).toEqual({ a: { b: { c: 1 } } });
  });

  it('expands a patch into nested data for a whole write', () => {
    expect(expandFieldPaths({ classroomId: 'c', 'entries.s1': A, 'entries.s2': L })).toEqual({
      classroomId: 'c',
      entries: { s1: A, s2: L },
    });
  });

  it('reads a value at a path and gives undefined when a step is missing', () => {
    expect(valueAtPath({ entries: { s1: A } }, 'entries.s1.status')).toBe('absent');
    expect(valueAtPath({ entries: { s1: A } }, 'entries.s9.status')).toBeUndefined();
    expect(valueAtPath({ date: '2026-01-05' }, 'date')).toBe('2026-01-05');
  });
});

describe('merging patches', () => {
  const start = { classroomId: 'c', entries: { s1: A, s2: L, s3: P } };
  const cases: {
    name: string;
    earlier: Record<string, unknown>;
    later: Record<string, unknown>;
  }[] = [
    {
      name: 'paths to different students',
      earlier: { 'entries.s1': L },
      later: { 'entries.s2': A },
    },
    { name: 'the same student twice', earlier: { 'entries.s1': L }, later: { 'entries.s1': P } },
    {
      name: 'a whole map after paths',
      earlier: { 'entries.s1': L },
      later: { entries: { s9: A } },
    },
    {
      name: 'paths after a whole map',
      earlier: { entries: { s9: A } },
      later: { 'entries.s1': L },
    },
    {
      name: 'a deeper path inside one',
      earlier: { 'entries.s1': L },
      later: { 'entries.s1.note': 'x' },
    },
    {
      name: 'a shorter path over deeper ones',
      earlier: { 'entries.s1.note': 'x' },
      later: { 'entries.s1': A },
    },
    { name: 'plain fields', earlier: { classroomId: 'a', date: 'd' }, later: { classroomId: 'b' } },
  ];

  it.each(cases)('gives the same record as applying both in order: $name', ({ earlier, later }) => {
    const inOrder = applyPatch(applyPatch(start, earlier), later);
    expect(applyPatch(start, mergePatches(earlier, later))).toEqual(inOrder);
  });

  it('never leaves two keys where one covers the other (Firestore refuses those)', () => {
    for (const { earlier, later } of cases) {
      const keys = Object.keys(mergePatches(earlier, later));
      for (const a of keys) {
        for (const b of keys) {
          if (a !== b) expect(b.startsWith(`${a}.`), `${a} covers ${b}`).toBe(false);
        }
      }
    }
  });

  it('keeps both students when two saves mark different ones', () => {
    expect(mergePatches({ 'entries.s1': A }, { 'entries.s2': L })).toEqual({
      'entries.s1': A,
      'entries.s2': L,
    });
  });

  it('normalises a patch that names a map and a path inside it', () => {
    expect(normalizePatch({ entries: { s1: A }, 'entries.s2': L })).toEqual({
      entries: { s1: A, s2: L },
    });
    expect(normalizePatch({ 'entries.s2': L, entries: { s1: A } })).toEqual({ entries: { s1: A } });
  });
});

describe('defaults that fill only what is missing', () => {
  it('fills a default only where the record has no value at its path', () => {
    const record = { entries: { s1: 'absent' }, note: null };
    expect(fillMissing(record, { 'entries.s1': 'present', 'entries.s2': 'present' })).toEqual({
      entries: { s1: 'absent', s2: 'present' },
      note: null,
    });
    // null is a value: only a missing path is filled.
    expect(fillMissing(record, { note: 'x' })).toEqual(record);
    expect(missingDefaults(record, { 'entries.s1': 'p', other: 1 })).toEqual({ other: 1 });
  });

  it('drops the defaults an explicit key sets, reaches into or lies inside', () => {
    const defaults = { 'entries.s1': 'p', 'entries.s2': 'p', other: 1 };
    expect(defaultsNotIn(defaults, { 'entries.s1': 'a' })).toEqual({ 'entries.s2': 'p', other: 1 });
    expect(defaultsNotIn(defaults, { entries: {} })).toEqual({ other: 1 });
    expect(defaultsNotIn({ entries: {} }, { 'entries.s1': 'a' })).toEqual({});
  });

  it('keeps the earlier default of a path when two sets of defaults merge', () => {
    expect(
      mergeDefaults({ 'entries.s1': 'early' }, { 'entries.s1': 'late', 'entries.s2': 'x' }),
    ).toEqual({ 'entries.s1': 'early', 'entries.s2': 'x' });
    expect(mergeDefaults({}, { entries: {}, 'entries.s1': 'x' })).toEqual({ entries: {} });
  });
});
