import { describe, expect, it } from 'vitest';
import { audienceKeysOf } from '~/domain/audience';
import { UPLOAD_MESSAGES } from '~/domain/resources';
import { ADD_MESSAGES, checkPickedFile, isWebLink, planResource } from './add-resource';

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

  it('takes a link only as the record schema stores it: a lower-case scheme, //, a host', () => {
    for (const url of [
      'JavaScript:alert(1)',
      'HTTPS://example.org',
      'https:/example.org',
      'data:,x',
    ]) {
      expect(isWebLink(url), url).toBe(false);
      const plan = planResource({ ...link, url }, facilitator);
      expect(plan.ok ? null : plan.fieldErrors.url, url).toBe(ADD_MESSAGES.url);
    }
    // Spaces around it are trimmed before it is checked.
    expect(planResource({ ...link, url: '  https://example.org/a  ' }, facilitator).ok).toBe(true);
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

  it('saves an uploaded file only of an allowed type whose name agrees with it', () => {
    const file = { ...link, kind: 'file', url: '', id: 'res-1', size: '10' };
    for (const [storagePath, mimeType] of [
      ['resources/res-1/page.html', 'text/html'],
      ['resources/res-1/a.png', 'image/png,text/html'],
      ['resources/res-1/setup.exe', 'application/pdf'],
    ] as const) {
      const plan = planResource({ ...file, storagePath, mimeType }, facilitator);
      expect(plan.ok ? null : plan.fieldErrors.file, mimeType).toBe(ADD_MESSAGES.file);
    }
  });
});

describe('checking a picked file before it is uploaded', () => {
  const pick = (parts: BlobPart[], name: string, type: string) => new File(parts, name, { type });

  it('refuses a web page named .pdf, naming the file and what it is', async () => {
    const html = pick(
      ['<!DOCTYPE html><script>alert(1)</script>'],
      'report.pdf',
      'application/pdf',
    );
    expect(await checkPickedFile(html)).toEqual({
      contentType: 'application/pdf',
      problem:
        '“report.pdf” is not a PDF: it is a web page (HTML). Choose another file, or save it again as a PDF.',
    });
  });

  it('accepts a real PDF, and types a file the system gave no type by its extension', async () => {
    expect(await checkPickedFile(pick(['%PDF-1.4\n'], 'notes.pdf', 'application/pdf'))).toEqual({
      contentType: 'application/pdf',
      problem: null,
    });
    expect(await checkPickedFile(pick(['name,grade\n'], 'class.csv', ''))).toEqual({
      contentType: 'text/csv',
      problem: null,
    });
  });

  it('checks size, type and name before the bytes', async () => {
    expect((await checkPickedFile(pick([], 'a.pdf', 'application/pdf'))).problem).toBe(
      UPLOAD_MESSAGES.empty,
    );
    expect(
      (await checkPickedFile(pick(['MZ'], 'setup.exe', 'application/x-msdownload'))).problem,
    ).toBe(UPLOAD_MESSAGES.wrongType);
    expect(
      (await checkPickedFile(pick(['%PDF-1.4'], 'setup.exe', 'application/pdf'))).problem,
    ).toBe(
      '“setup.exe” says it is a PDF, but its name does not end in .pdf. Choose the right file, or rename it.',
    );
  });
});
