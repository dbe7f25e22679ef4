// The fake runs the write triggers after a client's commit, through the real SDK over HTTP: the
// Members access links follow a student's move, only the members the write affects are rewritten,
// and a member's own profile edit keeps the links the triggers wrote.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signOutUser } from '../app/backend/auth';
import { updateDocument } from '../app/backend/documents';
import { signInAs } from '../app/backend/test-helpers';
import { demoAccount } from './demo-accounts';
import { fake } from './index';

const student = demoAccount('student').uid;
const parent = demoAccount('parent').uid;
const strings = z.array(z.string());
const accessOf = (uid: string) =>
  z
    .object({ access: z.object({ classroomIds: strings, childClassroomIds: strings }) })
    .parse(fake.getDocument(`Members/${uid}`)).access;

beforeEach(async () => {
  await signOutUser();
  await fake.reset();
});
afterAll(() => new Promise((r) => setTimeout(r, 100)));

/** The paths of the documents changed while `run` runs. */
async function changedWhile(run: () => Promise<unknown>): Promise<string[]> {
  const paths: string[] = [];
  const stop = fake.onChange((event) => paths.push(event.path));
  try {
    await run();
  } finally {
    stop();
  }
  return paths;
}

describe('write triggers after a client commit', () => {
  it('moves the links of the student, their parents and the facilitators, and no one else’s', async () => {
    const studentId = z.string().parse(fake.getDocument(`Members/${student}`)?.studentId);
    const record = fake.getDocument(`students/${studentId}`);
    const from = strings.parse(record?.classroomIds);
    const to = fake.listDocuments('classrooms').find((c) => !from.includes(c.id))?.id;
    if (!to) throw new Error('The seed has a single classroom.');

    await signInAs('admin');
    const changed = await changedWhile(() =>
      updateDocument('students', studentId, { classroomIds: [to] }),
    );

    expect(accessOf(student).classroomIds).toEqual([to]);
    expect(accessOf(parent).childClassroomIds).toContain(to);
    const members = [...new Set(changed.filter((p) => p.startsWith('Members/')))];
    expect(members).toContain(`Members/${student}`);
    expect(members).toContain(`Members/${parent}`);
    // The family's guardians and the teachers of the two classrooms: a handful, not the school.
    expect(members.length).toBeLessThan(10);
    // Not the version bump: the app makes it itself with its own writes.
    expect(changed).not.toContain('system/collectionVersions');
  });

  it('keeps the links when a member edits their own profile, and does not rewrite them', async () => {
    await signInAs('admin');
    const studentId = z.string().parse(fake.getDocument(`Members/${student}`)?.studentId);
    await updateDocument('students', studentId, { notes: 'Walks home' });
    const links = accessOf(parent);

    await signInAs('parent');
    const changed = await changedWhile(() =>
      updateDocument('Members', parent, { displayName: 'Ama O.' }),
    );
    // The profile, its audit entry, and the stored name in the parent's own conversations (the
    // participantNames trigger); not the links.
    const conversations = changed.filter((p) => p.startsWith('conversations/'));
    expect(
      changed.filter((p) => !p.startsWith('auditLog/') && !p.startsWith('conversations/')),
    ).toEqual([`Members/${parent}`]);
    expect(conversations.length).toBeGreaterThan(0);
    for (const path of conversations) {
      const names = z
        .record(z.object({ name: z.string() }))
        .parse(fake.getDocument(path)?.participantNames);
      expect(Object.values(names).map((entry) => entry.name)).toContain('Ama O.');
    }
    expect(fake.getDocument(`Members/${parent}`)?.displayName).toBe('Ama O.');
    expect(accessOf(parent)).toEqual(links);
  });
});
