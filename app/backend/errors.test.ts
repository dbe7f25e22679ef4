import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackendError, firebaseCodeOf, isPermanentCode, toBackendError } from './errors';
import { request } from './request';

describe('BackendError classification', () => {
  it('marks refusals the same request cannot overcome as permanent', () => {
    for (const code of [
      'permission-denied',
      'invalid-argument',
      'not-found',
      'failed-precondition',
      'already-exists',
      'functions/permission-denied',
      'auth/invalid-credential',
      'auth/user-disabled',
    ]) {
      expect(isPermanentCode(code), code).toBe(true);
    }
  });

  it('marks network, availability and server trouble as transient', () => {
    for (const code of [
      'unavailable',
      'deadline-exceeded',
      'internal',
      'unknown',
      'aborted',
      'resource-exhausted',
      'unauthenticated',
      'functions/unavailable',
      'auth/network-request-failed',
    ]) {
      expect(isPermanentCode(code), code).toBe(false);
    }
  });

  it('recovers already-exists from the aborted code firestore/lite derives from HTTP 409', () => {
    const liteError = {
      code: 'aborted',
      message: 'Request failed with error: Document already exists: x',
    };
    expect(firebaseCodeOf(liteError)).toBe('already-exists');
    expect(firebaseCodeOf({ code: 'aborted', message: 'Transaction contention' })).toBe('aborted');
  });

  it('keeps the SDK code and cause under the user-facing message', () => {
    const cause = Object.assign(new Error('Missing or insufficient permissions.'), {
      code: 'permission-denied',
    });
    const error = toBackendError(cause, 'Failed to save item');
    expect(error).toBeInstanceOf(BackendError);
    expect(error.message).toBe('Failed to save item');
    expect(error.code).toBe('permission-denied');
    expect(error.permanent).toBe(true);
    expect(error.cause).toBe(cause);
    expect(toBackendError('something odd', 'Failed to get data').code).toBe('unknown');
  });
});

describe('request', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails at once with a transient unavailable error while the device is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const call = vi.fn(() => Promise.resolve('never used'));
    const error = await request('Failed to get data', call).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendError);
    expect(error).toMatchObject({
      message: 'Failed to get data',
      code: 'unavailable',
      permanent: false,
    });
    expect(call).not.toHaveBeenCalled();
  });

  it('abandons a call that never answers with a transient deadline-exceeded error', async () => {
    vi.useFakeTimers();
    const pending = request('Failed to save item', () => new Promise<never>(() => {}), 1000);
    const outcome = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await outcome).toMatchObject({
      message: 'Failed to save item',
      code: 'deadline-exceeded',
      permanent: false,
    });
  });

  it('waits without limit when told to, as a sign-in popup needs', async () => {
    vi.useFakeTimers();
    let resolve: (value: string) => void = () => {};
    const pending = request(
      'Failed to sign in with Google',
      () => new Promise<string>((r) => (resolve = r)),
      Infinity,
    );
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    resolve('signed in');
    await expect(pending).resolves.toBe('signed in');
  });
});
