// The callable functions through the real firebase/functions SDK against the fake.
import { beforeAll, describe, expect, it } from 'vitest';
import { createFakeGoogleIdToken } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import { signInWithGoogleCredential } from './auth';
import { callLogUnregisteredSignin } from './callables';

beforeAll(async () => {
  await fake.reset();
});

describe('callLogUnregisteredSignin', () => {
  it('logs the attempt and returns the notice the function answers with', async () => {
    const user = await signInWithGoogleCredential(
      createFakeGoogleIdToken('someone.else@gmail.example', 'Someone Else'),
      { remember: false },
    );
    const notice = await callLogUnregisteredSignin({
      email: user.email,
      displayName: user.displayName,
      photoURL: user.photoURL,
      uid: user.uid,
      providerData: user.providerData,
      expectedEmail: 'parent@demo-learning.example',
      timestamp: new Date().toISOString(),
      warning: 'Signed in with an address other than the expected one',
    });
    expect(notice).toEqual({
      type: 'warning',
      message: 'Please sign in with the expected address',
    });
    expect(fake.requests(/cloudfunctions\.net\/logUnregisterdSignin$/)).toHaveLength(1);
    const logged = fake.listDocuments('unregisteredSignins').map((doc) => doc.data);
    expect(logged).toContainEqual(
      expect.objectContaining({
        email: 'someone.else@gmail.example',
        expectedEmail: 'parent@demo-learning.example',
      }),
    );
  });
});
