// The remembered last page (spec §2): every entry to a path under /dash/ stores its full path, and
// sign-in reopens it.
import { STORAGE_KEYS } from '~/config/constants';

/** Whether a path is one the lastPage rule remembers: strictly under /dash/. */
export function isRememberedPath(pathname: string): boolean {
  return pathname.startsWith('/dash/') && pathname.length > '/dash/'.length;
}

/** Stores the full path (with search and hash) when the rule applies; returns whether it stored. */
export function rememberLastPage(location: {
  pathname: string;
  search?: string;
  hash?: string;
}): boolean {
  if (!isRememberedPath(location.pathname)) return false;
  const fullPath = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  try {
    localStorage.setItem(STORAGE_KEYS.lastPage, fullPath);
    return true;
  } catch {
    return false;
  }
}

/** The stored last page, only if it is still a path under /dash/ (never an external URL). */
export function readLastPage(): string | null {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.lastPage);
    return value && isRememberedPath(value.split(/[?#]/)[0] ?? '') ? value : null;
  } catch {
    return null;
  }
}
