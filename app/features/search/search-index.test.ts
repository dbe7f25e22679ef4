import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  createSearchIndexCache,
  search,
  searchWords,
  SEARCH_KINDS,
  type SearchGroup,
  type SearchSources,
} from './search-index';

const student = (id: string, firstName: string, lastName: string, extra = {}) => ({
  id,
  firstName,
  lastName,
  campusId: 'cam-1',
  status: 'enrolled' as const,
  ...extra,
});

const ids = (groups: SearchGroup[], kind = 'students') =>
  groups.find((group) => group.kind === kind)?.results.map((result) => result.id) ?? [];

describe('matching', () => {
  const index = buildSearchIndex({
    students: [
      student('leo', 'Leo', 'Whitfield'),
      student('lea', 'Lea', 'Whitaker'),
      student('zoe', 'Zoë', 'Ångström'),
      student('sean', 'Seán', "O'Brien"),
      student('ana', 'Ana', 'Martins'),
    ],
    campuses: [{ id: 'cam-1', name: 'North Campus' }],
  });

  it('finds Leo Whitfield for "lo whit", and for the words typed out', () => {
    expect(ids(search(index, 'lo whit'))).toEqual(['leo']);
    expect(ids(search(index, 'leo whit'))).toEqual(['leo']);
    // "le" starts both first names, so both "Whit…" students match; "Whitaker" sorts first.
    expect(ids(search(index, 'le whit'))).toEqual(['lea', 'leo']);
  });

  it('finds a student whatever the order of the words ("whit leo")', () => {
    expect(ids(search(index, 'whit leo'))).toEqual(['leo']);
  });

  it('ignores case and accents on both sides', () => {
    expect(ids(search(index, 'ZOE'))).toEqual(['zoe']);
    expect(ids(search(index, 'angst'))).toEqual(['zoe']);
    expect(ids(search(index, 'Zoë Ång'))).toEqual(['zoe']);
    expect(ids(search(index, 'sean obr'))).toEqual(['sean']);
    expect(ids(search(index, "o'b"))).toEqual(['sean']);
  });

  it('needs every typed word to match, and each to begin with a word’s first letter', () => {
    expect(ids(search(index, 'leo martins'))).toEqual([]);
    expect(ids(search(index, 'leo x'))).toEqual([]);
    expect(ids(search(index, 'eo whit'))).toEqual([]);
    expect(ids(search(index, 'lx whit'))).toEqual([]);
  });

  it('finds nothing for an empty or blank query', () => {
    expect(search(index, '')).toEqual([]);
    expect(search(index, '   ')).toEqual([]);
    expect(search(index, ' - , ')).toEqual([]);
  });

  it('gives each result its title, subtitle and link', () => {
    expect(search(index, 'leo')[0]).toEqual({
      kind: 'students',
      label: 'Students',
      total: 1,
      results: [
        {
          kind: 'students',
          id: 'leo',
          title: 'Leo Whitfield',
          subtitle: 'North Campus',
          href: '/dash/students/leo',
        },
      ],
    });
  });
});

describe('ranking', () => {
  it('puts the exact full name first, then words in order, then the first word, then the rest; ties by name', () => {
    const index = buildSearchIndex({
      students: [
        student('other', 'Ann', 'Marie Lopez'), // "marie lopez" start the 2nd and 3rd words only
        student('first-word', 'Marie', 'Anne Lopez'), // "marie" starts the first word, "lopez" out of order
        student('in-order-b', 'Marie', 'Lopezzi'), // both words in order, not exact
        student('exact', 'Marie', 'Lopez'),
        student('in-order-a', 'Marie', 'Lopez-Abbott'), // in order, sorts before "lopezzi"
      ],
    });
    expect(ids(search(index, 'marie lopez'))).toEqual([
      'exact',
      'in-order-a',
      'in-order-b',
      'first-word',
      'other',
    ]);
  });

  it('ranks a typed word that starts the first name above one that starts a later word', () => {
    const index = buildSearchIndex({
      students: [
        student('ana', 'Ana', 'Martins'),
        student('maria', 'Maria', 'Lopez'),
        student('mark', 'Mark', 'Abbott'),
      ],
    });
    expect(ids(search(index, 'mar'))).toEqual(['maria', 'mark', 'ana']);
  });

  it('ranks "whit leo" below "leo whit" matches of the same name order', () => {
    const index = buildSearchIndex({
      students: [student('leo', 'Leo', 'Whitfield'), student('whit', 'Whitney', 'Leonard')],
    });
    // "whit leo": Whitney Leonard has both words in order; Leo Whitfield only its first word typed.
    expect(ids(search(index, 'whit leo'))).toEqual(['whit', 'leo']);
    expect(ids(search(index, 'leo whit'))).toEqual(['leo', 'whit']);
  });

  it('ranks every strict match above a loose one ("lo" for Leo), then by the same tiers', () => {
    const index = buildSearchIndex({
      students: [
        student('leo', 'Leo', 'Whitfield'),
        student('lorna', 'Lorna', 'Whitby'),
        student('ben', 'Ben', 'Lowe-Whitman'), // strict, but not from the first word
        student('lucio', 'Lucio', 'Whittle'), // loose, like Leo; "leo" < "lucio"
        student('whit', 'Whitney', 'Lamont'), // loose only: "lo" for "lamont", out of order
      ],
    });
    expect(ids(search(index, 'lo whit'))).toEqual(['lorna', 'ben', 'leo', 'lucio', 'whit']);
  });

  it('matches and ranks a preferred name like a first name', () => {
    const index = buildSearchIndex({
      students: [
        student('rob', 'Robert', 'Stone', { preferredName: 'Bobby' }),
        student('bob', 'Bob', 'Stonehouse'),
      ],
    });
    expect(ids(search(index, 'bobby stone'))).toEqual(['rob']);
    expect(ids(search(index, 'bob'))).toEqual(['bob', 'rob']);
    expect(search(index, 'bobby')[0]?.results[0]?.subtitle).toBe('Known as Bobby');
  });
});

