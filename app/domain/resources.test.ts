import { describe, expect, it } from 'vitest';
import {
  canReadFile,
  canWriteFile,
  isAllowedType,
  MAX_UPLOAD_BYTES,
  resourceIdOfPath,
  resourceNotification,
  safeFileName,
  storagePathFor,
  UPLOAD_MESSAGES,
  uploadProblem,
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
    expect(uploadProblem({ size: MAX_UPLOAD_BYTES, type: 'application/pdf' })).toBeNull();
    expect(uploadProblem({ size: MAX_UPLOAD_BYTES + 1, type: 'application/pdf' })).toBe(
      UPLOAD_MESSAGES.tooLarge,
    );
  });

  it('refuses an empty file', () => {
    expect(uploadProblem({ size: 0, type: 'application/pdf' })).toBe(UPLOAD_MESSAGES.empty);
  });

  it('allows documents, images, audio and video', () => {
    for (const type of [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.oasis.opendocument.text',
      'text/plain',
      'text/csv',
      'image/png',
      'image/jpeg',
      'audio/mpeg',
      'video/mp4',
      'Application/PDF; charset=binary',
    ]) {
      expect(uploadProblem({ size: 10, type }), type).toBeNull();
    }
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
      expect(uploadProblem({ size: 10, type }), type).toBe(UPLOAD_MESSAGES.wrongType);
    }
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
      canWriteFile(admin, path, { size: MAX_UPLOAD_BYTES, contentType: 'video/mp4' }, null, null),
    ).toBe(true);
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
