// The decisions of the callable Cloud Functions: input validation, who may call, and what to write.
// Pure: the host verifies the ID token (Caller), reads what the context asks for, creates accounts,
// and applies the returned writes and account changes. The fake (mocks/functions.ts) and the
// deployed functions (firebase/functions) run these same functions, so the demo runs the
// production decisions.
import { z } from 'zod';
import { latestSchoolDay } from '~/domain/clock';
import {
  SUBMIT_RATE_LIMIT_MESSAGE,
  SUBMIT_RATE_LIMIT_PER_EMAIL_PER_DAY,
  newInquiryRecord,
  rateLimitKey,
  submitInquirySchema,
} from '~/domain/inquiries';
import { changesAdminRoles, isAdmin, isSuperAdmin, ROLES, type Role } from '~/domain/roles';
import { invitationMail } from './invitation';
import { MAIL_COLLECTION } from './mail';
import {
  accept,
  refuse,
  type Caller,
  type Outcome,
  type Refusal,
  type ServerContext,
  type ServerWrite,
} from './outcome';

export const CALLABLE_MESSAGES = {
  signInFirst: 'Sign in first.',
  invalidSignin: 'Invalid sign-in report.',
  expectedAddress: 'Please sign in with the expected address',
  notRegistered:
    'This account is not registered with the learning centre. The attempt has been logged.',
  inviteAdminsOnly: 'Only admins may invite members.',
  invalidInvitation: 'Invalid invitation.',
  grantAdmin: 'Only a superAdmin may grant admin or superAdmin.',
  emailTaken: 'An account with this e-mail already exists.',
  rolesAdminsOnly: 'Only admins may change roles.',
  invalidRoles: 'Invalid role change.',
  changeAdmin: 'Only a superAdmin may grant or remove admin or superAdmin.',
  statusAdminsOnly: 'Only admins may suspend members.',
  invalidStatus: 'Invalid status change.',
  suspendAdmin: 'Only a superAdmin may suspend an admin.',
  noSuchMember: 'No such member.',
  invalidInquiry: 'Invalid inquiry.',
} as const;

/** The first problem of a failed parse, as "field: message" (the field path without `data`). */
function firstIssue(error: z.ZodError, fallback: string): string {
  const issue = error.issues[0];
  if (!issue) return fallback;
  const field = issue.path.join('.');
  return `${field ? `${field}: ` : ''}${issue.message}`;
}

const roleList = z.array(z.enum(ROLES));

/** The roles stored on a Members document (unknown values dropped; a missing list is none). */
export function storedRoles(data: Record<string, unknown> | null): Role[] {
  const parsed = z.array(z.unknown()).safeParse(data?.roles);
  if (!parsed.success) return [];
  return parsed.data.filter((r): r is Role => (ROLES as readonly unknown[]).includes(r));
}

// ---- logUnregisterdSignin (spec §7; the name keeps the spec's spelling) ------------------------

export const unregisteredSigninSchema = z.object({
  email: z.string().nullable().default(''),
  displayName: z.string().nullable().optional(),
  photoURL: z.string().nullable().optional(),
  uid: z.string().optional(),
  providerData: z.array(z.unknown()).default([]),
  expectedEmail: z.string().nullable().optional(),
  timestamp: z.union([z.string(), z.number()]).optional(),
  warning: z.string().optional(),
});

/** Logs a sign-in with an unregistered or unexpected address; anyone may call it. */
export function logUnregisterdSignin(
  input: unknown,
  env: { now: Date; id: string },
): Outcome<{ type: 'warning'; message: string }> {
  const parsed = unregisteredSigninSchema.safeParse(input);
  if (!parsed.success) return refuse('invalid-argument', CALLABLE_MESSAGES.invalidSignin);
  const d = parsed.data;
  const message = d.expectedEmail
    ? CALLABLE_MESSAGES.expectedAddress
    : CALLABLE_MESSAGES.notRegistered;
  return accept({ type: 'warning', message }, [
    {
      path: `unregisteredSignins/${env.id}`,
      data: {
        ...d,
        displayName: d.displayName ?? null,
        photoURL: d.photoURL ?? null,
        expectedEmail: d.expectedEmail ?? null,
        at: env.now,
      },
    },
  ]);
}

