// Recent global searches, kept on this device per person in localStorage
// (`lc.recentSearches.<uid>`, RECENT_SEARCHES_KEY_PREFIX): at most 8, newest first, each once
// (compared case- and accent-insensitively, the latest spelling kept). Sign-out removes them
// (app/auth/session.ts forgetPersonalStorage, which does what clearRecentSearches does here).
// Storage that is missing, full or holds something else is treated as empty: a recent search is
// a convenience, never a reason to fail.
import { z } from 'zod';
import { RECENT_SEARCHES_KEY_PREFIX } from '~/config/constants';
import { foldText } from './search-index';

export const MAX_RECENT_SEARCHES = 8;

/** The storage calls used here (localStorage by default; tests pass their own). */
export type RecentSearchStorage = Pick<
  Storage,
  'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'
>;

const storedSchema = z.array(z.string());

export function recentSearchesKey(uid: string): string {
  return `${RECENT_SEARCHES_KEY_PREFIX}${uid}`;
}

function defaultStorage(): RecentSearchStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const sameSearch = (a: string, b: string) => foldText(a) === foldText(b);
const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/** The person's recent searches, newest first. */
export function readRecentSearches(
  uid: string,
  storage: RecentSearchStorage | null = defaultStorage(),
): string[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(recentSearchesKey(uid));
    if (raw === null) return [];
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.slice(0, MAX_RECENT_SEARCHES) : [];
  } catch {
    return [];
  }
}

function write(uid: string, searches: string[], storage: RecentSearchStorage | null): void {
  if (!storage) return;
  try {
    if (searches.length === 0) storage.removeItem(recentSearchesKey(uid));
    else storage.setItem(recentSearchesKey(uid), JSON.stringify(searches));
  } catch {
    // Storage full or unavailable: the search still worked.
  }
}

/** Notes a search the person made (blank ones are ignored); returns the new list. */
export function addRecentSearch(
  uid: string,
  text: string,
  storage: RecentSearchStorage | null = defaultStorage(),
): string[] {
  const search = tidy(text);
  const before = readRecentSearches(uid, storage);
  if (!search) return before;
  const after = [search, ...before.filter((old) => !sameSearch(old, search))].slice(
    0,
    MAX_RECENT_SEARCHES,
  );
  write(uid, after, storage);
  return after;
}

/** Forgets one recent search; returns the new list. */
export function removeRecentSearch(
  uid: string,
  text: string,
  storage: RecentSearchStorage | null = defaultStorage(),
): string[] {
  const after = readRecentSearches(uid, storage).filter((old) => !sameSearch(old, text));
  write(uid, after, storage);
  return after;
}

/** Forgets every person's recent searches on this device (what sign-out does). */
export function clearRecentSearches(storage: RecentSearchStorage | null = defaultStorage()): void {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(RECENT_SEARCHES_KEY_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Nothing to forget.
  }
}

/** Forgets one person's recent searches (the dialog's "Clear"), leaving other people's alone. */
export function clearRecentSearchesOf(
  uid: string,
  storage: RecentSearchStorage | null = defaultStorage(),
): void {
  write(uid, [], storage);
}
