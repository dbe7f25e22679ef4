// The outbox key against the fake (decision 051): a member who signs in without "Keep me signed in"
// gets a key written once on their own Members document, and the next session reads the same one.
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWithEmail, signOutUser } from '~/backend/auth';
import { getMember, updateDocument } from '~/backend/documents';
import { demoAccount } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import { OUTBOX_KEY_SESSION_KEY, outboxSealingFor } from './outbox-key';

beforeAll(async () => {
  await fake.reset();
});

describe('the outbox key on the member’s profile', () => {
  it('is written once by the member, and every later session of theirs uses the same one', async () => {
    const { email, password } = demoAccount('parent');
    await signOutUser();
    const user = await signInWithEmail(email, password, { remember: false });
    const member = await getMember(user.uid);
    expect(member?.outboxKey).toBeUndefined();

    const first = await outboxSealingFor(
      { uid: user.uid, member },
      { remembered: async () => false },
    );
    expect(first.key).not.toBeNull();
    const stored = (await getMember(user.uid))?.outboxKey;
    expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sessionStorage.getItem(OUTBOX_KEY_SESSION_KEY)).toBe(`${user.uid}:${stored}`);

    // Nobody changes it afterwards, the member included.
    await expect(
      updateDocument('Members', user.uid, { outboxKey: 'A'.repeat(43) }),
    ).rejects.toMatchObject({ code: 'permission-denied' });

    // A later session on another computer (no tab copy) reads the stored key.
    sessionStorage.clear();
    const later = await outboxSealingFor(
      { uid: user.uid, member: await getMember(user.uid) },
      { remembered: async () => false },
    );
    expect(sessionStorage.getItem(OUTBOX_KEY_SESSION_KEY)).toBe(`${user.uid}:${stored}`);
    expect(later.key).not.toBeNull();
  });
});
