// Who may write to whom (issue 13), following the permission matrix's conversations row:
// - a parent writes to the facilitators of their children's classrooms, and to the office;
// - a facilitator writes to the parents of their classrooms' students, and to the office;
// - a student writes to their own facilitators;
// - office staff (admin, superAdmin, administration) write to any member who is not suspended, and
//   to any guardian with an account, as themselves.
// The new-conversation form offers these and its action checks every recipient against them again;
// the backend refuses the rest (participantWithStaff / participantWithFacilitators scopes).
// recipientGroups names these rules per role; both the recipient list and the page's lead text
// are built from it, so what the page says matches what it offers.
import { OFFICE_NAME, OFFICE_PARTICIPANT } from '~/domain/messages';
import { isAdmin, isStaff, type Role } from '~/domain/roles';
import type { MessagesData, StudentRecord } from './load';

/** What the recipient rules read from the messages data. */
export type RecipientSource = Pick<
  MessagesData,
  'principal' | 'students' | 'facilitators' | 'families' | 'members'
>;

export interface RecipientOption {
  /** A memberUUID, or OFFICE_PARTICIPANT. */
  id: string;
  name: string;
  /** "Facilitator", "Parent", "Office", … */
  role: string;
  /** Why this person is offered: "Leo's facilitator", "Parent of Ivy Okafor". */
  detail: string;
  /** The children (visible to the sender) this person is related to, for suggestions. */
  studentIds: string[];
}

const OFFICE_OPTION: RecipientOption = {
  id: OFFICE_PARTICIPANT,
  name: OFFICE_NAME,
  role: 'Office',
  detail: 'The learning centre’s office staff',
  studentIds: [],
};

/** The label of a member's main role, as a recipient list shows it. */
export function roleLabelOf(roles: readonly Role[]): string {
  if (isAdmin(roles)) return 'Admin';
  // Staff who are not admins hold the administration role.
  if (isStaff(roles)) return 'Administration';
  if (roles.includes('facilitator')) return 'Facilitator';
  if (roles.includes('parent')) return 'Parent';
  if (roles.includes('student')) return 'Student';
  return 'Member';
}

export function studentName(student: Pick<StudentRecord, 'firstName' | 'lastName'>): string {
  return `${student.firstName} ${student.lastName}`;
}

function meets(a: readonly string[], b: readonly string[]): boolean {
  return a.some((x) => b.includes(x));
}

/** "Leo", "Leo and Ivy", "Leo, Ivy and Max". */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

function possessive(name: string): string {
  return name.endsWith('s') ? `${name}’` : `${name}’s`;
}

/** A kind of person someone may write to; a person with several roles has several. */
export type RecipientGroup =
  'anyone' | 'childrenFacilitators' | 'classFamilies' | 'ownFacilitators' | 'office';

/** The kinds of people someone with these roles may start a conversation with. */
export function recipientGroups(roles: readonly Role[]): RecipientGroup[] {
  // Office staff write to anyone, as themselves; the office is who they answer for.
  if (isStaff(roles)) return ['anyone'];
  const groups: RecipientGroup[] = [];
  if (roles.includes('parent')) groups.push('childrenFacilitators');
  if (roles.includes('facilitator')) groups.push('classFamilies');
  if (roles.includes('student')) groups.push('ownFacilitators');
  // Parents and facilitators may also write to the office; students do not need to.
  if (roles.includes('parent') || roles.includes('facilitator')) groups.push('office');
  return groups;
}

const GROUP_PHRASES: Record<RecipientGroup, string> = {
  anyone: 'anyone with an account at the centre: staff, facilitators, parents or students',
  childrenFacilitators: 'your children’s facilitators',
  classFamilies: 'the families of your classes',
  ownFacilitators: 'your facilitators',
  office: 'the office',
};

/** The new-conversation page's lead: who this person may write to, from recipientGroups. */
export function newConversationLead(roles: readonly Role[]): string {
  const phrases = recipientGroups(roles).map((group) => GROUP_PHRASES[group]);
  if (phrases.length === 0) return 'You cannot start a conversation.';
  const list =
    phrases.length === 1
      ? (phrases[0] ?? '')
      : `${phrases.slice(0, -1).join(', ')} or ${phrases[phrases.length - 1] ?? ''}`;
  return `Write to ${list}.`;
}

/** The children the sender may tie a conversation to (the child picker's options). */
export function childChoices(source: RecipientSource): StudentRecord[] {
  const p = source.principal;
  let students: StudentRecord[];
  if (isStaff(p.roles)) students = source.students;
  else if (p.roles.includes('parent') || p.roles.includes('facilitator')) {
    students = source.students.filter(
      (s) =>
        (p.roles.includes('parent') &&
          (p.childIds.includes(s.id) || p.familyIds.includes(s.familyId))) ||
        (p.roles.includes('facilitator') && meets(s.classroomIds, p.classroomIds)),
    );
  } else students = [];
  return [...students].sort((a, b) => studentName(a).localeCompare(studentName(b)));
}

