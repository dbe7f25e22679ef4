// The sign-in page tells the truth offline (issue 29, item 4): it shows only when no session can be
// restored here, and says why, depending on whether the last session ended with the browser.
import { afterEach, describe, expect, it } from 'vitest';
import { noteSessionEnded } from '~/auth/session-ended';
import { BackendError } from '~/backend/errors';
import {
  OFFLINE_NOBODY_SIGNED_IN,
  OFFLINE_SESSION_ENDED,
  SESSION_ENDED_NOTE,
  signInPageNote,
} from './offline-sign-in';
import { describeSignInError } from './sign-in';

afterEach(() => localStorage.clear());

const offlineFailure = new BackendError('Failed to sign in', {
  code: 'auth/network-request-failed',
});

describe('what the sign-in page says about getting in', () => {
  it('offline with nobody signed in: nobody is, and signing in needs a connection', () => {
    expect(signInPageNote(false)).toBe(OFFLINE_NOBODY_SIGNED_IN);
    expect(describeSignInError(offlineFailure)).toBe(OFFLINE_NOBODY_SIGNED_IN);
    expect(signInPageNote(true)).toBeNull();
  });

  it('after a session that ended with the browser: says so, online and offline', () => {
    noteSessionEnded(true);
    expect(signInPageNote(true)).toBe(SESSION_ENDED_NOTE);
    expect(signInPageNote(false)).toBe(OFFLINE_SESSION_ENDED);
    expect(describeSignInError(offlineFailure)).toBe(OFFLINE_SESSION_ENDED);
    expect(OFFLINE_SESSION_ENDED).not.toContain('the first time');
    noteSessionEnded(false);
    expect(signInPageNote(true)).toBeNull();
  });
});
