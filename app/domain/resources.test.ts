import { describe, expect, it } from 'vitest';
import {
  canReadFile,
  canWriteFile,
  declaredTypeOf,
  extensionAgrees,
  extensionOf,
  isAllowedType,
  MAX_UPLOAD_BYTES,
  resourceIdOfPath,
  resourceNotification,
  safeFileName,
  storagePathFor,
  UPLOAD_ACCEPT,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MESSAGES,
  UPLOAD_TYPES,
  uploadProblem,
  WEB_LINK_PATTERN,
} from './resources';
import type { Principal } from './permissions';
import type { Role } from './roles';

function person(roles: Role[], extra: Partial<Principal> = {}): Principal {
  return {
    uid: extra.uid ?? `${roles[0] ?? 'nobody'}-uid`,
    email: null,
    roles,
    memberUUID: extra.uid ?? `${roles[0] ?? 'nobody'}-uid`,
    familyIds: [],
    childIds: [],
    childClassroomIds: [],
    studentId: null,
    facilitatorId: null,
    classroomIds: [],
    ...extra,
  };
}

describe('upload limits', () => {
  it('allows a file of exactly 25 MB and refuses one byte more', () => {
    expect(MAX_UPLOAD_BYTES).toBe(25 * 1024 * 1024);
    expect(
      uploadProblem({ name: 'a.pdf', size: MAX_UPLOAD_BYTES, type: 'application/pdf' }),
    ).toBeNull();
    expect(
      uploadProblem({ name: 'a.pdf', size: MAX_UPLOAD_BYTES + 1, type: 'application/pdf' }),
    ).toBe(UPLOAD_MESSAGES.tooLarge);
  });

  it('refuses an empty file', () => {
    expect(uploadProblem({ name: 'a.pdf', size: 0, type: 'application/pdf' })).toBe(
      UPLOAD_MESSAGES.empty,
    );
  });

  it('allows documents, images, audio and video with a name of their type', () => {
    for (const [type, name] of [
      ['application/pdf', 'a.pdf'],
      ['application/msword', 'a.doc'],
      ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a.docx'],
      ['application/vnd.ms-excel', 'a.xls'],
      ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'a.xlsx'],
      ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'a.pptx'],
      ['application/vnd.oasis.opendocument.text', 'a.odt'],
      ['text/plain', 'a.txt'],
      ['text/csv', 'a.csv'],
      ['image/png', 'a.png'],
      ['image/jpeg', 'Photo.JPG'],
      ['image/jpeg', 'photo.jpeg'],
      ['audio/mpeg', 'song.mp3'],
      ['video/mp4', 'clip.mp4'],
    ] as const) {
      expect(uploadProblem({ name, size: 10, type }), type).toBeNull();
    }
  });

  it('checks the type exactly against the list: no prefix, no parameters, no other case', () => {
    for (const type of [
      'image/png,text/html',
      'image/png; charset=x',
      'image/png;',
      ' image/png',
      'Application/PDF',
      'application/pdf; charset=binary',
      'image/x-icon',
      'video/x-msvideo',
      'audio/',
      'image/',
      'constructor',
      '__proto__',
    ]) {
      expect(isAllowedType(type), type).toBe(false);
      expect(uploadProblem({ name: 'a.png', size: 10, type }), type).toBe(
        UPLOAD_MESSAGES.wrongType,
      );
    }
  });

  it('refuses a file whose name does not agree with its type, naming both', () => {
    expect(uploadProblem({ name: 'setup.exe', size: 10, type: 'application/pdf' })).toBe(
      '“setup.exe” says it is a PDF, but its name does not end in .pdf. Choose the right file, or rename it.',
    );
    expect(uploadProblem({ name: 'photo.jpg', size: 10, type: 'image/png' })).toContain(
      'does not end in .png',
    );
    expect(uploadProblem({ name: 'notes', size: 10, type: 'text/plain' })).toContain(
      'does not end in .txt or .text',
    );
    expect(uploadProblem({ name: 'report.pdf.exe', size: 10, type: 'application/pdf' })).not.toBe(
      null,
    );
    expect(extensionAgrees('report.exe.pdf', 'application/pdf')).toBe(true);
    expect(extensionAgrees('resources/r1/a.PDF', 'application/pdf')).toBe(true);
    expect(extensionAgrees('a.pdf', 'text/html')).toBe(false);
    expect(extensionOf('.pdf')).toBe('');
    expect(extensionOf('dir.v2/readme')).toBe('');
  });

  it('gives every allowed type at least one extension, and offers them all to the picker', () => {
    for (const type of UPLOAD_CONTENT_TYPES) {
      const extensions: readonly string[] = UPLOAD_TYPES[type].extensions;
      expect(extensions.length, type).toBeGreaterThan(0);
      for (const e of extensions) {
        expect(e, type).toMatch(/^[a-z0-9]+$/);
        expect(UPLOAD_ACCEPT.split(','), type).toContain(`.${e}`);
      }
      expect(UPLOAD_ACCEPT.split(',')).toContain(type);
    }
    expect(UPLOAD_ACCEPT).not.toContain('*');
    expect(UPLOAD_ACCEPT).not.toContain('svg');
  });

  it('reads the declared type of a picked file', () => {
    expect(declaredTypeOf({ name: 'a.pdf', type: 'application/pdf' })).toBe('application/pdf');
    // No type from the system: the extension's.
    expect(declaredTypeOf({ name: 'song.opus', type: '' })).toBe('audio/ogg');
    expect(declaredTypeOf({ name: 'setup.exe', type: '' })).toBe('');
    // Windows with Excel installed calls a CSV file an Excel sheet.
    expect(declaredTypeOf({ name: 'class.csv', type: 'application/vnd.ms-excel' })).toBe(
      'text/csv',
    );
    expect(declaredTypeOf({ name: 'class.xls', type: 'application/vnd.ms-excel' })).toBe(
      'application/vnd.ms-excel',
    );
    // Whatever else the browser says stands, and is checked.
    expect(declaredTypeOf({ name: 'a.pdf', type: 'text/html' })).toBe('text/html');
  });

  it('refuses SVG, programs, HTML and files without a type', () => {
    for (const type of [
      'image/svg+xml',
      'application/x-msdownload',
      'application/x-msdos-program',
      'application/octet-stream',
      'text/html',
      'application/javascript',
      '',
    ]) {
      expect(isAllowedType(type), type).toBe(false);
      expect(uploadProblem({ name: 'a.pdf', size: 10, type }), type).toBe(
        UPLOAD_MESSAGES.wrongType,
      );
    }
  });
});

