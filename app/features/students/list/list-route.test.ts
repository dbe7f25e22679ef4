import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCache, initCache, store } from '~/data/store';
import type { Member } from '~/domain/records';
import type { Role } from '~/domain/roles';
import {
  filterOptions,
  listViewer,
  loadStudentList,
  ownStudentRecord,
  studentBackLink,
} from './list-route';

// The list reads what the cache holds; the sync that fills it has its own tests. Reading straight
// from the cache here keeps these tests about the list, not about refresh timing.
vi.mock('~/data/route-data', async () => {
  const { store: cache } = await import('~/data/store');
  return {
    async loadCollection(
      collection: string,
      options: { schema: { safeParse(v: unknown): { success: boolean; data?: unknown } } } & Record<
        string,
        unknown
      >,
    ) {
      const { schema, ...list } = options;
      const items = await cache.list(collection, { ...list, limit: Infinity });
      return items.flatMap((item) => {
        const parsed = schema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      });
    },
  };
});

function user(roles: Role[], member: Partial<Member> | null = null) {
  return {
    roles,
    member: member
      ? {
          memberUUID: 'u1',
          email: 'a@b.example',
          displayName: '',
          photoURL: '',
          roles,
          status: 'active' as const,
          preferences: { persistLogin: true },
          ...member,
        }
      : null,
  };
}

const base = { familyId: 'fam-1', campusId: 'campus-north', notes: '' };

beforeEach(async () => {
  await initCache({ uid: 'students-list-test' });
  await store.batch([
    { type: 'save', collection: 'campuses', item: { id: 'campus-south', name: 'Southside' } },
    { type: 'save', collection: 'campuses', item: { id: 'campus-north', name: 'Northside' } },
    {
      type: 'save',
      collection: 'classrooms',
      item: { id: 'north-otters', name: 'Otters', campusId: 'campus-north' },
    },
    {
      type: 'save',
      collection: 'students',
      item: {
        ...base,
        id: 's1',
        firstName: 'Leo',
        lastName: 'Whitfield',
        dateOfBirth: '2013-01-10',
        status: 'enrolled',
        classroomIds: ['north-otters'],
      },
    },
    {
      type: 'save',
      collection: 'students',
      item: {
        ...base,
        id: 's2',
        firstName: 'Ivy',
        lastName: 'Whitfield',
        dateOfBirth: '2017-03-02',
        status: 'waitlisted',
      },
    },
    {
      type: 'save',
      collection: 'students',
      item: {
        ...base,
        id: 's3',
        firstName: 'Ada',
        lastName: 'Byron',
        dateOfBirth: '2015-12-10',
        status: 'enrolled',
        campusId: 'campus-south',
      },
    },
  ]);
});
afterEach(async () => {
  await clearCache();
});

const url = (search = '') => new URL(`http://localhost/dash/students${search}`);

describe('loading the students list', () => {
  it('lists every student the cache holds, sorted by name, with the filter options', async () => {
    const data = await loadStudentList(user(['admin']), url());
    expect(data.total).toBe(3);
    expect(data.rows.map((s) => s.id)).toEqual(['s3', 's2', 's1']);
    expect(data.campuses.map((c) => c.name)).toEqual(['Northside', 'Southside']);
    expect(data.classrooms.map((c) => c.id)).toEqual(['north-otters']);
  });

  it('applies the search, filters and sort from the URL', async () => {
    const data = await loadStudentList(
      user(['administration']),
      url('?q=whitfield&campus=campus-north&sort=dob&dir=desc'),
    );
    expect(data.query).toMatchObject({ q: 'whitfield', campus: 'campus-north', sort: 'dob' });
    expect(data.rows.map((s) => s.id)).toEqual(['s2', 's1']);
    expect(data.total).toBe(3);
    const byClassroom = await loadStudentList(user(['admin']), url('?classroom=north-otters'));
    expect(byClassroom.rows.map((s) => s.id)).toEqual(['s1']);
  });

  it('offers add and export only to roles that may write students', async () => {
    expect((await loadStudentList(user(['admin']), url())).canWrite).toBe(true);
    expect((await loadStudentList(user(['administration']), url())).canWrite).toBe(true);
    expect((await loadStudentList(user(['parent']), url())).canWrite).toBe(false);
    expect((await loadStudentList(user(['facilitator']), url())).canWrite).toBe(false);
  });
});

describe('the filters’ campuses and classrooms', () => {
  it('offers a parent only the campuses and classrooms of the children they can see', async () => {
    await store.batch([
      { type: 'save', collection: 'campuses', item: { id: 'campus-east', name: 'Eastside' } },
      {
        type: 'save',
        collection: 'classrooms',
        item: { id: 'east-comets', name: 'Comets', campusId: 'campus-east' },
      },
    ]);
    // The cache holds what the sync lets this person see: here s1, s2 (Northside) and s3 (Southside).
    const parent = await loadStudentList(user(['parent']), url());
    expect(parent.campuses.map((c) => c.id)).toEqual(['campus-north', 'campus-south']);
    expect(parent.classrooms.map((c) => c.id)).toEqual(['north-otters']);
    const admin = await loadStudentList(user(['admin']), url());
    expect(admin.campuses.map((c) => c.id)).toEqual([
      'campus-east',
      'campus-north',
      'campus-south',
    ]);
    expect(admin.classrooms.map((c) => c.id)).toEqual(['east-comets', 'north-otters']);
  });

  it('offers nothing to filter by when the person sees no students', () => {
    const campuses = [{ id: 'campus-north', name: 'Northside' }];
    const classrooms = [{ id: 'north-otters', name: 'Otters' }];
    expect(filterOptions('parent', [], campuses, classrooms)).toEqual({
      campuses: [],
      classrooms: [],
    });
    expect(filterOptions('staff', [], campuses, classrooms)).toEqual({ campuses, classrooms });
  });
});

describe('who sees which view', () => {
  it('speaks to staff, facilitators and parents each in their own way', () => {
    expect(listViewer(user(['superAdmin', 'admin']))).toBe('staff');
    expect(listViewer(user(['administration', 'parent']))).toBe('staff');
    expect(listViewer(user(['facilitator', 'parent']))).toBe('facilitator');
    expect(listViewer(user(['parent']))).toBe('parent');
    expect(listViewer(user(['student']))).toBe('other');
  });

  it('sends a student to their own record', () => {
    expect(ownStudentRecord(user(['student'], { studentId: 'stu-00000' }))).toBe('stu-00000');
  });

  it('keeps the list for a student with another role, or without a linked record', () => {
    expect(ownStudentRecord(user(['student', 'parent'], { studentId: 'stu-00000' }))).toBeNull();
    expect(ownStudentRecord(user(['student'], {}))).toBeNull();
    expect(ownStudentRecord(user(['student']))).toBeNull();
    expect(ownStudentRecord(user(['admin'], { studentId: 'x' }))).toBeNull();
  });
});

describe('the way back from a student’s record', () => {
  it('leads to the list, named as each person’s list is', () => {
    expect(studentBackLink(user(['admin']))).toEqual({
      to: '/dash/students',
      label: 'Back to the students',
    });
    expect(studentBackLink(user(['parent'])).label).toBe('Back to your children');
    expect(studentBackLink(user(['facilitator'])).label).toBe('Back to your students');
  });

  it('leads a student, whom the list sends back to their own record, to their home', () => {
    expect(studentBackLink(user(['student'], { studentId: 'stu-00000' }))).toEqual({
      to: '/dash/home',
      label: 'Back to your home',
    });
  });
});
