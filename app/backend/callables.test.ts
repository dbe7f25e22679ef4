// The callable functions through the real firebase/functions SDK against the fake.
import { beforeAll, describe, expect, it } from 'vitest';
import { createFakeGoogleIdToken } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import { signInWithGoogleCredential } from './auth';
import {
  callInviteMember,
  callLogUnregisteredSignin,
  callSetMemberRoles,
  callSetMemberStatus,
} from './callables';
import { rejectionOf, signInAs } from './test-helpers';

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

describe('member administration callables', () => {
  it('invites a member, changes their roles and suspends them', async () => {
    await signInAs('superAdmin');
    const invited = await callInviteMember({
      email: 'new.teacher@demo-learning.example',
      displayName: 'New Teacher',
      roles: ['facilitator'],
    });
    expect(invited.email).toBe('new.teacher@demo-learning.example');
    expect(fake.getDocument(`Members/${invited.uid}`)).toMatchObject({ roles: ['facilitator'] });

    await expect(
      callSetMemberRoles({ uid: invited.uid, roles: ['facilitator', 'administration'] }),
    ).resolves.toEqual({ uid: invited.uid, roles: ['facilitator', 'administration'] });
    await expect(callSetMemberStatus({ uid: invited.uid, status: 'suspended' })).resolves.toEqual({
      uid: invited.uid,
      status: 'suspended',
    });
    expect(fake.accounts.list().find((a) => a.uid === invited.uid)?.disabled).toBe(true);
  });

  it('refuses an invitation from a parent as a permanent permission-denied', async () => {
    await signInAs('parent');
    const error = await rejectionOf(
      callInviteMember({ email: 'x@demo-learning.example', roles: ['parent'] }),
    );
    expect(error.code).toBe('functions/permission-denied');
    expect(error.permanent).toBe(true);
  });
});