// ---- inviteMember -------------------------------------------------------------------------------

export const inviteInputSchema = z.object({
  email: z.string().email(),
  displayName: z.string().default(''),
  roles: roleList.min(1),
  familyId: z.string().optional(),
  studentId: z.string().optional(),
  facilitatorId: z.string().optional(),
});
export type InviteInput = z.infer<typeof inviteInputSchema>;

/**
 * The first half of an invitation, before the host creates the account: only admins and
 * superAdmins invite (the members screen shows Invite to them alone), and only a superAdmin grants
 * admin or superAdmin. The host then refuses an address that has an account (`emailTaken`).
 */
export function checkInvite(
  input: unknown,
  caller: Caller | null,
): { ok: true; invite: InviteInput } | Refusal {
  if (!caller) return refuse('unauthenticated', CALLABLE_MESSAGES.signInFirst);
  if (!isAdmin(caller.roles))
    return refuse('permission-denied', CALLABLE_MESSAGES.inviteAdminsOnly);
  const parsed = inviteInputSchema.safeParse(input);
  if (!parsed.success) {
    return refuse(
      'invalid-argument',
      `${CALLABLE_MESSAGES.invalidInvitation} ${firstIssue(parsed.error, '')}`.trim(),
    );
  }
  if (isAdmin(parsed.data.roles) && !isSuperAdmin(caller.roles)) {
    return refuse('permission-denied', CALLABLE_MESSAGES.grantAdmin);
  }
  return { ok: true, invite: parsed.data };
}

/** The refusal for an address that already has an account. */
export const emailTaken = (): Refusal => refuse('already-exists', CALLABLE_MESSAGES.emailTaken);

/** What the host adds to a decision that sends an invitation: the link, and ids and time. */
export interface InvitationEnv {
  now: Date;
  /** The link that lets the invitee set a password (Auth's password-reset link). */
  link: string;
  /** The id of the `mail` document. */
  mailId: string;
}

/** A Members document's display name, or '' (a profile may have none). */
function displayNameOf(data: Record<string, unknown> | null): string {
  return typeof data?.displayName === 'string' ? data.displayName : '';
}

/** The invitation e-mail as a write of the `mail` collection (the Trigger Email extension's). */
function invitationWrite(
  to: { email: string; displayName: string; uid: string },
  caller: Caller,
  ctx: ServerContext,
  env: InvitationEnv,
): ServerWrite {
  const mail = invitationMail({
    to: to.email,
    displayName: to.displayName,
    inviterName: displayNameOf(ctx.get(`Members/${caller.memberUUID}`)),
    link: env.link,
    memberUUID: to.uid,
    createdAt: env.now.toISOString(),
  });
  return { path: `${MAIL_COLLECTION}/${env.mailId}`, data: { ...mail } };
}

/**
 * The second half, once the account exists (with no usable password): its Members profile, its
 * claims, and the e-mail that lets the invitee set a password. No password is ever returned: the
 * office never sees or hands one over (issue 31).
 */
export function inviteWrites(
  invite: InviteInput,
  uid: string,
  caller: Caller,
  ctx: ServerContext,
  env: InvitationEnv,
): Outcome<{ uid: string; email: string }> {
  const { email, displayName, roles, ...links } = invite;
  const { now } = env;
  return accept(
    { uid, email },
    [
      {
        path: `Members/${uid}`,
        data: {
          memberUUID: uid,
          email,
          displayName,
          photoURL: '',
          roles,
          status: 'active',
          ...links,
          preferences: { persistLogin: true },
          lastUpdated: now,
          createdAt: now,
          updatedAt: now,
          updatedBy: caller.memberUUID,
        },
      },
      invitationWrite({ email, displayName, uid }, caller, ctx, env),
    ],
    [{ kind: 'claims', uid, claims: { roles } }],
  );
}

// ---- inviteMember { resend: true }: "Send again" ------------------------------------------------

export const resendInputSchema = z.object({ resend: z.literal(true), email: z.string().email() });

/** True when inviteMember is asked to send an invitation again rather than to invite. */
export function isResendRequest(input: unknown): boolean {
  return typeof input === 'object' && input !== null && 'resend' in input && input.resend === true;
}

