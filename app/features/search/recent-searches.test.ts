import { afterEach, describe, expect, it } from 'vitest';
import { forgetPersonalStorage } from '~/auth/session';
import { RECENT_SEARCHES_KEY_PREFIX } from '~/config/constants';
import {
  addRecentSearch,
  clearRecentSearches,
  clearRecentSearchesOf,
  MAX_RECENT_SEARCHES,
  readRecentSearches,
  recentSearchesKey,
  removeRecentSearch,
  type RecentSearchStorage,
} from './recent-searches';

afterEach(() => localStorage.clear());

describe('recent searches', () => {
  it('are kept per person under lc.recentSearches.<uid>, newest first', () => {
    addRecentSearch('u1', 'leo');
    addRecentSearch('u1', 'maple room');
    addRecentSearch('u2', 'okafor');
    expect(recentSearchesKey('u1')).toBe('lc.recentSearches.u1');
    expect(readRecentSearches('u1')).toEqual(['maple room', 'leo']);
    expect(readRecentSearches('u2')).toEqual(['okafor']);
    expect(JSON.parse(localStorage.getItem('lc.recentSearches.u1') ?? '')).toEqual([
      'maple room',
      'leo',
    ]);
  });

  it('keep each search once, moved to the front in its latest spelling', () => {
    addRecentSearch('u1', 'Zoë');
    addRecentSearch('u1', 'leo');
    expect(addRecentSearch('u1', '  zoe  ')).toEqual(['zoe', 'leo']);
  });

  it(`keep at most ${MAX_RECENT_SEARCHES}`, () => {
    for (let n = 1; n <= 10; n++) addRecentSearch('u1', `search ${n}`);
    const recent = readRecentSearches('u1');
    expect(recent).toHaveLength(8);
    expect(recent[0]).toBe('search 10');
    expect(recent[7]).toBe('search 3');
  });

  it('ignore blank searches and tidy spaces', () => {
    expect(addRecentSearch('u1', '   ')).toEqual([]);
    expect(addRecentSearch('u1', ' lo   whit ')).toEqual(['lo whit']);
  });

  it('can forget one search', () => {
    addRecentSearch('u1', 'leo');
    addRecentSearch('u1', 'mar');
    expect(removeRecentSearch('u1', 'LEO')).toEqual(['mar']);
    expect(removeRecentSearch('u1', 'mar')).toEqual([]);
    expect(localStorage.getItem('lc.recentSearches.u1')).toBeNull();
  });

  it('are all cleared (every person’s) by clearRecentSearches, other keys kept', () => {
    addRecentSearch('u1', 'leo');
    addRecentSearch('u2', 'mar');
    localStorage.setItem('theme', 'dark');
    clearRecentSearches();
    expect(readRecentSearches('u1')).toEqual([]);
    expect(readRecentSearches('u2')).toEqual([]);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(
      Object.keys(localStorage).filter((key) => key.startsWith(RECENT_SEARCHES_KEY_PREFIX)),
    ).toEqual([]);
  });

  it('treat unreadable or missing storage as empty, never failing', () => {
    localStorage.setItem('lc.recentSearches.u1', '{not json');
    expect(readRecentSearches('u1')).toEqual([]);
    localStorage.setItem('lc.recentSearches.u1', JSON.stringify([1, 2]));
    expect(readRecentSearches('u1')).toEqual([]);
    // No storage: the list is still returned (for the open dialog), nothing is kept.
    expect(addRecentSearch('u1', 'leo', null)).toEqual(['leo']);
    expect(readRecentSearches('u1', null)).toEqual([]);
    const full: RecentSearchStorage = {
      length: 0,
      key: () => null,
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(addRecentSearch('u1', 'leo', full)).toEqual(['leo']);
    expect(() => clearRecentSearches(null)).not.toThrow();
  });

  it('are cleared at sign-out (the session forgets personal storage)', () => {
    addRecentSearch('u1', 'leo');
    addRecentSearch('u2', 'mar');
    localStorage.setItem('theme', 'dark');
    forgetPersonalStorage();
    expect(readRecentSearches('u1')).toEqual([]);
    expect(readRecentSearches('u2')).toEqual([]);
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});

describe('clearing one person’s recent searches', () => {
  it('forgets theirs and keeps everyone else’s', () => {
    addRecentSearch('u1', 'leo');
    addRecentSearch('u2', 'mar');
    clearRecentSearchesOf('u1');
    expect(readRecentSearches('u1')).toEqual([]);
    expect(readRecentSearches('u2')).toEqual(['mar']);
    expect(localStorage.getItem('lc.recentSearches.u1')).toBeNull();
  });
});
