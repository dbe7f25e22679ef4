// What the members routes load and the member page saves, so the route files stay thin: one page
// of the member list (filters from the URL, rows from the members cache, the counts the pager
// needs), and one member with the records their account can be linked to.
import type { SessionUser } from '~/auth/session';
import { getSession } from '~/auth/session';
import { loadCollection } from '~/data/route-data';
import { facilitatorSchema, familySchema, memberSchema, studentSchema } from '~/domain/records';
import { formValues } from '~/ui/form/parse-form';
import { notFound } from '~/ui/responses';
import { MEMBERS_PAGE_SIZE, pageOf, toListed } from './member-list';
import {
  filterMembers,
  mayManageMembers,
  readMemberFilters,
  READ_ONLY_EXPLANATION,
} from './member-rules';
import {
  inviteMember,
  linkMember,
  setMemberRoles,
  setMemberStatus,
  type MemberActionData,
} from './writes';

export async function loadMemberPage(request: Request) {
  const params = new URL(request.url).searchParams;
  const filters = readMemberFilters(params);
  const all = (await loadCollection('members', { schema: memberSchema })).map(toListed);
  const matching = filterMembers(all, filters);
  const { page, pageCount } = pageOf(params, matching.length);
  const start = (page - 1) * MEMBERS_PAGE_SIZE;
  const rows = matching
    .slice(start, start + MEMBERS_PAGE_SIZE)
    .map(({ member: _member, ...row }) => row);
  return { filters, rows, total: all.length, matching: matching.length, page, pageCount };
}

/** One choice of a link select. */
export interface LinkOption {
  value: string;
  label: string;
}

function byLabel(a: LinkOption, b: LinkOption): number {
  return a.label.localeCompare(b.label);
}

/** The cached member with this id, else 404. */
async function findMember(request: Request, memberId: string) {
  const [member] = await loadCollection('members', {
    schema: memberSchema,
    filters: [{ field: 'memberUUID', op: '==', value: memberId }],
    limit: 1,
  });
  if (!member) throw notFound(request);
  return member;
}

/** A member and the families, students and facilitators their account can be linked to. */
export async function loadMemberDetail(request: Request, memberId: string) {
  const member = await findMember(request, memberId);
  const [families, students, facilitators] = await Promise.all([
    loadCollection('families', { schema: familySchema }),
    loadCollection('students', { schema: studentSchema }),
    loadCollection('facilitators', { schema: facilitatorSchema }),
  ]);
  return {
    member: { ...member, id: memberId },
    families: families
      .flatMap((f) => (f.id ? [{ value: f.id, label: f.familyName }] : []))
      .sort(byLabel),
    students: students
      .flatMap((s) =>
        s.id
          ? [{ value: s.id, label: `${s.lastName}, ${s.firstName} (born ${s.dateOfBirth})` }]
          : [],
      )
      .sort(byLabel),
    facilitators: facilitators
      .flatMap((f) => (f.id ? [{ value: f.id, label: `${f.lastName}, ${f.firstName}` }] : []))
      .sort(byLabel),
  };
}

/** The member page's links form: admins only (administration reads); 404 for an unknown member. */
export async function saveMemberLinks(
  request: Request,
  user: SessionUser,
  memberId: string,
): Promise<MemberActionData> {
  if (!mayManageMembers(user.roles)) {
    return { intent: 'link', ok: false, message: READ_ONLY_EXPLANATION };
  }
  await findMember(request, memberId);
  return linkMember(memberId, await request.formData());
}

/** Dispatches a members or roles form by its `intent`. */
export async function handleMemberAction(request: Request): Promise<MemberActionData> {
  const values = formValues(await request.formData());
  const user = getSession().user;
  if (!user) return { intent: 'unknown', ok: false, message: 'No user is signed in' };
  switch (values.intent) {
    case 'invite':
      return inviteMember(values);
    case 'roles':
      return setMemberRoles(values);
    case 'status':
      return setMemberStatus(values);
    default:
      return { intent: 'unknown', ok: false, message: 'Unknown action' };
  }
}

/** The invite page's action (issue 31: the invitation goes out by e-mail; see writes.ts). */
export { inviteFormAction } from './writes';
