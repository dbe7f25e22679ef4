// A conversation's stored participant names follow a rename, against the fake Firebase through
// app/backend and the real SDK: the parent renames themselves on their profile (a write of their own
// Members document), and the trigger the fake runs after the commit, as the deployed
// onMemberWritten does (participant-names.ts), gives every conversation they are in the new name.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conversationSchema } from '~/domain/records';
import { demoAccount } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import { signOutUser } from './auth';
import { getDocument, updateDocument } from './documents';
import { signInAs } from './test-helpers';

const par = demoAccount('parent').uid;
const fac = demoAccount('facilitator').uid;
const names = z.record(z.string(), z.object({ name: z.string(), role: z.string() }));

/** The stored names of each seeded conversation with this participant, by conversation id. */
function storedNamesWith(memberUUID: string): Map<string, z.infer<typeof names>> {
  return new Map(
    fake
      .listDocuments('conversations')
      .filter((c) => z.array(z.string()).parse(c.data.participantIds).includes(memberUUID))
      .map((c) => [c.id, names.parse(c.data.participantNames)]),
  );
}

beforeEach(async () => {
  await fake.reset();
});

afterEach(async () => {
  await signOutUser();
});

describe("a person's new name reaches the conversations they are in", () => {
  it('renames a parent in every one of their conversations, and nowhere else', async () => {
    const before = storedNamesWith(par);
    expect(before.size).toBeGreaterThan(1);
    for (const stored of before.values())
      expect(stored[par]?.name).toBe(demoAccount('parent').displayName);
    const untouched = fake
      .listDocuments('conversations')
      .filter((c) => !before.has(c.id))
      .map((c) => ({ id: c.id, names: c.data.participantNames }));

    await signInAs('parent');
    await updateDocument('Members', par, { displayName: 'Grace Okafor-Boateng' });

    const after = storedNamesWith(par);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [id, stored] of after) {
      expect(stored[par]).toEqual({ name: 'Grace Okafor-Boateng', role: 'Parent' });
      // The other participants keep their names.
      const { [par]: _old, ...others } = before.get(id) ?? {};
      const { [par]: _new, ...othersAfter } = stored;
      expect(othersAfter).toEqual(others);
    }
    for (const { id, names: stored } of untouched) {
      expect(fake.getDocument(`conversations/${id}`)?.participantNames).toEqual(stored);
    }
    // The parent reads the new name on the conversation itself, as the inbox does.
    const [first] = [...after.keys()];
    const read = await getDocument('conversations', first ?? '', conversationSchema);
    expect(read?.participantNames?.[par]?.name).toBe('Grace Okafor-Boateng');
  });

  it('writes nothing to the conversations when a profile write keeps the name', async () => {
    const before = fake.listDocuments('conversations').map((c) => ({ ...c.data }));
    await signInAs('facilitator');
    await updateDocument('Members', fac, { preferences: { persistLogin: true } });
    expect(fake.listDocuments('conversations').map((c) => ({ ...c.data }))).toEqual(before);
  });
});
