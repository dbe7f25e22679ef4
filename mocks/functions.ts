// Callable Cloud Functions served by the fake: logUnregisterdSignin (spec §7), the member
// administration calls the members screen needs, and the public submitInquiry (issue 15). They
// write as the backend (no rules), but check the caller's roles themselves, as the real functions
// would.
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { FUNCTIONS_REGION } from '../app/config/constants';
import {
  SUBMIT_RATE_LIMIT_MESSAGE,
  SUBMIT_RATE_LIMIT_PER_EMAIL_PER_DAY,
  newInquiryRecord,
  rateLimitKey,
  submitInquirySchema,
} from '../app/domain/inquiries';
import { ROLES, type Role } from '../app/domain/roles';
import { createAccount } from './auth';
import { applyWrites, type CommitWrite } from './firestore';
import { randomId } from './ids';
import { principalFromRequest } from './principal';
import { store } from './store';
import { decodeFields, encodeFields } from './values';

const CALLABLE = /^https:\/\/[a-z0-9-]+\.cloudfunctions\.net\/([A-Za-z0-9_-]+)$/;

function callableError(httpStatus: number, status: string, message: string): Response {
  return HttpResponse.json({ error: { status, message } }, { status: httpStatus });
}
const denied = (message: string) => callableError(403, 'PERMISSION_DENIED', message);
const invalid = (message: string) => callableError(400, 'INVALID_ARGUMENT', message);

function docName(path: string): string {
  return `projects/fake/databases/(default)/documents/${path}`;
}

/** Writes documents as the backend would (Admin SDK: rules do not apply). */
function backendWrite(writes: CommitWrite[]): void {
  applyWrites(writes, 'backend', {
    get: () => null,
    list: () => [],
    today: new Date().toISOString().slice(0, 10),
  });
}

function setDoc(path: string, data: Record<string, unknown>, merge = false): CommitWrite {
  const fields = encodeFields(data);
  return merge
    ? { update: { name: docName(path), fields }, updateMask: { fieldPaths: Object.keys(fields) } }
    : { update: { name: docName(path), fields } };
}

const ADMIN_ROLES: readonly Role[] = ['admin', 'superAdmin'];
const grantsAdmin = (roles: readonly Role[]) => roles.some((r) => ADMIN_ROLES.includes(r));

const unregisteredSchema = z.object({
  data: z.object({
    email: z.string().nullable().default(''),
    displayName: z.string().nullable().optional(),
    photoURL: z.string().nullable().optional(),
    uid: z.string().optional(),
    providerData: z.array(z.unknown()).default([]),
    expectedEmail: z.string().nullable().optional(),
    timestamp: z.union([z.string(), z.number()]).optional(),
    warning: z.string().optional(),
  }),
});

const inviteSchema = z.object({
  data: z.object({
    email: z.string().email(),
    displayName: z.string().default(''),
    roles: z.array(z.enum(ROLES)).min(1),
    familyId: z.string().optional(),
    studentId: z.string().optional(),
    facilitatorId: z.string().optional(),
  }),
});

const setRolesSchema = z.object({
  data: z.object({ uid: z.string(), roles: z.array(z.enum(ROLES)) }),
});

const setStatusSchema = z.object({
  data: z.object({ uid: z.string(), status: z.enum(['active', 'suspended']) }),
});

/**
 * The per-e-mail, per-day count of public inquiries lives in `inquiryRateLimits/{day_email}`: a
 * collection no rule covers, so no client can read (or reset) it; only the function writes it.
 */
const RATE_LIMITS = 'inquiryRateLimits';
const countSchema = z.object({ count: z.number().int().nonnegative() }).catch({ count: 0 });

function submittedToday(key: string): number {
  const stored = store.get(`${RATE_LIMITS}/${key}`);
  return stored ? countSchema.parse(decodeFields(stored.fields)).count : 0;
}

/**
 * submitInquiry: anyone may call it, signed in or not (families with no account). The input is
 * checked with the domain's schema; the fourth inquiry of a day from one address is refused. App
 * Check: the demo has no site key, so the fake accepts requests without an `X-Firebase-AppCheck`
 * header (and cannot verify one that is present). In production the function is deployed with
 * `enforceAppCheck: true` whenever a site key is configured, and refuses calls without a valid token.
 */
function submitInquiry(request: Request, input: unknown, callerUid: string | null): Response {
  // The region is the first label of the host (asia-south1-<project>.cloudfunctions.net, or the
  // emulator path's region, which mocks/server.ts rewrites into the same host).
  if (!new URL(request.url).hostname.startsWith(`${FUNCTIONS_REGION}-`)) {
    return callableError(404, 'NOT_FOUND', 'Function submitInquiry does not exist in this region.');
  }
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const parsed = z.object({ data: submitInquirySchema(today) }).safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.slice(1).join('.') ?? '';
    return invalid(issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'Invalid inquiry.');
  }
  const key = rateLimitKey(parsed.data.data.email, today);
  const count = submittedToday(key);
  if (count >= SUBMIT_RATE_LIMIT_PER_EMAIL_PER_DAY) {
    return callableError(429, 'RESOURCE_EXHAUSTED', SUBMIT_RATE_LIMIT_MESSAGE);
  }
  const id = randomId();
  const record = newInquiryRecord(parsed.data.data, {
    at: now.toISOString(),
    ...(callerUid ? { createdBy: callerUid } : {}),
  });
  backendWrite([
    setDoc(`${RATE_LIMITS}/${key}`, { count: count + 1, day: today, updatedAt: now }),
    setDoc(`parentInquiries/${id}`, { ...record, createdAt: now, updatedAt: now }),
  ]);
  return HttpResponse.json({ result: { id } });
}