/**
 * The first half of "Send again": only admins (as for inviting). The host then finds the account by
 * its address (none: `noSuchMember`) and asks Auth for a new link.
 */
export function checkResend(
  input: unknown,
  caller: Caller | null,
): { ok: true; email: string } | Refusal {
  if (!caller) return refuse('unauthenticated', CALLABLE_MESSAGES.signInFirst);
  if (!isAdmin(caller.roles))
    return refuse('permission-denied', CALLABLE_MESSAGES.inviteAdminsOnly);
  const parsed = resendInputSchema.safeParse(input);
  if (!parsed.success) {
    return refuse(
      'invalid-argument',
      `${CALLABLE_MESSAGES.invalidInvitation} ${firstIssue(parsed.error, '')}`.trim(),
    );
  }
  return { ok: true, email: parsed.data.email };
}

/** The refusal for "Send again" to an address with no account. */
export const noSuchMember = (): Refusal => refuse('not-found', CALLABLE_MESSAGES.noSuchMember);

/**
 * "Send again" once the host has the account and a new link: a new invitation e-mail, addressed
 * with the name on the member's profile. An account with no Members profile is no member.
 */
export function resendWrites(
  account: { uid: string; email: string },
  caller: Caller,
  ctx: ServerContext,
  env: InvitationEnv,
): Outcome<{ uid: string; email: string }> {
  const member = ctx.get(`Members/${account.uid}`);
  if (!member) return noSuchMember();
  const to = { ...account, displayName: displayNameOf(member) };
  return accept({ uid: account.uid, email: account.email }, [
    invitationWrite(to, caller, ctx, env),
  ]);
}

// ---- setMemberRoles -----------------------------------------------------------------------------

export const setRolesInputSchema = z.object({ uid: z.string().min(1), roles: roleList });

/**
 * Replaces a member's roles. Admins change roles; granting or removing admin or superAdmin needs a
 * superAdmin. `ctx` reads the target's Members document (its current roles).
 */
export function setMemberRoles(
  input: unknown,
  caller: Caller | null,
  ctx: ServerContext,
  now: Date,
): Outcome<{ uid: string; roles: Role[] }> {
  if (!caller) return refuse('unauthenticated', CALLABLE_MESSAGES.signInFirst);
  if (!isAdmin(caller.roles)) return refuse('permission-denied', CALLABLE_MESSAGES.rolesAdminsOnly);
  const parsed = setRolesInputSchema.safeParse(input);
  if (!parsed.success) return refuse('invalid-argument', CALLABLE_MESSAGES.invalidRoles);
  const { uid, roles } = parsed.data;
  const member = ctx.get(`Members/${uid}`);
  if (!member) return refuse('not-found', CALLABLE_MESSAGES.noSuchMember);
  const before = storedRoles(member);
  if (changesAdminRoles(before, roles) && !isSuperAdmin(caller.roles)) {
    return refuse('permission-denied', CALLABLE_MESSAGES.changeAdmin);
  }
  return accept(
    { uid, roles },
    [
      {
        path: `Members/${uid}`,
        data: { roles, updatedAt: now, updatedBy: caller.memberUUID },
        merge: true,
      },
    ],
    [{ kind: 'claims', uid, claims: { roles } }],
  );
}

// ---- setMemberStatus ----------------------------------------------------------------------------

export const setStatusInputSchema = z.object({
  uid: z.string().min(1),
  status: z.enum(['active', 'suspended']),
});

/**
 * Suspends (disables the account and revokes its refresh tokens) or reactivates a member; an
 * admin's status needs a superAdmin.
 */
