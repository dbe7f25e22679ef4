import { describe, expect, it } from 'vitest';
import { OFFICE_PARTICIPANT } from '~/domain/messages';
import type { Principal } from '~/domain/permissions';
import type { Role } from '~/domain/roles';
import {
  childChoices,
  newConversationLead,
  recipientGroups,
  recipientOptions,
  suggestedFor,
  type RecipientSource,
} from './recipients';
import type { FacilitatorRecord, FamilyRecord, StudentRecord } from './load';

const student = (
  id: string,
  firstName: string,
  familyId: string,
  classroomIds: string[],
): StudentRecord => ({
  id,
  firstName,
  lastName: familyId === 'fam-okafor' ? 'Okafor' : 'Baker',
  dateOfBirth: '2015-01-01',
  familyId,
  campusId: 'north',
  classroomIds,
  status: 'enrolled',
  notes: '',
});

const facilitator = (
  id: string,
  memberUUID: string,
  firstName: string,
  classroomIds: string[],
  status: 'active' | 'inactive' = 'active',
): FacilitatorRecord => ({
  id,
  memberUUID,
  firstName,
  lastName: 'Mensah',
  email: '',
  phone: '',
  campusId: 'north',
  subjectIds: [],
  classroomIds,
  status,
  bio: '',
});

const family = (id: string, guardians: Array<[string, string | undefined]>): FamilyRecord => ({
  id,
  familyName: id,
  guardians: guardians.map(([name, memberUUID]) => ({
    name,
    relationship: '',
    email: '',
    phone: '',
    isPrimary: false,
    ...(memberUUID ? { memberUUID } : {}),
  })),
  address: '',
  notes: '',
});

const principal = (roles: Role[], links: Partial<Principal> = {}): Principal => ({
  uid: 'me',
  email: null,
  roles,
  memberUUID: 'me',
  familyIds: [],
  childIds: [],
  childClassroomIds: [],
  studentId: null,
  facilitatorId: null,
  classroomIds: [],
  ...links,
});

const students = [
  student('leo', 'Leo', 'fam-okafor', ['otters']),
  student('ivy', 'Ivy', 'fam-okafor', ['owls']),
  student('max', 'Max', 'fam-baker', ['badgers']),
];
const facilitators = [
  facilitator('f-daniel', 'm-daniel', 'Daniel', ['otters']),
  facilitator('f-ruth', 'm-ruth', 'Ruth', ['owls', 'otters']),
  facilitator('f-sam', 'm-sam', 'Sam', ['badgers']),
  facilitator('f-old', 'm-old', 'Olga', ['otters'], 'inactive'),
  facilitator('f-new', '', 'Nia', ['otters']),
];
const families = [
  family('fam-okafor', [
    ['Ada Okafor', 'me'],
    ['Ben Okafor', 'm-ben'],
  ]),
  family('fam-baker', [
    ['Cara Baker', 'm-cara'],
    ['Dan Baker', undefined],
  ]),
];

const source = (p: Principal, more: Partial<RecipientSource> = {}): RecipientSource => ({
  principal: p,
  students,
  facilitators,
  families,
  members: [],
  ...more,
});

const ids = (options: Array<{ id: string }>) => options.map((o) => o.id);

