import { describe, expect, it } from 'vitest';
import type { Role } from '~/domain/roles';
import {
  backTarget,
  groupByCategory,
  pagesForRoles,
  previousAndNext,
  readingOrder,
  sidebarGroups,
} from './guide-nav';
import type { GuideCategory, GuideEntry } from './guide-meta';

function entry(
  id: string,
  category: GuideCategory,
  order: number,
  audience: Role[] | null = null,
): GuideEntry {
  return {
    id,
    title: id,
    description: `About ${id}.`,
    category,
    order,
    lastUpdated: '2026-11-24',
    audience,
    path: `/docs/user-guide/${id}.md`,
    words: 200,
  };
}

// Sorted by id, as the manifest gives them.
const PAGES: GuideEntry[] = [
  entry('accessing-documentation', 'general', 1),
  entry('features/attendance', 'features', 6, ['admin', 'facilitator', 'parent']),
  entry('features/calendar', 'features', 4),
  entry('features/messages', 'features', 5, ['parent', 'facilitator']),
  entry('getting-started/navigation', 'gettingStarted', 2),
  entry('getting-started/signing-in', 'gettingStarted', 0),
  entry('index', 'general', 0),
  entry('roles/administrator', 'roles', 0, ['admin', 'superAdmin', 'administration']),
  entry('roles/parent', 'roles', 2, ['parent']),
  entry('roles/student', 'roles', 3, ['student']),
  entry('troubleshooting/common-issues', 'troubleshooting', 0),
];

const ids = (pages: readonly GuideEntry[]) => pages.map((page) => page.id);

describe('grouping the guide by category', () => {
  it('lists the categories in the spec order, each page by its order, and skips empty ones', () => {
    const groups = groupByCategory(PAGES);
    expect(groups.map((group) => group.label)).toEqual([
      'General',
      'Getting started',
      'Features',
      'Roles',
      'Troubleshooting',
    ]);
    expect(ids(groups[0]?.pages ?? [])).toEqual(['index', 'accessing-documentation']);
    expect(ids(groups[2]?.pages ?? [])).toEqual([
      'features/calendar',
      'features/messages',
      'features/attendance',
    ]);
    expect(groupByCategory(PAGES.filter((p) => p.category !== 'roles')).map((g) => g.key)).toEqual([
      'general',
      'gettingStarted',
      'features',
      'troubleshooting',
    ]);
  });

  it('reads the pages in the sidebar order, each once', () => {
    expect(ids(readingOrder(PAGES))).toEqual([
      'index',
      'accessing-documentation',
      'getting-started/signing-in',
      'getting-started/navigation',
      'features/calendar',
      'features/messages',
      'features/attendance',
      'roles/administrator',
      'roles/parent',
      'roles/student',
      'troubleshooting/common-issues',
    ]);
  });
});

describe('the "For you" group', () => {
  it('shows a parent the parent page first, then the pages written for parents', () => {
    expect(ids(pagesForRoles(PAGES, ['parent']))).toEqual([
      'roles/parent',
      'features/messages',
      'features/attendance',
    ]);
  });

  it('shows a student only the student page when nothing else names students', () => {
    expect(ids(pagesForRoles(PAGES, ['student']))).toEqual(['roles/student']);
  });

  it('gives someone with several roles each role page once, in the order of their roles', () => {
    expect(ids(pagesForRoles(PAGES, ['administration', 'admin', 'parent']))).toEqual([
      'roles/administrator',
      'roles/parent',
      'features/messages',
      'features/attendance',
    ]);
  });

  it('is empty for someone not signed in, so the sidebar starts with the categories', () => {
    expect(pagesForRoles(PAGES, [])).toEqual([]);
    expect(sidebarGroups(PAGES, [])[0]?.key).toBe('general');
  });

  it('comes first in the sidebar for a signed-in person', () => {
    const groups = sidebarGroups(PAGES, ['parent']);
    expect(groups[0]?.label).toBe('For you');
    expect(groups[0]?.pages[0]?.id).toBe('roles/parent');
    expect(groups).toHaveLength(6);
  });
});

describe('previous and next', () => {
  it('has no previous page on the first page and no next page on the last', () => {
    expect(previousAndNext(PAGES, 'index')).toEqual({
      previous: null,
      next: expect.objectContaining({ id: 'accessing-documentation' }),
    });
    expect(previousAndNext(PAGES, 'troubleshooting/common-issues')).toEqual({
      previous: expect.objectContaining({ id: 'roles/student' }),
      next: null,
    });
  });

  it('crosses from the end of one category to the start of the next', () => {
    const { previous, next } = previousAndNext(PAGES, 'getting-started/signing-in');
    expect(previous?.id).toBe('accessing-documentation');
    expect(next?.id).toBe('getting-started/navigation');
  });

  it('has neither for a page the guide does not have', () => {
    expect(previousAndNext(PAGES, 'no/such-page')).toEqual({ previous: null, next: null });
  });
});

describe('the way back', () => {
  it('accepts a path on this site and keeps its query', () => {
    expect(backTarget('/dash/calendar?view=week')).toBe('/dash/calendar?view=week');
  });

  it('refuses another site, a missing value and the guide itself', () => {
    expect(backTarget('https://example.com/')).toBeNull();
    expect(backTarget('//example.com/')).toBeNull();
    expect(backTarget(null)).toBeNull();
    expect(backTarget('/help/features/calendar')).toBeNull();
    expect(backTarget('/help?page=index')).toBeNull();
  });
});
