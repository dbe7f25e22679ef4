// Shared by the backend's test files (never imported by app code): sign-in as a demo role and
// assertions on BackendError. Kept beside the tests because only app/backend may import firebase.
import { expect } from 'vitest';
import type { Role } from '~/domain/roles';
import { demoAccount } from '../../mocks/demo-accounts';
import { signInWithEmail, signOutUser } from './auth';
import { BackendError } from './errors';

/** Signs the test's Firebase app in as the demo account of `role`. */
export async function signInAs(role: Role): Promise<string> {
  const account = demoAccount(role);
  await signOutUser();
  const user = await signInWithEmail(account.email, account.password, { remember: false });
  return user.uid;
}

/** Awaits a promise that must reject with a BackendError, and returns that error. */
export async function rejectionOf(promise: Promise<unknown>): Promise<BackendError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome, 'the call should have failed').toBeInstanceOf(BackendError);
  if (!(outcome instanceof BackendError)) throw new Error('unreachable');
  return outcome;
}

/** A collection-unique tag, so each test queries only the documents it wrote. */
export function uniqueTag(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}