export function setMemberStatus(
  input: unknown,
  caller: Caller | null,
  ctx: ServerContext,
  now: Date,
): Outcome<{ uid: string; status: 'active' | 'suspended' }> {
  if (!caller) return refuse('unauthenticated', CALLABLE_MESSAGES.signInFirst);
  if (!isAdmin(caller.roles))
    return refuse('permission-denied', CALLABLE_MESSAGES.statusAdminsOnly);
  const parsed = setStatusInputSchema.safeParse(input);
  if (!parsed.success) return refuse('invalid-argument', CALLABLE_MESSAGES.invalidStatus);
  const { uid, status } = parsed.data;
  const member = ctx.get(`Members/${uid}`);
  if (!member) return refuse('not-found', CALLABLE_MESSAGES.noSuchMember);
  if (isAdmin(storedRoles(member)) && !isSuperAdmin(caller.roles)) {
    return refuse('permission-denied', CALLABLE_MESSAGES.suspendAdmin);
  }
  return accept(
    { uid, status },
    [
      {
        path: `Members/${uid}`,
        data: { status, updatedAt: now, updatedBy: caller.memberUUID },
        merge: true,
      },
    ],
    // Suspension bites at once (issue 28): the account is disabled and its sessions are ended, so
    // a device still holding a refresh token cannot mint a new ID token either.
    status === 'suspended'
      ? [
          { kind: 'disabled', uid, disabled: true },
          { kind: 'revokeRefreshTokens', uid },
        ]
      : [{ kind: 'disabled', uid, disabled: false }],
  );
}

// ---- submitInquiry ------------------------------------------------------------------------------

/**
 * The per-e-mail, per-day count of public inquiries lives in `inquiryRateLimits/{day_email}`: a
 * collection no rule covers, so no client can read (or reset) it; only the function writes it.
 */
export const RATE_LIMITS_COLLECTION = 'inquiryRateLimits';
const countSchema = z.object({ count: z.number().int().nonnegative() }).catch({ count: 0 });

/** The office a family may call about an inquiry: a campus's name and phone, from its record. */
export interface InquiryOffice {
  campus: string;
  phone: string;
}

/**
 * The office to call: the chosen campus's when it has a phone, else the first campus with one,
 * else null. A visitor may not read campuses, so the thank-you learns the number from here.
 */
function inquiryOffice(ctx: ServerContext, campusId: string | undefined): InquiryOffice | null {
  const offices = ctx
    .list('campuses')
    .flatMap(({ id, data }) =>
      typeof data.phone === 'string' && data.phone.trim()
        ? [{ id, campus: typeof data.name === 'string' ? data.name : '', phone: data.phone.trim() }]
        : [],
    );
  const office = offices.find((o) => o.id === campusId) ?? offices[0];
  return office ? { campus: office.campus, phone: office.phone } : null;
}

/**
 * A public inquiry: anyone may send one, signed in or not (families with no account; a signed-in
 * caller is recorded as its creator). The fourth of a day from one address is refused. The answer
 * names the office to call, should the family not hear back.
 */
export function submitInquiry(
  input: unknown,
  caller: Caller | null,
  ctx: ServerContext,
  env: { now: Date; id: string },
): Outcome<{ id: string; office: InquiryOffice | null }> {
  // The latest school day of any campus: a child born today anywhere in the school is not refused.
  const campuses = ctx.list('campuses').map(({ id, data }) => ({
    id,
    timezone: typeof data.timezone === 'string' ? data.timezone : null,
  }));
  const today = latestSchoolDay(campuses, env.now);
  const parsed = submitInquirySchema(today).safeParse(input);
  if (!parsed.success) {
    return refuse('invalid-argument', firstIssue(parsed.error, CALLABLE_MESSAGES.invalidInquiry));
  }
  const key = rateLimitKey(parsed.data.email, today);
  const stored = ctx.get(`${RATE_LIMITS_COLLECTION}/${key}`);
  const count = stored ? countSchema.parse(stored).count : 0;
  if (count >= SUBMIT_RATE_LIMIT_PER_EMAIL_PER_DAY) {
    return refuse('resource-exhausted', SUBMIT_RATE_LIMIT_MESSAGE);
  }
  const record = newInquiryRecord(parsed.data, {
    at: env.now.toISOString(),
    ...(caller ? { createdBy: caller.uid } : {}),
  });
  return accept({ id: env.id, office: inquiryOffice(ctx, parsed.data.campusId) }, [
    {
      path: `${RATE_LIMITS_COLLECTION}/${key}`,
      data: { count: count + 1, day: today, updatedAt: env.now },
    },
    {
      path: `parentInquiries/${env.id}`,
      data: { ...record, createdAt: env.now, updatedAt: env.now },
    },
  ]);
}
