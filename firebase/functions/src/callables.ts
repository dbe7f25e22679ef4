// The callable functions' hosts: the caller from the verified ID token, Firestore reads for the
// shared decisions (app/domain/server/callables.ts), the account work only a server can do, and the
// decision's writes. Each handler takes a CallableRequest, so index.ts wraps them with onCall and
// the tests call them directly or through firebase-functions-test.
import { randomBytes } from 'node:crypto';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { rolesFromClaims } from '~/domain/roles';
import {
  checkInvite,
  checkResend,
  emailTaken,
  inviteWrites,
  isResendRequest,
  noSuchMember,
  resendWrites,
  logUnregisterdSignin as decideUnregisteredSignin,
  setMemberRoles as decideMemberRoles,
  setMemberStatus as decideMemberStatus,
  submitInquiry as decideInquiry,
} from '~/domain/server/callables';
import { AFTER_ACTION_PATH } from '~/domain/server/invitation';
import type { Caller, Outcome, Refusal } from '~/domain/server/outcome';
import { auth } from './admin';
import { applyAuthEffects, applyWrites } from './apply';
import { decideWithReads } from './context';

/** The caller of a request, or null when it carries no ID token. Production tokens carry `roles`. */
export function callerOf(request: Pick<CallableRequest, 'auth'>): Caller | null {
  const token = request.auth;
  if (!token) return null;
  const claims: Record<string, unknown> = { ...token.token };
  const email = typeof claims.email === 'string' ? claims.email : null;
  // No staff domains here: in production, roles come from the claims alone.
  const { roles } = rolesFromClaims(claims, email, []);
  const memberUUID = typeof claims.memberUUID === 'string' ? claims.memberUUID : token.uid;
  return { uid: token.uid, roles, memberUUID };
}

/** A refusal as the error the client SDK sees ('functions/<code>' and the message). */
export function toHttpsError(refusal: Refusal): HttpsError {
  return new HttpsError(refusal.code, refusal.message);
}

/** A Firestore-style random document id (20 letters and digits). */
export function autoId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(20)].map((b) => alphabet[b % alphabet.length]).join('');
}

async function carryOut<R>(outcome: Outcome<R>): Promise<R> {
  if (!outcome.ok) throw toHttpsError(outcome);
  await applyWrites(outcome.writes);
  await applyAuthEffects(outcome.auth);
  return outcome.result;
}

/** spec §7: logs a sign-in with an unregistered or unexpected address. */
export async function logUnregisterdSignin(request: CallableRequest) {
  return carryOut(decideUnregisteredSignin(request.data, { now: new Date(), id: autoId() }));
}

function hasAuthCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

/**
 * The link that lets an invitee set a password: Auth's password-reset link. Its page is the one the
 * project's Auth e-mail template names as action URL (`<APP_URL>/auth/action`, docs/deploy.md);
 * APP_URL (set at deploy) is where the page sends them afterwards, to sign in.
 */
async function passwordLink(email: string): Promise<string> {
  const appUrl = process.env.APP_URL?.replace(/\/+$/, '');
  return appUrl
    ? auth().generatePasswordResetLink(email, { url: `${appUrl}${AFTER_ACTION_PATH}` })
    : auth().generatePasswordResetLink(email);
}

/**
 * Invites a member: the account (with no password: nobody but the invitee ever knows one), its
 * Members profile and claims, and the invitation e-mail (a `mail` document the Trigger Email
 * extension delivers) with the link to set a password. With `resend: true`, a new link in a new
 * e-mail to an existing member ("Send again").
 */
export async function inviteMember(request: CallableRequest) {
  const caller = callerOf(request);
  if (isResendRequest(request.data)) return resendInvitation(request.data, caller);
  const checked = checkInvite(request.data, caller);
  if (!checked.ok) throw toHttpsError(checked);
  if (!caller) throw new HttpsError('unauthenticated', 'Sign in first.');
  const { invite } = checked;
  const existing = await userByEmail(invite.email);
  if (existing) throw toHttpsError(emailTaken());
  const account = await auth()
    .createUser({ email: invite.email, displayName: invite.displayName || undefined })
    .catch((error: unknown) => {
      // Created by someone else between the check and now.
      if (hasAuthCode(error, 'auth/email-already-exists')) throw toHttpsError(emailTaken());
      throw error;
    });
  const now = new Date();
  const link = await passwordLink(invite.email);
  const mailId = autoId();
  return carryOut(
    await decideWithReads(
      (ctx) => inviteWrites(invite, account.uid, caller, ctx, { now, link, mailId }),
      now,
    ),
  );
}

async function userByEmail(email: string) {
  return auth()
    .getUserByEmail(email)
    .catch((error: unknown) => {
      if (hasAuthCode(error, 'auth/user-not-found')) return null;
      throw error;
    });
}

async function resendInvitation(data: unknown, caller: Caller | null) {
  const checked = checkResend(data, caller);
  if (!checked.ok) throw toHttpsError(checked);
  if (!caller) throw new HttpsError('unauthenticated', 'Sign in first.');
  const account = await userByEmail(checked.email);
  if (!account?.email) throw toHttpsError(noSuchMember());
  const email = account.email;
  const now = new Date();
  const mailId = autoId();
  // The member is checked before a link is made: no code for an address that is no member's.
  const member = await decideWithReads((ctx) => ctx.get(`Members/${account.uid}`), now);
  if (!member) throw toHttpsError(noSuchMember());
  const link = await passwordLink(email);
  return carryOut(
    await decideWithReads(
      (ctx) => resendWrites({ uid: account.uid, email }, caller, ctx, { now, link, mailId }),
      now,
    ),
  );
}

export async function setMemberRoles(request: CallableRequest) {
  const caller = callerOf(request);
  const now = new Date();
  return carryOut(
    await decideWithReads((ctx) => decideMemberRoles(request.data, caller, ctx, now)),
  );
}

export async function setMemberStatus(request: CallableRequest) {
  const caller = callerOf(request);
  const now = new Date();
  return carryOut(
    await decideWithReads((ctx) => decideMemberStatus(request.data, caller, ctx, now)),
  );
}

/** The public inquiry form's callable (no sign-in needed). */
export async function submitInquiry(request: CallableRequest) {
  const caller = callerOf(request);
  const now = new Date();
  const id = autoId();
  return carryOut(
    await decideWithReads((ctx) => decideInquiry(request.data, caller, ctx, { now, id }), now),
  );
}
