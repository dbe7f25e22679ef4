import { describe, expect, it } from 'vitest';
import { audienceKeysOf } from '~/domain/audience';
import { audienceKeyWrites, derivedAudienceKeys } from './audience-keys';
import { changeTriggers } from './triggers';

const event = {
  title: 'Sports day',
  audience: ['parent', 'facilitator'],
  classroomIds: ['c1'],
  audienceKeys: ['facilitator@classroom:c1', 'parent@classroom:c1'],
};

const ctx = { today: '2025-03-03', get: () => null, list: () => [] };

describe('derivedAudienceKeys', () => {
  it('is audienceKeysOf over the stored fields, ignoring values of the wrong type', () => {
    expect(derivedAudienceKeys(event)).toEqual(audienceKeysOf(event));
    expect(derivedAudienceKeys({ audience: ['student', 7], campusId: 'north' })).toEqual([
      'student@campus:north',
    ]);
    expect(derivedAudienceKeys({ audience: 'parent', classroomIds: null })).toEqual([]);
  });
});

describe('audienceKeyWrites', () => {
  it('writes nothing when the stored keys follow the fields, in any order', () => {
    expect(audienceKeyWrites({ path: 'events/e1', before: null, after: event })).toEqual([]);
    const reordered = { ...event, audienceKeys: [...event.audienceKeys].reverse() };
    expect(audienceKeyWrites({ path: 'events/e1', before: null, after: reordered })).toEqual([]);
  });

  it('replaces keys that reach people outside the audience with the derived ones (a merge)', () => {
    // A client widened a classroom event to every parent of the school.
    const widened = { ...event, audienceKeys: ['facilitator@classroom:c1', 'parent'] };
    expect(audienceKeyWrites({ path: 'events/e1', before: event, after: widened })).toEqual([
      {
        path: 'events/e1',
        data: { audienceKeys: ['facilitator@classroom:c1', 'parent@classroom:c1'] },
        merge: true,
      },
    ]);
  });

  it('repairs a resource with missing keys, extra keys or keys that are not strings', () => {
    const resource = { title: 'Fractions', audience: ['student'], classroomIds: ['c1'] };
    const repaired = [
      { path: 'resources/r1', data: { audienceKeys: ['student@classroom:c1'] }, merge: true },
    ];
    for (const audienceKeys of [
      undefined,
      [],
      ['student@classroom:c1', 'admin'],
      ['student@classroom:c1', 42],
      'student@classroom:c1',
    ]) {
      const after = { ...resource, audienceKeys };
      expect(audienceKeyWrites({ path: 'resources/r1', before: null, after })).toEqual(repaired);
    }
  });

  it('is idempotent: the repaired document asks for nothing more', () => {
    const wrong = { ...event, audienceKeys: ['parent'] };
    const [repair] = audienceKeyWrites({ path: 'events/e1', before: null, after: wrong });
    if (!repair || 'delete' in repair) throw new Error('expected a repair');
    const after = { ...wrong, ...repair.data };
    expect(audienceKeyWrites({ path: 'events/e1', before: wrong, after })).toEqual([]);
  });

  it('leaves deletes, other collections and subcollection documents alone', () => {
    const wrong = { ...event, audienceKeys: ['parent'] };
    expect(audienceKeyWrites({ path: 'events/e1', before: wrong, after: null })).toEqual([]);
    expect(audienceKeyWrites({ path: 'students/s1', before: null, after: wrong })).toEqual([]);
    expect(audienceKeyWrites({ path: 'events/e1/notes/n1', before: null, after: wrong })).toEqual(
      [],
    );
  });
});

describe('changeTriggers', () => {
  const wrong = { ...event, createdBy: 'adm', audienceKeys: ['parent'] };
  const change = { path: 'events/e1', before: event, after: wrong };

  it('repairs audience keys only when asked to', () => {
    const now = '2025-03-03T12:00:00.000Z';
    expect(changeTriggers([change], ctx, now, { access: true, claims: true }).writes).toEqual([]);
    expect(changeTriggers([change], ctx, now, { audienceKeys: true }).writes).toEqual([
      {
        path: 'events/e1',
        data: { audienceKeys: ['facilitator@classroom:c1', 'parent@classroom:c1'] },
        merge: true,
      },
    ]);
    // All parts (the default) include the repair.
    expect(changeTriggers([change], ctx, now).writes.map((w) => w.path)).toContain('events/e1');
  });
});
