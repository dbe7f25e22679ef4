// The members and roles screens' form schemas and role-editing rules. These are pure: the routes
// use them to disable controls and to validate forms, and the tests check them without a backend.
// The fake backend (mocks/functions.ts) enforces the same rules again; the UI only explains them.
import { z } from 'zod';
import {
  changesAdminRoles,
  isAdmin,
  isAdminRole,
  isRole,
  isSuperAdmin,
  ROLES,
  type Role,
} from '~/domain/roles';
import {
  emailAddress,
  optionalText,
  plainText,
  requiredChoice,
  requiredText,
  stringList,
} from '~/ui/form/fields';

/** Human wording of each role for labels. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  superAdmin: 'Super admin',
  facilitator: 'Facilitator',
  administration: 'Administration',
  parent: 'Parent',
  student: 'Student',
};

export const MEMBER_STATUSES = ['active', 'suspended'] as const;
export type MemberStatusValue = (typeof MEMBER_STATUSES)[number];

export const ONLY_SUPERADMIN_GRANTS_ADMIN =
  'Only a superAdmin can grant or remove the admin and superAdmin roles.';
export const ONLY_SUPERADMIN_SUSPENDS_ADMIN =
  'Only a superAdmin can suspend or reactivate an admin.';
export const READ_ONLY_EXPLANATION =
  'You can see accounts but not change them: only admins invite, suspend and assign roles.';
export const NEEDS_NETWORK =
  'This needs a connection to the server. You are offline: try again when you are back online.';

/** Admins and superAdmins manage accounts; administration reads them (permission matrix). */
export function mayManageMembers(editorRoles: readonly Role[]): boolean {
  return isAdmin(editorRoles);
}

/** Whether this editor may tick or untick `role` on someone's account. */
export function mayChangeRole(editorRoles: readonly Role[], role: Role): boolean {
  if (!mayManageMembers(editorRoles)) return false;
  return !isAdminRole(role) || isSuperAdmin(editorRoles);
}

/** Why this editor may not make this role change, or null when they may. */
export function roleChangeRefusal(
  editorRoles: readonly Role[],
  before: readonly Role[],
  after: readonly Role[],
): string | null {
  if (!mayManageMembers(editorRoles)) return READ_ONLY_EXPLANATION;
  if (changesAdminRoles(before, after) && !isSuperAdmin(editorRoles)) {
    return ONLY_SUPERADMIN_GRANTS_ADMIN;
  }
  return null;
}

/** Suspending an admin (or giving them back access) is for superAdmins only, as in the backend. */
export function maySetStatus(editorRoles: readonly Role[], targetRoles: readonly Role[]): boolean {
  if (!mayManageMembers(editorRoles)) return false;
  return !isAdmin(targetRoles) || isSuperAdmin(editorRoles);
}

/**
 * The ticked role boxes (one value, several, or none) as roles in the usual order, each once. A value
 * that is no role, or no role at all, is refused with one message for the whole group.
 */
function roleList(emptyMessage: string) {
  return stringList
    .refine((values) => values.every(isRole), 'Choose roles from the list.')
    .transform((values) => ROLES.filter((role) => values.includes(role)))
    .refine((roles) => roles.length > 0, emptyMessage);
}

/** The invite form: who to invite and with which roles. */
export const inviteFormSchema = z.object({
  email: emailAddress({ invalid: 'Enter a valid e-mail address, like name@example.com.' }),
  displayName: requiredText('name the member will see', 80),
  roles: roleList('Choose at least one role.'),
  /** The family a parent is invited for (the inquiry conversion); the invite page sends none. */
  familyId: optionalText(200),
});
export type InviteForm = z.infer<typeof inviteFormSchema>;

/** A role assignment: the member and the complete list of roles they should hold. */
export const setRolesFormSchema = z.object({
  uid: requiredChoice('Choose a member.'),
  roles: roleList('Keep at least one role. To stop someone signing in, suspend the account.'),
});

export const setStatusFormSchema = z.object({
  uid: requiredChoice('Choose a member.'),
  status: z.enum(MEMBER_STATUSES, {
    errorMap: () => ({ message: 'Choose active or suspended.' }),
  }),
});

/** Links from a member to the records they are: '' means no link. */
export const linkFormSchema = z.object({
  familyId: plainText(200),
  studentId: plainText(200),
  facilitatorId: plainText(200),
});
export type LinkForm = z.infer<typeof linkFormSchema>;

// A refused callable is a BackendError whose cause is the SDK's error carrying the server's words.
const causeWithMessage = z.object({
  code: z.string().optional(),
  cause: z.object({ message: z.string() }).optional(),
});

/** The sentence to show for a failed member callable (refusals keep the backend's explanation). */
export function describeCallableFailure(error: unknown, fallback: string): string {
  const parsed = causeWithMessage.safeParse(error);
  if (!parsed.success) return fallback;
  const code = (parsed.data.code ?? '').replace(/^functions\//, '');
  if (code === 'unavailable' || code === 'deadline-exceeded' || code === 'internal') {
    return NEEDS_NETWORK;
  }
  // The SDK's message may end with the HTTP status ("… [403]"), which means nothing to a person.
  const serverMessage = parsed.data.cause?.message.replace(/\s*\[\d{3}\]$/, '').trim();
  if (code === 'permission-denied' || code === 'already-exists' || code === 'not-found') {
    return serverMessage ? `${fallback}: ${serverMessage}` : fallback;
  }
  return fallback;
}

export interface MemberFilters {
  q: string;
  role: Role | '';
  status: MemberStatusValue | '';
}

/** Reads the list filters from the URL; unknown values are ignored rather than refused. */
export function readMemberFilters(params: URLSearchParams): MemberFilters {
  const role = z.enum(ROLES).safeParse(params.get('role'));
  const status = z.enum(MEMBER_STATUSES).safeParse(params.get('status'));
  return {
    q: (params.get('q') ?? '').trim(),
    role: role.success ? role.data : '',
    status: status.success ? status.data : '',
  };
}

export interface ListedMember {
  id: string;
  email: string;
  displayName: string;
  roles: Role[];
  status: MemberStatusValue;
}

/** Members matching the search (name or e-mail, any case) and the role and status filters. */
export function filterMembers<M extends ListedMember>(
  members: readonly M[],
  f: MemberFilters,
): M[] {
  const needle = f.q.toLowerCase();
  return members
    .filter(
      (m) =>
        (!needle ||
          m.displayName.toLowerCase().includes(needle) ||
          m.email.toLowerCase().includes(needle)) &&
        (!f.role || m.roles.includes(f.role)) &&
        (!f.status || m.status === f.status),
    )
    .sort(
      (a, b) =>
        (a.displayName || a.email).localeCompare(b.displayName || b.email) ||
        a.id.localeCompare(b.id),
    );
}
