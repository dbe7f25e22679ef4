// Callable Cloud Functions served by the fake: logUnregisterdSignin (spec §7), the member
// administration calls the members screen needs, and the public submitInquiry (issue 15). The
// decisions (validation, who may call, what to write) are app/domain/server/callables.ts, the same
// code the deployed functions run (firebase/functions); this module is only their host: it decodes
// the caller, reads the fake's store, creates accounts, and writes as the backend (no rules).
import { http, HttpResponse } from 'msw';
import { FUNCTIONS_REGION } from '../app/config/constants';
import { DEMO_FIREBASE_CONFIG } from '../app/config/demo';
import {
  CALLABLE_MESSAGES,
  checkInvite,
  checkResend,
  emailTaken,
  inviteWrites,
  isResendRequest,
  logUnregisterdSignin,
  noSuchMember,
  resendWrites,
  setMemberRoles,
  setMemberStatus,
  submitInquiry,
} from '../app/domain/server/callables';
import { actionLink } from '../app/domain/server/invitation';
import {
  isDelete,
  refuse,
  type Accepted,
  type Caller,
  type Outcome,
  type Refusal,
  type RefusalCode,
  type ServerWrite,
} from '../app/domain/server/outcome';
import { createAccount, issueResetCode } from './auth';
import { applyWritesHoldingQueue, type CommitWrite } from './firestore';
import { randomId } from './ids';
import { createContext, principalFromRequest, rulesToday } from './principal';
import { commitQueue } from './slices';
import { ORIGIN_HEADER } from './storage';
import { ANONYMOUS_ACCOUNT, store, type Account } from './store';
import { applyAuthEffects, mergeFieldPaths } from './triggers';
import { encodeFields } from './values';

const CALLABLE = /^https:\/\/[a-z0-9-]+\.cloudfunctions\.net\/([A-Za-z0-9_-]+)$/;

/** The HTTP status and wire status of each refusal code, as the Functions backend answers. */
const WIRE: Record<RefusalCode, { http: number; status: string }> = {
  unauthenticated: { http: 401, status: 'UNAUTHENTICATED' },
  'permission-denied': { http: 403, status: 'PERMISSION_DENIED' },
  'invalid-argument': { http: 400, status: 'INVALID_ARGUMENT' },
  'not-found': { http: 404, status: 'NOT_FOUND' },
  'already-exists': { http: 409, status: 'ALREADY_EXISTS' },
  'resource-exhausted': { http: 429, status: 'RESOURCE_EXHAUSTED' },
};

function callableError(httpStatus: number, status: string, message: string): Response {
  return HttpResponse.json({ error: { status, message } }, { status: httpStatus });
}

function refusalResponse(refusal: Refusal): Response {
  const wire = WIRE[refusal.code];
  return callableError(wire.http, wire.status, refusal.message);
}

function docName(path: string): string {
  return `projects/fake/databases/(default)/documents/${path}`;
}

/** A shared decision's write as a commit write (a merge writes only its leaf field paths). */
export function commitWriteOf(write: ServerWrite): CommitWrite {
  if (isDelete(write)) return { delete: docName(write.path) };
  const fields = encodeFields(write.data);
  return write.merge
    ? {
        update: { name: docName(write.path), fields },
        updateMask: { fieldPaths: mergeFieldPaths(write.data) },
      }
    : { update: { name: docName(write.path), fields } };
}

/**
 * Applies an accepted decision as the backend would (Admin SDK: rules do not apply). Its writes are
 * billed to the caller's `account` (`fake.usage()`), whose call caused them.
 */
async function apply<R>(outcome: Accepted<R>, account: string): Promise<void> {
  if (outcome.writes.length > 0) {
    const { written } = await applyWritesHoldingQueue(
      outcome.writes.map(commitWriteOf),
      'backend',
      {
        get: () => null,
        list: () => [],
        today: rulesToday(),
      },
    );
    store.countUsage(account, 0, written);
  }
  applyAuthEffects(outcome.auth);
}

/** The callable's answer: the refusal as an error, or the decision carried out and its result. */
async function carryOut<R>(outcome: Outcome<R>, account: string): Promise<Response> {
  if (!outcome.ok) return refusalResponse(outcome);
  await apply(outcome, account);
  return HttpResponse.json({ result: outcome.result });
}

/** The callable payload: `{ data }` (anything else is data the decisions refuse as invalid). */
function dataOf(input: unknown): unknown {
  return typeof input === 'object' && input !== null && 'data' in input ? input.data : undefined;
}

async function body(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.text());
  } catch {
    return null;
  }
}

/**
 * Where the app is served, for the links in e-mails: the page's origin in-page, the origin the page
 * reached the demo server by in server mode, else (unit tests) the dev server's.
 */
function appOrigin(request: Request): string {
  return (
    request.headers.get(ORIGIN_HEADER) ??
    (typeof location === 'undefined' ? null : location.origin) ??
    'http://localhost:5173'
  );
}