describe('who may write to whom', () => {
  it('offers a parent the facilitators of their children’s classrooms and the office', () => {
    const parent = principal(['parent'], {
      familyIds: ['fam-okafor'],
      childIds: ['leo', 'ivy'],
      childClassroomIds: ['otters', 'owls'],
    });
    const options = recipientOptions(source(parent));
    expect(ids(options)).toEqual(['m-daniel', 'm-ruth', OFFICE_PARTICIPANT]);
    expect(options[0]?.detail).toBe('Leo’s facilitator');
    expect(options[1]?.detail).toBe('Ivy and Leo’s facilitator');
    expect(options[2]?.name).toBe('The office');
  });

  it('offers a facilitator the parents of their students with an account, and the office', () => {
    const daniel = principal(['facilitator'], {
      memberUUID: 'm-daniel',
      facilitatorId: 'f-daniel',
      classroomIds: ['otters'],
    });
    const options = recipientOptions(source(daniel));
    expect(ids(options)).toEqual(['me', 'm-ben', OFFICE_PARTICIPANT]);
    expect(options[0]).toMatchObject({ name: 'Ada Okafor', detail: 'Parent of Leo Okafor' });
    // Cara Baker's child is in another classroom: she is not offered.
    expect(ids(options)).not.toContain('m-cara');
  });

  it('offers a student only their own facilitators', () => {
    const leo = principal(['student'], {
      memberUUID: 'm-leo',
      studentId: 'leo',
      classroomIds: ['otters'],
    });
    const options = recipientOptions(source(leo, { families: [] }));
    expect(ids(options)).toEqual(['m-daniel', 'm-ruth']);
    expect(childChoices(source(leo))).toEqual([]);
  });

  it('offers staff every member who is not suspended and every guardian with an account, never themselves', () => {
    const admin = principal(['admin'], { memberUUID: 'm-admin' });
    const options = recipientOptions(
      source(admin, {
        members: [
          { memberUUID: 'm-admin', name: 'Alex Admin', roles: ['admin'] },
          { memberUUID: 'm-office', name: 'Olive Office', roles: ['administration'] },
          { memberUUID: 'm-daniel', name: 'Daniel Mensah', roles: ['facilitator'] },
        ],
      }),
    );
    expect(ids(options).sort()).toEqual(
      ['m-ben', 'm-cara', 'm-daniel', 'm-office', 'm-ruth', 'm-sam', 'me'].sort(),
    );
    expect(options.find((o) => o.id === 'm-office')?.role).toBe('Administration');
    expect(options.find((o) => o.id === 'm-cara')?.detail).toBe('Parent of Max Baker');
  });

  it('never offers the sender themselves', () => {
    const both = principal(['parent', 'facilitator'], {
      familyIds: ['fam-okafor'],
      childIds: ['leo'],
      childClassroomIds: ['otters'],
      classroomIds: ['otters'],
    });
    expect(ids(recipientOptions(source(both)))).not.toContain('me');
  });
});

describe('what the new-conversation page says a person may do', () => {
  it('tells each role who they may write to', () => {
    expect(newConversationLead(['parent'])).toBe(
      'Write to your children’s facilitators or the office.',
    );
    expect(newConversationLead(['facilitator'])).toBe(
      'Write to the families of your classes or the office.',
    );
    expect(newConversationLead(['student'])).toBe('Write to your facilitators.');
    for (const role of ['admin', 'superAdmin', 'administration'] as const) {
      expect(newConversationLead([role])).toBe(
        'Write to anyone with an account at the centre: staff, facilitators, parents or students.',
      );
    }
  });

  it('names every group of a person with several roles once, the office last', () => {
    expect(newConversationLead(['parent', 'facilitator'])).toBe(
      'Write to your children’s facilitators, the families of your classes or the office.',
    );
    // Office staff write to anyone, whatever else they are.
    expect(recipientGroups(['facilitator', 'administration'])).toEqual(['anyone']);
  });

  it('offers the office exactly when the lead names it', () => {
    for (const roles of [['parent'], ['facilitator'], ['student'], ['admin']] as Role[][]) {
      const offered = ids(recipientOptions(source(principal(roles)))).includes(OFFICE_PARTICIPANT);
      expect(offered).toBe(newConversationLead(roles).includes('the office'));
    }
  });
});

describe('the child picker', () => {
  it('offers a parent their own children and a facilitator the students of their classrooms', () => {
    const parent = principal(['parent'], { familyIds: ['fam-okafor'], childIds: ['leo', 'ivy'] });
    expect(ids(childChoices(source(parent)))).toEqual(['ivy', 'leo']);
    const sam = principal(['facilitator'], { classroomIds: ['badgers'] });
    expect(ids(childChoices(source(sam)))).toEqual(['max']);
    expect(ids(childChoices(source(principal(['administration']))))).toHaveLength(3);
  });

  it('suggests the recipients related to the chosen child', () => {
    const parent = principal(['parent'], {
      familyIds: ['fam-okafor'],
      childIds: ['leo', 'ivy'],
      childClassroomIds: ['otters', 'owls'],
    });
    const options = recipientOptions(source(parent));
    expect(ids(suggestedFor(options, 'ivy'))).toEqual(['m-ruth']);
    expect(suggestedFor(options, null)).toEqual([]);
  });
});
