import { describe, expect, it } from 'vitest';
import { audienceKeysOf } from '~/domain/audience';
import { ADD_MESSAGES, planResource } from './add-resource';

const facilitator = {
  me: 'fac-member',
  classroomIds: ['north-harbour'],
  subjectIds: ['math'],
  newId: 'res-new',
};
const link = {
  kind: 'link',
  title: 'Fractions game',
  description: '',
  url: 'https://example.org/fractions',
  subjectId: 'math',
  classroomIds: ['north-harbour'],
  audience: ['student', 'parent'],
};

describe('adding a resource', () => {
  it('plans a link record with its audience keys and author', () => {
    const plan = planResource(link, facilitator);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.record).toEqual({
      id: 'res-new',
      kind: 'link',
      title: 'Fractions game',
      description: '',
      url: 'https://example.org/fractions',
      subjectId: 'math',
      classroomIds: ['north-harbour'],
      audience: ['parent', 'student'],
      audienceKeys: audienceKeysOf({
        audience: ['parent', 'student'],
        classroomIds: ['north-harbour'],
      }),
      createdBy: 'fac-member',
    });
  });

  it('accepts only http and https links, with a message that says what to type', () => {
    for (const url of ['javascript:alert(1)', 'example.org', 'ftp://example.org/x', '']) {
      const plan = planResource({ ...link, url }, facilitator);
      expect(plan.ok ? null : plan.fieldErrors.url).toBe(ADD_MESSAGES.url);
    }
    expect(planResource({ ...link, url: 'http://example.org' }, facilitator).ok).toBe(true);
  });

  it('requires an audience', () => {
    const plan = planResource({ ...link, audience: [] }, facilitator);
    expect(plan.ok ? null : plan.fieldErrors.audience).toBe(ADD_MESSAGES.audience);
  });

  it('lets a facilitator share only to the classrooms they teach', () => {
    const plan = planResource(
      { ...link, classroomIds: ['north-harbour', 'river-bend'] },
      facilitator,
    );
    expect(plan.ok ? null : plan.fieldErrors.classroomIds).toBe(ADD_MESSAGES.classroom);
  });

  it('checks a file form before the upload, and needs the uploaded file to save it', () => {
    const file = { ...link, kind: 'file', url: '' };
    expect(planResource(file, facilitator, { uploaded: false }).ok).toBe(true);
    const missing = planResource(file, facilitator);
    expect(missing.ok ? null : missing.fieldErrors.file).toBe(ADD_MESSAGES.file);
    const uploaded = planResource(
      {
        ...file,
        id: 'res-1',
        storagePath: 'resources/res-1/notes.pdf',
        mimeType: 'application/pdf',
        size: '2048',
      },
      facilitator,
    );
    expect(uploaded.ok && uploaded.record).toMatchObject({
      id: 'res-1',
      kind: 'file',
      storagePath: 'resources/res-1/notes.pdf',
      mimeType: 'application/pdf',
      size: 2048,
    });
    const elsewhere = planResource(
      {
        ...file,
        id: 'res-1',
        storagePath: 'resources/res-2/x.pdf',
        mimeType: 'application/pdf',
        size: '1',
      },
      facilitator,
    );
    expect(elsewhere.ok).toBe(false);
  });
});