async function body(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.text());
  } catch {
    return null;
  }
}

export const functionsHandlers = [
  http.post(CALLABLE, async ({ request }) => {
    const name = CALLABLE.exec(new URL(request.url).origin + new URL(request.url).pathname)?.[1];
    const caller = principalFromRequest(request);
    if (!caller.ok) return callableError(401, 'UNAUTHENTICATED', 'Invalid ID token.');
    const principal = caller.principal;
    const input = await body(request);

    switch (name) {
      case 'submitInquiry':
        return submitInquiry(request, input, principal?.uid ?? null);

      case 'logUnregisterdSignin': {
        const parsed = unregisteredSchema.safeParse(input);
        if (!parsed.success) return invalid('Invalid sign-in report.');
        const d = parsed.data.data;
        backendWrite([
          setDoc(`unregisteredSignins/${randomId()}`, {
            ...d,
            displayName: d.displayName ?? null,
            photoURL: d.photoURL ?? null,
            expectedEmail: d.expectedEmail ?? null,
            at: new Date(),
          }),
        ]);
        const message = d.expectedEmail
          ? 'Please sign in with the expected address'
          : 'This account is not registered with the learning centre. The attempt has been logged.';
        return HttpResponse.json({ result: { type: 'warning', message } });
      }

      case 'inviteMember': {
        if (!principal) return callableError(401, 'UNAUTHENTICATED', 'Sign in first.');
        const staff = principal.roles.some((r) =>
          ['admin', 'superAdmin', 'administration'].includes(r),
        );
        if (!staff) return denied('Only staff may invite members.');
        const parsed = inviteSchema.safeParse(input);
        if (!parsed.success) return invalid('Invalid invitation.');
        const { email, displayName, roles, ...links } = parsed.data.data;
        if (grantsAdmin(roles) && !principal.roles.includes('superAdmin')) {
          return denied('Only a superAdmin may grant admin or superAdmin.');
        }
        if (store.accountByEmail(email)) {
          return callableError(
            409,
            'ALREADY_EXISTS',
            'An account with this e-mail already exists.',
          );
        }
        // Demo convenience: the invitee gets a temporary password instead of a real e-mail.
        const temporaryPassword = `welcome-${randomId(8)}`;
        const account = createAccount({
          email,
          password: temporaryPassword,
          displayName,
          providers: ['password'],
        });
        account.claims = { roles, role: roles[0], memberUUID: account.uid, tokens: {} };
        const now = new Date();
        backendWrite([
          setDoc(`Members/${account.uid}`, {
            memberUUID: account.uid,
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
            updatedBy: principal.memberUUID,
          }),
        ]);
        return HttpResponse.json({ result: { uid: account.uid, email, temporaryPassword } });
      }

      case 'setMemberRoles': {
        if (!principal) return callableError(401, 'UNAUTHENTICATED', 'Sign in first.');
        if (!principal.roles.some((r) => ADMIN_ROLES.includes(r)))
          return denied('Only admins may change roles.');
        const parsed = setRolesSchema.safeParse(input);
        if (!parsed.success) return invalid('Invalid role change.');
        const account = store.accounts.get(parsed.data.data.uid);
        if (!account) return callableError(404, 'NOT_FOUND', 'No such member.');
        const roles = parsed.data.data.roles;
        const before = z.array(z.enum(ROLES)).catch([]).parse(account.claims.roles);
        const adminChanged = ADMIN_ROLES.some((r) => before.includes(r) !== roles.includes(r));
        if (adminChanged && !principal.roles.includes('superAdmin')) {
          return denied('Only a superAdmin may grant or remove admin or superAdmin.');
        }
        account.claims = { ...account.claims, roles, role: roles[0] };
        backendWrite([
          setDoc(
            `Members/${account.uid}`,
            { roles, updatedAt: new Date(), updatedBy: principal.memberUUID },
            true,
          ),
        ]);
        return HttpResponse.json({ result: { uid: account.uid, roles } });
      }

      case 'setMemberStatus': {
        if (!principal) return callableError(401, 'UNAUTHENTICATED', 'Sign in first.');
        if (!principal.roles.some((r) => ADMIN_ROLES.includes(r)))
          return denied('Only admins may suspend members.');
        const parsed = setStatusSchema.safeParse(input);
        if (!parsed.success) return invalid('Invalid status change.');
        const account = store.accounts.get(parsed.data.data.uid);
        if (!account) return callableError(404, 'NOT_FOUND', 'No such member.');
        const targetRoles = z.array(z.enum(ROLES)).catch([]).parse(account.claims.roles);
        if (grantsAdmin(targetRoles) && !principal.roles.includes('superAdmin')) {
          return denied('Only a superAdmin may suspend an admin.');
        }
        account.disabled = parsed.data.data.status === 'suspended';
        backendWrite([
          setDoc(
            `Members/${account.uid}`,
            {
              status: parsed.data.data.status,
              updatedAt: new Date(),
              updatedBy: principal.memberUUID,
            },
            true,
          ),
        ]);
        return HttpResponse.json({ result: { uid: account.uid, status: parsed.data.data.status } });
      }

      default:
        return callableError(404, 'NOT_FOUND', `Function ${name ?? ''} does not exist.`);
    }
  }),
];
