// Issue 32's probes for event replies and consent, over HTTP against the fake's server mode as an
// attacker would send them. A consent is evidence: only a guardian of the child gives or refuses
// it, for their own child, under their own name, before the event's deadline; the office and the
// facilitators read it and never write one; nobody deletes one. Each refusal sits beside its
// control, the allowed write.
import { describe, expect, it } from 'vitest';
import { fake } from '../../mocks/index';
import {
  create,
  expectAllowed,
  expectDenied,
  getDocument,
  patch,
  remove,
  signInAs,
  startFakeServerPerFile,
  stored,
  storedList,
} from './http';

startFakeServerPerFile();

const LEO = 'stu-00000';
const MUSEUM = 'evt-museum';

function consent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const leo = stored(`students/${LEO}`) ?? {};
  return {
    eventId: MUSEUM,
    studentId: LEO,
    familyId: 'fam-0000',
    classroomIds: leo.classroomIds,
    kind: 'consent',
    answer: 'yes',
    wording: 'I give consent for Leo Whitfield to go on the museum trip.',
    guardianName: 'Grace Whitfield',
    repliedBy: 'demo-parent',
    createdBy: 'demo-parent',
    ...overrides,
  };
}

function setDeadline(deadline: number): void {
  const event = stored(`events/${MUSEUM}`);
  if (!event) throw new Error('The seed has no museum trip');
  fake.setDocument(`events/${MUSEUM}`, {
    ...event,
    reply: { kind: 'consent', deadline, consentTo: 'go on the museum trip' },
  });
}

describe('event replies and consent', () => {
  it('lets a parent give consent for their child, and refuses a child who is not theirs', async () => {
    setDeadline(Date.now() + 86_400_000);
    const parent = await signInAs('parent');
    const other = storedList('eventReplies').find((r) => r.data.familyId !== 'fam-0000');
    if (!other) throw new Error('The seed has no other family’s reply');
    const student = stored(`students/${String(other.data.studentId)}`) ?? {};
    // Another family's child, as if the parent were their guardian: refused, new or over theirs.
    await expectDenied(
      create(
        parent,
        `eventReplies/${MUSEUM}_${String(other.data.studentId)}-2`,
        consent({ studentId: other.data.studentId, familyId: student.familyId }),
      ),
    );
    await expectDenied(
      patch(parent, `eventReplies/${other.id}`, { answer: 'no', repliedBy: 'demo-parent' }, [
        'answer',
        'repliedBy',
      ]),
    );
    expect(stored(`eventReplies/${other.id}`)?.answer).toBe(other.data.answer);
    // A reply filed under another id than the event's and the child's.
    await expectDenied(create(parent, `eventReplies/someone-else_${LEO}`, consent()));
    await expectAllowed(create(parent, `eventReplies/${MUSEUM}_${LEO}`, consent()));
    // They may change their mind before the deadline, never delete the evidence.
    await expectAllowed(
      patch(
        parent,
        `eventReplies/${MUSEUM}_${LEO}`,
        {
          answer: 'no',
          wording: 'I do not give consent for Leo Whitfield to go on the museum trip.',
        },
        ['answer', 'wording'],
      ),
    );
    await expectDenied(remove(parent, `eventReplies/${MUSEUM}_${LEO}`));
  });

  it('refuses a reply after the deadline', async () => {
    const parent = await signInAs('parent');
    setDeadline(Date.now() + 86_400_000);
    await expectAllowed(create(parent, `eventReplies/${MUSEUM}_${LEO}`, consent()));
    setDeadline(Date.now() - 60_000);
    await expectDenied(
      patch(parent, `eventReplies/${MUSEUM}_${LEO}`, { answer: 'no' }, ['answer']),
    );
    expect(stored(`eventReplies/${MUSEUM}_${LEO}`)?.answer).toBe('yes');
  });

  it('refuses a consent under another name, or of another kind than the event asks', async () => {
    setDeadline(Date.now() + 86_400_000);
    const parent = await signInAs('parent');
    fake.deleteDocument(`eventReplies/${MUSEUM}_${LEO}`);
    await expectDenied(
      create(parent, `eventReplies/${MUSEUM}_${LEO}`, consent({ guardianName: 'Dr. Someone' })),
    );
    await expectDenied(
      create(parent, `eventReplies/${MUSEUM}_${LEO}`, consent({ kind: 'rsvp', people: 2 })),
    );
  });

  it('refuses a facilitator or the office inventing a parent’s consent, and lets them read it', async () => {
    setDeadline(Date.now() + 86_400_000);
    fake.deleteDocument(`eventReplies/${MUSEUM}_${LEO}`);
    const facilitator = await signInAs('facilitator');
    const office = await signInAs('administration');
    await expectDenied(
      create(
        facilitator,
        `eventReplies/${MUSEUM}_${LEO}`,
        consent({ repliedBy: 'demo-facilitator', createdBy: 'demo-facilitator' }),
      ),
    );
    await expectDenied(
      create(
        office,
        `eventReplies/${MUSEUM}_${LEO}`,
        consent({ repliedBy: 'demo-administration', createdBy: 'demo-administration' }),
      ),
    );
    expect(stored(`eventReplies/${MUSEUM}_${LEO}`)).toBeNull();
    const seeded = storedList('eventReplies')[0];
    if (!seeded) throw new Error('The seed has no replies');
    await expectAllowed(getDocument(facilitator, `eventReplies/${seeded.id}`));
    await expectAllowed(getDocument(office, `eventReplies/${seeded.id}`));
    await expectDenied(
      patch(office, `eventReplies/${seeded.id}`, { answer: 'no' }, ['answer']),
    );
  });
});
