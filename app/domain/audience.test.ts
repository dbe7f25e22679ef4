import { describe, expect, it } from 'vitest';
import {
  audienceKeysMatch,
  audienceKeysOf,
  audienceRolesOf,
  inAudience,
  memberAudienceKeys,
  type AudienceMember,
} from './audience';

const member = (extra: Partial<AudienceMember>): AudienceMember => ({
  roles: [],
  classroomIds: [],
  childClassroomIds: [],
  ...extra,
});

describe('audienceKeysOf', () => {
  it('is one key per role when the record is not narrowed', () => {
    expect(audienceKeysOf({ audience: ['parent', 'student'] })).toEqual(['parent', 'student']);
  });

  it('narrows each role to each classroom, which wins over a campus', () => {
    expect(
      audienceKeysOf({
        audience: ['parent', 'student'],
        classroomIds: ['c1', 'c2'],
        campusId: 'n',
      }),
    ).toEqual([
      'parent@classroom:c1',
      'parent@classroom:c2',
      'student@classroom:c1',
      'student@classroom:c2',
    ]);
  });

  it('narrows to a campus without classrooms, and has no key without an audience', () => {
    expect(audienceKeysOf({ audience: ['facilitator'], campusId: 'north' })).toEqual([
      'facilitator@campus:north',
    ]);
    expect(audienceKeysOf({ audience: [], classroomIds: ['c1'] })).toEqual([]);
    expect(audienceKeysOf({})).toEqual([]);
  });

  it('is sorted and free of duplicates', () => {
    expect(audienceKeysOf({ audience: ['student', 'parent', 'student'] })).toEqual([
      'parent',
      'student',
    ]);
  });
});

describe('memberAudienceKeys', () => {
  it('gives a parent their role and their children’s classrooms and campuses', () => {
    expect(
      memberAudienceKeys(
        member({ roles: ['parent'], childClassroomIds: ['c1'], childCampusIds: ['north'] }),
      ),
    ).toEqual(['parent', 'parent@campus:north', 'parent@classroom:c1']);
  });

  it('gives a facilitator and a student their own classrooms and campuses', () => {
    expect(
      memberAudienceKeys(
        member({ roles: ['facilitator'], classroomIds: ['c1'], campusIds: ['n'] }),
      ),
    ).toEqual(['facilitator', 'facilitator@campus:n', 'facilitator@classroom:c1']);
    expect(memberAudienceKeys(member({ roles: ['student'], classroomIds: ['c2'] }))).toEqual([
      'student',
      'student@classroom:c2',
    ]);
  });

  it('gives staff their roles only, a superAdmin the admin audience too', () => {
    expect(memberAudienceKeys(member({ roles: ['administration'], classroomIds: ['c1'] }))).toEqual(
      ['administration'],
    );
    expect(memberAudienceKeys(member({ roles: ['superAdmin'] }))).toEqual(['admin', 'superAdmin']);
    expect(audienceRolesOf(['superAdmin'])).toContain('admin');
  });
});

describe('inAudience', () => {
  const parentOfC1 = member({
    roles: ['parent'],
    childClassroomIds: ['c1'],
    childCampusIds: ['n'],
  });
  const parentOfC2 = member({
    roles: ['parent'],
    childClassroomIds: ['c2'],
    childCampusIds: ['r'],
  });
  const teacherOfC1 = member({ roles: ['facilitator'], classroomIds: ['c1'], campusIds: ['n'] });

  it('needs the role and, where narrowed, the classroom', () => {
    const event = { audience: ['parent'], classroomIds: ['c1'] };
    expect(inAudience(parentOfC1, event)).toBe(true);
    expect(inAudience(parentOfC2, event)).toBe(false);
    // The facilitator of c1 is not a parent.
    expect(inAudience(teacherOfC1, event)).toBe(false);
  });

  it('matches a campus-wide record by campus and an open one by role', () => {
    expect(inAudience(parentOfC1, { audience: ['parent'], campusId: 'n' })).toBe(true);
    expect(inAudience(parentOfC2, { audience: ['parent'], campusId: 'n' })).toBe(false);
    expect(inAudience(parentOfC2, { audience: ['parent', 'student'] })).toBe(true);
    expect(inAudience(teacherOfC1, { audience: ['parent', 'student'] })).toBe(false);
  });

  it('lets a superAdmin into an admin audience', () => {
    expect(inAudience(member({ roles: ['superAdmin'] }), { audience: ['admin'] })).toBe(true);
    expect(inAudience(member({ roles: ['admin'] }), { audience: ['administration'] })).toBe(false);
  });
});

describe('audienceKeysMatch', () => {
  it('accepts the derived keys in any order and refuses missing, extra or stale ones', () => {
    const record = { audience: ['parent', 'student'], classroomIds: ['c1'] };
    expect(
      audienceKeysMatch({
        ...record,
        audienceKeys: ['student@classroom:c1', 'parent@classroom:c1'],
      }),
    ).toBe(true);
    expect(audienceKeysMatch({ ...record, audienceKeys: ['parent@classroom:c1'] })).toBe(false);
    expect(audienceKeysMatch({ ...record, audienceKeys: ['parent', 'student'] })).toBe(false);
    expect(audienceKeysMatch({ ...record })).toBe(false);
    expect(audienceKeysMatch({ audience: [], audienceKeys: [] })).toBe(true);
  });
});