describe('grouping and limits', () => {
  const sources: SearchSources = {
    resources: [{ id: 'r1', title: 'Maple leaf worksheet', kind: 'file' }],
    events: [
      { id: 'e1', title: 'Maple Grove trip', start: '2026-11-24T09:00:00+05:30', location: 'Park' },
    ],
    classrooms: [{ id: 'c1', name: 'Maple Room', campusId: 'cam-1' }],
    facilitators: [
      { id: 'f1', firstName: 'Maple', lastName: 'Jones', campusId: 'cam-1', status: 'inactive' },
    ],
    families: [
      { id: 'fam1', familyName: 'Mapleton', guardians: [{ name: 'Rosa Mapleton' }] },
      // Sorts before "Mapleton" by name, but is found through a guardian only.
      { id: 'fam2', familyName: 'Abbott', guardians: [{ name: 'Maple Abbott' }] },
    ],
    students: Array.from({ length: 12 }, (_, n) =>
      student(`s${String(n).padStart(2, '0')}`, 'Maple', `Child${String(n).padStart(2, '0')}`),
    ),
    campuses: [{ id: 'cam-1', name: 'North Campus' }],
  };
  const index = buildSearchIndex(sources);

  it('groups results by kind in a fixed order, whatever order the sources come in', () => {
    const groups = search(index, 'maple');
    expect(groups.map((group) => group.kind)).toEqual(SEARCH_KINDS);
  });

  it('shows at most limitPerKind results per kind and counts them all', () => {
    const groups = search(index, 'maple', { limitPerKind: 3 });
    const students = groups[0];
    expect(students?.total).toBe(12);
    expect(students?.results.map((r) => r.id)).toEqual(['s00', 's01', 's02']);
    expect(search(index, 'maple')[0]?.results).toHaveLength(5);
  });

  it('finds a family by a guardian’s name, ranked below a family of that name', () => {
    expect(ids(search(index, 'maple'), 'families')).toEqual(['fam1', 'fam2']);
    expect(ids(search(index, 'abbott'), 'families')).toEqual(['fam2']);
  });

  it('links and describes each kind', () => {
    const byKind = Object.fromEntries(search(index, 'maple').map((g) => [g.kind, g.results[0]]));
    expect(byKind.families).toMatchObject({
      href: '/dash/families/fam1',
      subtitle: 'Rosa Mapleton',
    });
    expect(byKind.facilitators).toMatchObject({
      href: '/dash/facilitators/f1',
      subtitle: 'North Campus · Inactive',
    });
    expect(byKind.classrooms).toMatchObject({
      href: '/dash/school/classrooms/c1',
      subtitle: 'North Campus',
    });
    expect(byKind.events).toMatchObject({ href: '/dash/calendar?event=e1' });
    // The event's own date (its offset), not the UTC one; the comma depends on the ICU version.
    expect(byKind.events?.subtitle).toMatch(/^Tue,? 24 Nov 2026 · Park$/);
    expect(byKind.resources).toMatchObject({
      href: '/dash/resources?resource=r1',
      subtitle: 'File',
    });
  });

  it('takes another link for a kind', () => {
    const other = buildSearchIndex(sources, {
      hrefs: { classrooms: (id) => `/dash/students?classroom=${id}` },
    });
    expect(search(other, 'maple room')[0]?.results[0]?.href).toBe('/dash/students?classroom=c1');
  });
});

describe('preparation', () => {
  it('folds words once at build time into a sorted word list', () => {
    const index = buildSearchIndex({
      students: [student('a', 'Émile', 'Zola'), student('b', 'Anaïs', 'Nin')],
    });
    expect(index.words).toEqual(['anais', 'emile', 'nin', 'zola']);
    expect(searchWords('  Zoë  O’Brien-Smith ')).toEqual(['zoe', 'obrien', 'smith']);
  });

  it('rebuilds the index only when the records change', () => {
    const indexFor = createSearchIndexCache();
    const students = [student('a', 'Leo', 'Whitfield')];
    const first = indexFor({ students });
    expect(indexFor({ students })).toBe(first);
    const changed = indexFor({ students: [...students, student('b', 'Lea', 'Whitaker')] });
    expect(changed).not.toBe(first);
    expect(ids(search(changed, 'lea'))).toEqual(['b']);
  });
});
