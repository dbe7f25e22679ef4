import { beforeEach, describe, expect, it } from 'vitest';
import { readLastPage, rememberLastPage } from './last-page';

describe('the lastPage rule', () => {
  beforeEach(() => localStorage.clear());

  it('stores the full path of every page under /dash/', () => {
    expect(
      rememberLastPage({ pathname: '/dash/students', search: '?status=enrolled', hash: '#top' }),
    ).toBe(true);
    expect(localStorage.getItem('lastPage')).toBe('/dash/students?status=enrolled#top');
    expect(readLastPage()).toBe('/dash/students?status=enrolled#top');
  });

  it('ignores paths outside /dash/', () => {
    for (const pathname of ['/', '/login', '/dashboard', '/dash', '/dash/', '/examples']) {
      expect(rememberLastPage({ pathname })).toBe(false);
    }
    expect(localStorage.getItem('lastPage')).toBeNull();
  });

  it('never hands back a stored value that is not a /dash/ path', () => {
    localStorage.setItem('lastPage', 'https://evil.example/dash/home');
    expect(readLastPage()).toBeNull();
  });
});
