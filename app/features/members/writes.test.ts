// The members screens' actions against the fake Firebase (msw/node): validation stops a form
// before any request, the backend's refusals reach the person in words, and a successful callable
// refreshes the members cache.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInAs } from '~/backend/test-helpers';
import { outbox } from '~/data/outbox';
import { initCache, store } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { fake } from '../../../mocks/index';
import { NEEDS_NETWORK } from './member-rules';
import {
  inviteFormAction,
  inviteMember,
  linkMember,
  setMemberRoles,
  setMemberStatus,
} from './writes';

beforeAll(async () => {
  await fake.reset();
  await initCache({ uid: 'demo-admin' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const inviteRequests = () => fake.requests(/cloudfunctions\.net\/inviteMember$/).length;

describe('inviting a member', () => {
  it('returns every field error with what was typed and sends nothing', async () => {
    await signInAs('admin');
    const before = inviteRequests();
    const result = await inviteMember({ email: 'nope', displayName: '' });
    expect(result).toMatchObject({
      intent: 'invite',
      ok: false,
      status: 400,
      fieldErrors: {
        email: 'Enter a valid e-mail address, like name@example.com.',
        displayName: 'Enter the name the member will see.',
        roles: 'Choose at least one role.',
      },
      values: { email: 'nope', displayName: '' },
    });
    expect(inviteRequests()).toBe(before);
  });

  it('says the network is needed while offline, and keeps what was typed', async () => {
    await signInAs('admin');
    vi.spyOn(syncEngine.connectivity, 'isOnline').mockReturnValue(false);
    const before = inviteRequests();
    const values = { email: 'later@demo-learning.example', displayName: 'Later', roles: 'parent' };
    const result = await inviteMember(values);
    expect(result.ok).toBe(false);
    expect(result.message).toBe(`Could not invite. ${NEEDS_NETWORK}`);
    // The form shows it above its fields, with what was typed.
    expect(result.fieldErrors).toEqual({ _form: `Could not invite. ${NEEDS_NETWORK}` });
    expect(result.values).toEqual(values);
    expect(inviteRequests()).toBe(before);
  });

  it('shows the backend refusal when an admin tries to invite another admin', async () => {
    await signInAs('admin');
    const result = await inviteMember({
      email: 'would.be.admin@demo-learning.example',
      displayName: 'Would Be',
      roles: ['admin'],
    });
    expect(result.ok).toBe(false);
    expect(result.message).toBe(
      'Could not invite the member: Only a superAdmin may grant admin or superAdmin.',
    );
    expect(
      fake.accounts.list().some((a) => a.email === 'would.be.admin@demo-learning.example'),
    ).toBe(false);
  });

  it('creates the account, says where the invitation went (no password) and lists the new member', async () => {
    await signInAs('admin');
    const result = await inviteMember({
      email: 'New.Helper@demo-learning.example',
      displayName: 'New Helper',
      roles: 'facilitator',
    });
    expect(result).toMatchObject({
      ok: true,
      invitedEmail: 'new.helper@demo-learning.example',
      message: 'Invitation sent to new.helper@demo-learning.example.',
    });
    expect(JSON.stringify(result)).not.toMatch(/password/i);
    expect(
      fake
        .listDocuments('mail')
        .filter((m) => (m.data.to as string[]).includes('new.helper@demo-learning.example')),
    ).toHaveLength(1);
    const cached = await store.list('members', {
      filters: [{ field: 'email', op: '==', value: 'new.helper@demo-learning.example' }],
    });
    expect(cached).toHaveLength(1);
    expect(cached[0]).toMatchObject({ displayName: 'New Helper', roles: ['facilitator'] });
  });

  it("sends the invitation again (a new e-mail), through the invite page's action", async () => {
    await signInAs('admin');
    const form = new FormData();
    form.set('intent', 'resend');
    form.set('email', 'new.helper@demo-learning.example');
    const result = await inviteFormAction(form);
    expect(result).toMatchObject({
      intent: 'resend',
      ok: true,
      invitedEmail: 'new.helper@demo-learning.example',
      message: 'Invitation sent to new.helper@demo-learning.example again.',
    });
    expect(
      fake
        .listDocuments('mail')
        .filter((m) => (m.data.to as string[]).includes('new.helper@demo-learning.example')),
    ).toHaveLength(2);
  });

  it('refuses a second invitation to the same address', async () => {
    await signInAs('admin');
    const result = await inviteMember({
      email: 'new.helper@demo-learning.example',
      displayName: 'Again',
      roles: 'facilitator',
    });
    expect(result.ok).toBe(false);
    expect(result.message).toBe(
      'Could not invite the member: An account with this e-mail already exists.',
    );
  });
});

describe('changing roles and status', () => {
  const target = 'demo-facilitator';

  it('lets the backend refuse an admin who grants admin, and says why', async () => {
    await signInAs('admin');
    const result = await setMemberRoles({ uid: target, roles: ['facilitator', 'admin'] });
    expect(result).toMatchObject({
      intent: 'roles',
      ok: false,
      uid: target,
      message: 'Roles not saved: Only a superAdmin may grant or remove admin or superAdmin.',
    });
    expect(fake.getDocument(`Members/${target}`)).toMatchObject({ roles: ['facilitator'] });
  });

  it('lets a superAdmin grant admin and refreshes the cached member', async () => {
    await signInAs('superAdmin');
    const result = await setMemberRoles({ uid: target, roles: ['facilitator', 'admin'] });
    expect(result).toMatchObject({ ok: true, message: 'Roles saved.' });
    expect(await store.get('members', target)).toMatchObject({
      roles: ['admin', 'facilitator'],
    });
    // Put the seed back for the tests that follow.
    await setMemberRoles({ uid: target, roles: ['facilitator'] });
  });

  it('refuses an empty role list before calling the backend', async () => {
    await signInAs('superAdmin');
    const result = await setMemberRoles({ uid: target });
    expect(result.ok).toBe(false);
    expect(result.fieldErrors?.roles).toMatch(/Keep at least one role/);
  });

  it('suspends and reactivates a member through the callable', async () => {
    await signInAs('admin');
    const suspended = await setMemberStatus({ uid: 'demo-parent', status: 'suspended' });
    expect(suspended).toMatchObject({ ok: true, message: 'Member suspended.' });
    expect(await store.get('members', 'demo-parent')).toMatchObject({
      status: 'suspended',
    });
    const back = await setMemberStatus({ uid: 'demo-parent', status: 'active' });
    expect(back).toMatchObject({ ok: true, message: 'Member reactivated.' });
  });
});

describe('linking a member to records', () => {
  it('refuses links to records that do not exist, field by field', async () => {
    await signInAs('admin');
    await syncEngine.refresh('members');
    const result = await linkMember('demo-parent', {
      familyId: 'no-such-family',
      studentId: 'no-such-student',
      facilitatorId: '',
    });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        familyId: 'Choose a family from the list.',
        studentId: 'Choose a student from the list.',
      },
    });
  });

  it('writes only the link fields through the cache', async () => {
    await signInAs('admin');
    await syncEngine.refresh('families');
    const [family] = await store.list('families', { limit: 1 });
    expect(family).toBeDefined();
    const result = await linkMember('demo-facilitator', {
      familyId: family?.id ?? '',
      studentId: '',
      facilitatorId: '',
    });
    expect(result).toMatchObject({ ok: true, message: 'Links saved.' });
    expect(await store.get('members', 'demo-facilitator')).toMatchObject({
      familyId: family?.id,
      roles: ['facilitator'],
    });
    const pending = await outbox.pendingChanges();
    const change = pending.find((c) => c.itemId === 'demo-facilitator');
    expect(Object.keys(change?.data ?? {}).sort()).toEqual([
      'facilitatorId',
      'familyId',
      'studentId',
    ]);
  });
});