describe('resource links', () => {
  it('are http: or https: with a host, nothing else', () => {
    for (const url of ['https://example.org', 'http://example.org/a?b=c', 'https://x']) {
      expect(WEB_LINK_PATTERN.test(url), url).toBe(true);
    }
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' https://example.org',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'https:/example.org',
      'https:///example.org',
      '//example.org',
      'ftp://example.org',
      'https:example.org',
    ]) {
      expect(WEB_LINK_PATTERN.test(url), url).toBe(false);
    }
    // The rules generator copies regexes without backslashes only.
    expect(WEB_LINK_PATTERN.source).not.toContain('\\');
    expect(WEB_LINK_PATTERN.flags).toBe('');
  });
});

describe('file names and paths', () => {
  it('makes a name safe as one path segment', () => {
    expect(safeFileName('notes.pdf')).toBe('notes.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(safeFileName('a\\b?c#d[e]*f')).toBe('a_b_c_d_e_f');
    expect(safeFileName('tab\there\nnewline')).toBe('tab_here_newline');
    expect(safeFileName('   ')).toBe('file');
    expect(safeFileName('')).toBe('file');
    const long = `${'x'.repeat(200)}.pdf`;
    expect(safeFileName(long)).toHaveLength(120);
    // The end is kept, so the extension survives.
    expect(safeFileName(long).endsWith('.pdf')).toBe(true);
  });

  it('puts a file under its resource and reads the resource id back', () => {
    expect(storagePathFor('res-1', 'My notes/v2.pdf')).toBe('resources/res-1/My notes_v2.pdf');
    expect(resourceIdOfPath('resources/res-1/a.pdf')).toBe('res-1');
    expect(resourceIdOfPath('resources/res-1')).toBeNull();
    expect(resourceIdOfPath('resources/res-1/a/b.pdf')).toBeNull();
    expect(resourceIdOfPath('other/res-1/a.pdf')).toBeNull();
  });
});

describe('storage rules', () => {
  const path = 'resources/r1/a.pdf';
  const pdf = { size: 1000, contentType: 'application/pdf' };
  const admin = person(['admin']);
  const superAdmin = person(['superAdmin', 'admin']);
  const office = person(['administration']);
  const teacher = person(['facilitator'], { uid: 'dan', classroomIds: ['c1'] });
  const otherTeacher = person(['facilitator'], { uid: 'kwame', classroomIds: ['c2'] });
  const parent = person(['parent'], { uid: 'ama', childClassroomIds: ['c1'] });
  const otherParent = person(['parent'], { uid: 'efua', childClassroomIds: ['c2'] });
  const student = person(['student'], { uid: 'sam', classroomIds: ['c1'] });
  const resource = {
    createdBy: 'dan',
    audience: ['parent', 'student'],
    classroomIds: ['c1'],
  };

  it('lets staff read and write every resource file', () => {
    for (const p of [admin, superAdmin, office]) {
      expect(canReadFile(p, path, resource, 'dan')).toBe(true);
      expect(canReadFile(p, path, null, 'dan')).toBe(true);
      expect(canWriteFile(p, path, pdf, resource, 'dan')).toBe(true);
      expect(canWriteFile(p, path, null, resource, 'dan')).toBe(true);
    }
  });

  it('lets a facilitator upload to a new resource or their own, not to another’s', () => {
    expect(canWriteFile(teacher, path, pdf, null, null)).toBe(true);
    expect(canWriteFile(teacher, path, pdf, null, 'dan')).toBe(true);
    expect(canWriteFile(teacher, path, pdf, resource, 'dan')).toBe(true);
    expect(canWriteFile(teacher, path, null, resource, 'dan')).toBe(true);
    expect(canWriteFile(otherTeacher, path, pdf, resource, 'dan')).toBe(false);
    expect(canWriteFile(otherTeacher, path, null, resource, 'dan')).toBe(false);
    // A file someone else uploaded to a resource not saved yet is theirs until it is.
    expect(canWriteFile(otherTeacher, path, pdf, null, 'dan')).toBe(false);
  });

  it('never lets parents or students write', () => {
    for (const p of [parent, student]) {
      expect(canWriteFile(p, path, pdf, null, null)).toBe(false);
      expect(canWriteFile(p, path, null, resource, 'dan')).toBe(false);
    }
  });

  it('refuses uploads over the limits even to staff', () => {
    expect(
      canWriteFile(
        admin,
        path,
        { size: MAX_UPLOAD_BYTES + 1, contentType: 'application/pdf' },
        null,
        null,
      ),
    ).toBe(false);
    expect(canWriteFile(admin, path, { size: 10, contentType: 'image/svg+xml' }, null, null)).toBe(
      false,
    );
    expect(canWriteFile(admin, path, { size: 0, contentType: 'application/pdf' }, null, null)).toBe(
      false,
    );
    expect(
      canWriteFile(
        admin,
        'resources/r1/clip.mp4',
        { size: MAX_UPLOAD_BYTES, contentType: 'video/mp4' },
        null,
        null,
      ),
    ).toBe(true);
  });

  it('refuses a disguised type or a name that disagrees with the type, even to staff', () => {
    for (const contentType of ['image/png,text/html', 'image/png; charset=x', 'text/html']) {
      expect(
        canWriteFile(admin, 'resources/r1/a.png', { size: 10, contentType }, null, null),
        contentType,
      ).toBe(false);
    }
    expect(canWriteFile(admin, 'resources/r1/setup.exe', pdf, null, null)).toBe(false);
    expect(canWriteFile(teacher, 'resources/r1/setup.exe', pdf, null, null)).toBe(false);
    expect(canWriteFile(teacher, 'resources/r1/Plan.PDF', pdf, null, null)).toBe(true);
    // A delete has no upload to check.
    expect(canWriteFile(admin, 'resources/r1/setup.exe', null, null, null)).toBe(true);
  });

  it('lets the audience read, and the author and uploader, but nobody else', () => {
    expect(canReadFile(parent, path, resource, 'dan')).toBe(true);
    expect(canReadFile(student, path, resource, 'dan')).toBe(true);
    expect(canReadFile(teacher, path, resource, 'dan')).toBe(true);
    expect(canReadFile(otherParent, path, resource, 'dan')).toBe(false);
    expect(canReadFile(otherTeacher, path, resource, 'dan')).toBe(false);
    // Before the resource is saved, only its uploader (and staff).
    expect(canReadFile(teacher, path, null, 'dan')).toBe(true);
    expect(canReadFile(parent, path, null, 'dan')).toBe(false);
    expect(canReadFile(otherTeacher, path, null, null)).toBe(false);
  });

  it('refuses every path outside resources/{id}/{file}', () => {
    for (const p of [admin, teacher, parent]) {
      expect(canReadFile(p, 'private/a.pdf', resource, 'dan')).toBe(false);
      expect(canWriteFile(p, 'resources/r1', pdf, null, null)).toBe(false);
    }
  });
});

describe('resourceNotification', () => {
  it('names the resource and has an id that a re-sent create repeats', () => {
    const input = { resourceId: 'r1', recipient: 'ama', title: 'Fractions', date: '2025-03-03' };
    const first = resourceNotification(input);
    expect(first).toEqual({
      id: 'res-r1-ama',
      data: {
        notificationUUID: 'res-r1-ama',
        memberUUID: 'ama',
        action: 'resource',
        actionItem: 'resources/r1',
        description: 'New resource: Fractions',
        date: '2025-03-03',
        status: 'active',
        isNew: true,
      },
    });
    expect(resourceNotification(input).id).toBe(first.id);
  });
});