/** Adds an option, or merges its children and detail into the one already there (same id). */
function collect(into: Map<string, RecipientOption>, option: RecipientOption): void {
  const known = into.get(option.id);
  if (!known) {
    into.set(option.id, option);
    return;
  }
  for (const id of option.studentIds) if (!known.studentIds.includes(id)) known.studentIds.push(id);
  if (!known.detail) known.detail = option.detail;
}

function facilitatorsOf(
  source: RecipientSource,
  children: readonly StudentRecord[],
  detail: (children: StudentRecord[]) => string,
): RecipientOption[] {
  return source.facilitators.flatMap((f) => {
    if (!f.memberUUID || f.status === 'inactive') return [];
    const taught = children.filter((s) => meets(s.classroomIds, f.classroomIds));
    if (taught.length === 0) return [];
    return [
      {
        id: f.memberUUID,
        name: `${f.firstName} ${f.lastName}`,
        role: 'Facilitator',
        detail: detail(taught),
        studentIds: taught.map((s) => s.id),
      },
    ];
  });
}

function guardiansOf(
  source: RecipientSource,
  children: readonly StudentRecord[],
): RecipientOption[] {
  return source.families.flatMap((family) => {
    const ofFamily = children.filter((s) => s.familyId === family.id);
    if (ofFamily.length === 0) return [];
    return family.guardians.flatMap((g) =>
      g.memberUUID
        ? [
            {
              id: g.memberUUID,
              name: g.name,
              role: 'Parent',
              detail: `Parent of ${joinNames(ofFamily.map(studentName))}`,
              studentIds: ofFamily.map((s) => s.id),
            },
          ]
        : [],
    );
  });
}

/** Everyone the signed-in person may start a conversation with, sorted by name (the office last). */
export function recipientOptions(source: RecipientSource): RecipientOption[] {
  const p = source.principal;
  const options = new Map<string, RecipientOption>();
  const children = childChoices(source);
  const groups = recipientGroups(p.roles);

  if (groups.includes('anyone')) {
    for (const option of guardiansOf(source, source.students)) collect(options, option);
    for (const option of facilitatorsOf(source, source.students, () => ''))
      collect(options, option);
    const names = new Map(source.facilitators.map((f) => [f.memberUUID, f]));
    for (const m of source.members) {
      const facilitator = names.get(m.memberUUID);
      const role = roleLabelOf(m.roles);
      collect(options, {
        id: m.memberUUID,
        name: m.name,
        role,
        detail: facilitator ? 'Facilitator' : role,
        studentIds: [],
      });
    }
    // Members' own labels win where a guardian's account is also a member with another role.
    for (const m of source.members) {
      const option = options.get(m.memberUUID);
      if (option) option.role = roleLabelOf(m.roles);
    }
    for (const option of options.values()) {
      if (!option.detail) option.detail = option.role;
    }
  } else {
    if (groups.includes('childrenFacilitators')) {
      const mine = children.filter(
        (s) => p.childIds.includes(s.id) || p.familyIds.includes(s.familyId),
      );
      const facilitators = facilitatorsOf(
        source,
        mine,
        (taught) => `${possessive(joinNames(taught.map((s) => s.firstName)))} facilitator`,
      );
      for (const option of facilitators) collect(options, option);
    }
    if (groups.includes('classFamilies')) {
      const taught = source.students.filter((s) => meets(s.classroomIds, p.classroomIds));
      for (const option of guardiansOf(source, taught)) collect(options, option);
    }
    if (groups.includes('ownFacilitators')) {
      const own = source.facilitators.filter(
        (f) => f.memberUUID && f.status !== 'inactive' && meets(f.classroomIds, p.classroomIds),
      );
      for (const f of own) {
        collect(options, {
          id: f.memberUUID,
          name: `${f.firstName} ${f.lastName}`,
          role: 'Facilitator',
          detail: 'Your facilitator',
          studentIds: [],
        });
      }
    }
  }

  options.delete(p.memberUUID);
  options.delete(OFFICE_PARTICIPANT);
  const sorted = [...options.values()].sort((a, b) => a.name.localeCompare(b.name));
  return groups.includes('office') ? [...sorted, { ...OFFICE_OPTION }] : sorted;
}

/** The options related to a child, for "suggested for Leo": their facilitators or parents. */
export function suggestedFor(
  options: readonly RecipientOption[],
  studentId: string | null,
): RecipientOption[] {
  if (!studentId) return [];
  return options.filter((o) => o.studentIds.includes(studentId));
}