/** The fake's generatePasswordResetLink: a new reset code, linked to the app's /auth/action. */
function resetLink(account: Account, request: Request): string {
  return actionLink({
    origin: appOrigin(request),
    oobCode: issueResetCode(account),
    apiKey: DEMO_FIREBASE_CONFIG.apiKey,
  });
}

/**
 * inviteMember: the shared checks, then the fake's account (no password: the invitee sets one from
 * the e-mail's link), then the shared writes, claims and invitation e-mail. With `resend: true`, a
 * new link in a new e-mail to an existing member ("Send again").
 */
async function inviteMember(data: unknown, caller: Caller | null, request: Request) {
  if (isResendRequest(data)) return resendInvitation(data, caller, request);
  const checked = checkInvite(data, caller);
  if (!checked.ok) return refusalResponse(checked);
  if (!caller) return refusalResponse(refuse('unauthenticated', CALLABLE_MESSAGES.signInFirst));
  const { invite } = checked;
  if (store.accountByEmail(invite.email)) return refusalResponse(emailTaken());
  const account = createAccount({
    email: invite.email,
    password: null,
    displayName: invite.displayName,
    providers: [],
  });
  // The fake's tokens carry the memberUUID and a token list besides the roles the decision sets.
  account.claims = { memberUUID: account.uid, tokens: {} };
  const outcome = inviteWrites(invite, account.uid, caller, createContext(), {
    now: new Date(),
    link: resetLink(account, request),
    mailId: randomId(),
  });
  if (!outcome.ok) return refusalResponse(outcome);
  await apply(outcome, caller.uid);
  return HttpResponse.json({ result: outcome.result });
}

async function resendInvitation(data: unknown, caller: Caller | null, request: Request) {
  const checked = checkResend(data, caller);
  if (!checked.ok) return refusalResponse(checked);
  if (!caller) return refusalResponse(refuse('unauthenticated', CALLABLE_MESSAGES.signInFirst));
  const account = store.accountByEmail(checked.email);
  if (!account) return refusalResponse(noSuchMember());
  const ctx = createContext();
  // No code is issued for an address that is no member's.
  if (!ctx.get(`Members/${account.uid}`)) return refusalResponse(noSuchMember());
  return carryOut(
    resendWrites(account, caller, ctx, {
      now: new Date(),
      link: resetLink(account, request),
      mailId: randomId(),
    }),
    caller.uid,
  );
}

export const functionsHandlers = [
  http.post(CALLABLE, async ({ request }) => {
    const url = new URL(request.url);
    const name = CALLABLE.exec(url.origin + url.pathname)?.[1];
    const identified = principalFromRequest(request);
    if (!identified.ok) return callableError(401, 'UNAUTHENTICATED', 'Invalid ID token.');
    const principal = identified.principal;
    const caller: Caller | null = principal
      ? { uid: principal.uid, roles: principal.roles, memberUUID: principal.memberUUID }
      : null;
    const data = dataOf(await body(request));
    const now = new Date();
    const account = caller?.uid ?? ANONYMOUS_ACCOUNT;
    // Each decision reads the state it writes over (a rate limit's count, a member's roles): it
    // runs in the commit queue, so no commit's yielding checks come between its read and its write.
    return commitQueue.run(() => callable(name, request, data, caller, now, account));
  }),
];

/** One callable, by name: its decision and, when accepted, its writes (in the commit queue). */
async function callable(
  name: string | undefined,
  request: Request,
  data: unknown,
  caller: Caller | null,
  now: Date,
  account: string,
): Promise<Response> {
  switch (name) {
    case 'submitInquiry':
      // The region is the first label of the host (asia-south1-<project>.cloudfunctions.net, or
      // the emulator path's region, which mocks/server.ts rewrites into the same host). App
      // Check: the demo has no site key, so the fake accepts requests without a token; in
      // production the function enforces App Check whenever a site key is configured.
      if (!new URL(request.url).hostname.startsWith(`${FUNCTIONS_REGION}-`)) {
        return callableError(
          404,
          'NOT_FOUND',
          'Function submitInquiry does not exist in this region.',
        );
      }
      return carryOut(
        submitInquiry(data, caller, createContext(), { now, id: randomId() }),
        account,
      );
    case 'logUnregisterdSignin':
      return carryOut(logUnregisterdSignin(data, { now, id: randomId() }), account);
    case 'inviteMember':
      return inviteMember(data, caller, request);
    case 'setMemberRoles':
      return carryOut(setMemberRoles(data, caller, createContext(), now), account);
    case 'setMemberStatus':
      return carryOut(setMemberStatus(data, caller, createContext(), now), account);
    default:
      return callableError(404, 'NOT_FOUND', `Function ${name ?? ''} does not exist.`);
  }
}
