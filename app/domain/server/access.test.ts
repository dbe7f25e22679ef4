import { describe, expect, it } from 'vitest';
import type { DocData } from '~/domain/permissions';
import { accessLinkWrites, accessLinkWritesFor, affectedMembers } from './access';
import { changeTriggers } from './triggers';

function contextOf(docs: Record<string, DocData>) {
  return {
    today: '2025-03-03',
    get: (path: string) => docs[path] ?? null,
    list: (collection: string) =>
      Object.entries(docs)
        .filter(([path]) => path.startsWith(`${collection}/`) && path.split('/').length === 2)
        .map(([path, data]) => ({ id: path.split('/')[1] ?? '', data })),
  };
}

// Ama and Kwame are Sam's family's guardians (Kwame through his profile's familyId); Dan teaches c1
// (named by the classroom), Esi teaches c2 (naming it herself); Sam is the student's own account.
const school: Record<string, DocData> = {
  'Members/ama': { memberUUID: 'ama', roles: ['parent'] },
  'Members/kwame': { memberUUID: 'kwame', roles: ['parent'], familyId: 'f1' },
  'Members/dan': { memberUUID: 'dan', roles: ['facilitator'] },
  'Members/esi': { memberUUID: 'esi', roles: ['facilitator'], facilitatorId: 'fac2' },
  'Members/sam': { memberUUID: 'sam', roles: ['student'], studentId: 's1' },
  'Members/other': { memberUUID: 'other', roles: ['parent'], familyId: 'f9' },
  'families/f1': { guardians: [{ memberUUID: 'ama' }] },
  'students/s1': { familyId: 'f1', classroomIds: ['c1'] },
  'facilitators/fac1': { memberUUID: 'dan', classroomIds: [] },
  'facilitators/fac2': { classroomIds: ['c2'] },
  'classrooms/c1': { facilitatorIds: ['fac1'] },
  'classrooms/c2': { facilitatorIds: [] },
};
const ctx = contextOf(school);
const change = (path: string, before: DocData | null, after: DocData | null) => ({
  path,
  before,
  after,
});

describe('affectedMembers', () => {
  it('a family: its guardians before and after, and profiles naming it', () => {
    expect(
      affectedMembers(
        change(
          'families/f1',
          { guardians: [{ memberUUID: 'sam' }] },
          school['families/f1'] ?? null,
        ),
        ctx,
      ),
    ).toEqual(['ama', 'kwame', 'sam']);
  });

  it('a student: the student, the family’s parents, the teachers of its classrooms before and after', () => {
    const after = { familyId: 'f1', classroomIds: ['c2'] };
    expect(
      affectedMembers(change('students/s1', school['students/s1'] ?? null, after), ctx),
    ).toEqual(['ama', 'dan', 'esi', 'kwame', 'sam']);
  });

  it('a facilitator record and a classroom reach the facilitators’ members', () => {
    expect(
      affectedMembers(change('facilitators/fac2', null, { classroomIds: ['c2'] }), ctx),
    ).toEqual(['esi']);
    expect(
      affectedMembers(
        change('classrooms/c2', school['classrooms/c2'] ?? null, { facilitatorIds: ['fac1'] }),
        ctx,
      ),
    ).toEqual(['dan', 'esi']);
  });

  it('a Members write only when a field the links depend on changed, or the links are missing', () => {
    const linked = { memberUUID: 'ama', roles: ['parent'], access: {} };
    expect(
      affectedMembers(change('Members/ama', linked, { ...linked, displayName: 'A' }), ctx),
    ).toEqual([]);
    expect(
      affectedMembers(
        change('Members/ama', linked, { ...linked, roles: ['parent', 'student'] }),
        ctx,
      ),
    ).toEqual(['ama']);
    expect(
      affectedMembers(change('Members/ama', null, { memberUUID: 'ama', roles: [] }), ctx),
    ).toEqual(['ama']);
    expect(affectedMembers(change('Members/ama', linked, null), ctx)).toEqual([]);
    expect(affectedMembers(change('subjects/x', null, {}), ctx)).toEqual([]);
  });
});

describe('accessLinkWrites', () => {
  it('writes the links that differ, and nothing once they are stored', () => {
    const writes = accessLinkWrites(
      change('families/f1', null, school['families/f1'] ?? null),
      ctx,
    );
    expect(writes.map((w) => w.path)).toEqual(['Members/ama', 'Members/kwame']);
    expect(writes[0]).toMatchObject({
      merge: true,
      data: { access: { familyIds: ['f1'], childIds: ['s1'], childClassroomIds: ['c1'] } },
    });
    const stored = { ...school };
    for (const w of writes) {
      if ('data' in w) stored[w.path] = { ...stored[w.path], ...w.data };
    }
    expect(
      accessLinkWrites(
        change('families/f1', null, school['families/f1'] ?? null),
        contextOf(stored),
      ),
    ).toEqual([]);
  });
});

describe('accessLinkWritesFor (one commit of many writes)', () => {
  // 40 new students in Dan's classroom c1, in Ama's family: one import batch.
  const imported = Array.from({ length: 40 }, (_, i) =>
    change(`students/new${i}`, null, { familyId: 'f1', classroomIds: ['c1'] }),
  );
  const after: Record<string, DocData> = { ...school };
  for (const c of imported) if (c.after) after[c.path] = c.after;

  it('writes what one call per write would, each member once', () => {
    const perWrite = new Map<string, unknown>();
    for (const c of imported) {
      for (const write of accessLinkWrites(c, contextOf(after))) {
        if (!perWrite.has(write.path)) perWrite.set(write.path, write);
      }
    }
    expect(accessLinkWritesFor(imported, contextOf(after))).toEqual([...perWrite.values()]);
    expect([...perWrite.keys()].sort()).toEqual(['Members/ama', 'Members/dan', 'Members/kwame']);
  });

  it('the commit’s triggers compute a facilitator’s links once, not once per student', () => {
    const counted = contextOf(after);
    let studentLists = 0;
    const list = counted.list;
    counted.list = (collection: string) => {
      if (collection === 'students') studentLists += 1;
      return list(collection);
    };
    changeTriggers(imported, counted, '2025-03-03T10:00:00.000Z', { access: true });
    // At most once per affected member (Ama, Kwame, Dan); it was once per member per student.
    expect(studentLists).toBeLessThanOrEqual(3);
  });
});
