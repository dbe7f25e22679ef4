// Firebase Auth's REST API (identitytoolkit + securetoken) over the fake's account table: the
// endpoints firebase/auth calls for password and Google (signInWithIdp) sign-in, token refresh,
// profile and password updates, password-reset mail and codes (accounts:resetPassword, which the
// app's /auth/action page speaks) and account deletion, with real error codes.
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { DEMO_PROJECT_ID } from '../app/config/demo';
import { RESET_CODE_LIFETIME_MS } from '../app/domain/server/invitation';
import { randomId, stableHash } from './ids';
import { store, type Account } from './store';
import { callerFromIdToken, decodeJwtPayload, ID_TOKEN_LIFETIME_S, issueIdToken } from './tokens';

const IDT = String.raw`^https://identitytoolkit\.googleapis\.com/v1/accounts:`;
const endpoint = (name: string) => new RegExp(`${IDT}${name}$`);

/** Consecutive wrong passwords before the account is locked for a while. */
export const MAX_FAILED_LOGINS = 5;
/** How long the lock lasts. */
export const LOGIN_LOCK_MS = 5 * 60 * 1000;

function authError(message: string, status = 400): Response {
  const reason = message.split(' ')[0] ?? message;
  return HttpResponse.json(
    {
      error: {
        code: status,
        message,
        errors: [{ message: reason, domain: 'global', reason: 'invalid' }],
      },
    },
    { status },
  );
}

/** The shape check the service applies to an e-mail address before anything else. */
function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(value);
}

async function jsonBody(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.text());
  } catch {
    return null;
  }
}

/** `fake-refresh.<uid>.<provider>.<random>.<session epoch>`: the epoch lets a revocation bite. */
function refreshTokenFor(account: Account, provider: string): string {
  return `fake-refresh.${account.uid}.${provider}.${randomId(8)}.${account.sessionEpoch ?? 0}`;
}

function tokens(account: Account, provider: string) {
  return {
    idToken: issueIdToken(account, provider, DEMO_PROJECT_ID),
    refreshToken: refreshTokenFor(account, provider),
    expiresIn: String(ID_TOKEN_LIFETIME_S),
  };
}

function providerUserInfo(account: Account) {
  return account.providers.map((providerId) => ({
    providerId,
    email: account.email,
    federatedId:
      providerId === 'password'
        ? account.email
        : `https://accounts.google.com/${stableHash(account.email)}`,
    rawId: providerId === 'password' ? account.email : stableHash(account.email),
    displayName: account.displayName || undefined,
    photoUrl: account.photoUrl || undefined,
  }));
}

function userInfo(account: Account) {
  return {
    localId: account.uid,
    email: account.email,
    emailVerified: account.emailVerified,
    displayName: account.displayName || undefined,
    photoUrl: account.photoUrl || undefined,
    providerUserInfo: providerUserInfo(account),
    passwordHash: account.password !== null ? 'UkVEQUNURUQ=' : undefined,
    passwordUpdatedAt: account.passwordUpdatedAt,
    validSince: String(Math.floor(account.createdAt / 1000)),
    disabled: account.disabled,
    lastLoginAt: String(account.lastLoginAt),
    createdAt: String(account.createdAt),
    customAttributes: JSON.stringify(account.claims),
    lastRefreshAt: new Date(account.lastLoginAt).toISOString(),
  };
}

type AccountLookup =
  { ok: true; account: Account; provider: string } | { ok: false; response: Response };

function accountFromIdToken(idToken: unknown): AccountLookup {
  if (typeof idToken !== 'string') return { ok: false, response: authError('INVALID_ID_TOKEN') };
  const result = callerFromIdToken(idToken);
  if (!result.ok || !result.caller) return { ok: false, response: authError('INVALID_ID_TOKEN') };
  const account = store.accounts.get(result.caller.uid);
  if (!account) return { ok: false, response: authError('USER_NOT_FOUND') };
  if (account.disabled) return { ok: false, response: authError('USER_DISABLED') };
  return { ok: true, account, provider: result.caller.signInProvider ?? 'password' };
}

/** Creates an account in the fake's table (used by signUp, signInWithIdp and inviteMember). */
export function createAccount(input: {
  email: string;
  password: string | null;
  displayName?: string;
  photoUrl?: string;
  claims?: Record<string, unknown>;
  providers: Account['providers'];
  uid?: string;
}): Account {
  const now = Date.now();
  const account: Account = {
    uid: input.uid ?? randomId(28),
    email: input.email,
    password: input.password,
    displayName: input.displayName ?? '',
    photoUrl: input.photoUrl ?? '',
    disabled: false,
    emailVerified: input.providers.includes('google.com'),
    claims: input.claims ?? {},
    providers: input.providers,
    createdAt: now,
    lastLoginAt: now,
    passwordUpdatedAt: now,
  };
  store.accounts.set(account.uid, account);
  return account;
}

/**
 * A new password-reset code for the account (an invitation's link, or "Forgot password"), as the
 * Admin SDK's generatePasswordResetLink makes one: it works once, for an hour. Stored with the
 * account, so every tab (and the demo server's state file) knows it.
 */
export function issueResetCode(account: Account): string {
  const code = randomId(48);
  account.resetCodes = [...liveResetCodes(account), { code, issuedAt: Date.now() }];
  return code;
}

/** The account's reset codes that still work (issued less than an hour ago), oldest first. */
export function liveResetCodes(account: Account): Array<{ code: string; issuedAt: number }> {
  const now = Date.now();
  return (account.resetCodes ?? []).filter((c) => now - c.issuedAt < RESET_CODE_LIFETIME_MS);
}

type ResetCodeLookup = { ok: true; account: Account } | { ok: false; response: Response };

/** The account a reset code belongs to, as the service checks it: known, unexpired, enabled. */
function accountForResetCode(code: string): ResetCodeLookup {
  for (const account of store.accounts.values()) {
    const found = account.resetCodes?.find((c) => c.code === code);
    if (!found) continue;
    if (Date.now() - found.issuedAt >= RESET_CODE_LIFETIME_MS) {
      return { ok: false, response: authError('EXPIRED_OOB_CODE') };
    }
    if (account.disabled) return { ok: false, response: authError('USER_DISABLED') };
    return { ok: true, account };
  }
  return { ok: false, response: authError('INVALID_OOB_CODE') };
}

const resetPasswordSchema = z.object({
  oobCode: z.string().optional(),
  newPassword: z.string().optional(),
});

const signInSchema = z.object({ email: z.string(), password: z.string() });
const lookupSchema = z.object({
  idToken: z.string().optional(),
  localId: z.array(z.string()).optional(),
});
const oobSchema = z.object({
  requestType: z.string(),
  email: z.string().optional(),
  idToken: z.string().optional(),
});
const updateSchema = z.object({
  idToken: z.string(),
  password: z.string().optional(),
  displayName: z.string().optional(),
  photoUrl: z.string().optional(),
  email: z.string().optional(),
  deleteAttribute: z.array(z.string()).optional(),
  deleteProvider: z.array(z.string()).optional(),
});
const adminUpdateSchema = z.object({
  localId: z.string().min(1),
  customAttributes: z.string().optional(),
  disableUser: z.boolean().optional(),
});

/** Custom claims as the Admin API takes them: a JSON object in a string ('' clears them). */
function parseClaims(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    const parsed = z.record(z.unknown()).safeParse(value);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
const idpSchema = z.object({ postBody: z.string(), requestUri: z.string().optional() });
const signUpSchema = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  displayName: z.string().optional(),
});
const googleIdTokenSchema = z.object({
  email: z.string().email(),
  name: z.string().optional(),
  picture: z.string().optional(),
  sub: z.string().optional(),
});

export const authHandlers = [
  http.post(endpoint('signInWithPassword'), async ({ request }) => {
    const body = signInSchema.safeParse(await jsonBody(request));
    if (!body.success) return authError('INVALID_EMAIL');
    if (!isEmailAddress(body.data.email)) return authError('INVALID_EMAIL');
    if (body.data.password === '') return authError('MISSING_PASSWORD');
    const key = body.data.email.toLowerCase();
    const account = store.accountByEmail(body.data.email);
    // E-mail enumeration protection (on for new projects and in the Auth emulator): an unknown
    // address is answered exactly like a wrong password.
    if (!account) return authError('INVALID_LOGIN_CREDENTIALS');
    // The service says an account is disabled before it looks at the password.
    if (account.disabled) return authError('USER_DISABLED');
    const failures = store.failedLogins.get(key);
    if (
      failures &&
      failures.count >= MAX_FAILED_LOGINS &&
      Date.now() - failures.at < LOGIN_LOCK_MS
    ) {
      return authError(
        'TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.',
      );
    }
    if (account.password === null || account.password !== body.data.password) {
      store.failedLogins.set(key, { count: (failures?.count ?? 0) + 1, at: Date.now() });
      return authError('INVALID_LOGIN_CREDENTIALS');
    }
    store.failedLogins.delete(key);
    account.lastLoginAt = Date.now();
    return HttpResponse.json({
      kind: 'identitytoolkit#VerifyPasswordResponse',
      localId: account.uid,
      email: account.email,
      displayName: account.displayName,
      registered: true,
      ...tokens(account, 'password'),
    });
  }),

  http.post(endpoint('lookup'), async ({ request }) => {
    const body = lookupSchema.safeParse(await jsonBody(request));
    if (!body.success) return authError('INVALID_ID_TOKEN');
    const found = accountFromIdToken(body.data.idToken);
    if (!found.ok) return found.response;
    return HttpResponse.json({
      kind: 'identitytoolkit#GetAccountInfoResponse',
      users: [userInfo(found.account)],
    });
  }),

  http.post(endpoint('sendOobCode'), async ({ request }) => {
    const body = oobSchema.safeParse(await jsonBody(request));
    if (!body.success) return authError('INVALID_REQ_TYPE');
    let email = body.data.email;
    if (!email && body.data.idToken) {
      const found = accountFromIdToken(body.data.idToken);
      if (!found.ok) return found.response;
      email = found.account.email;
    }
    if (!email) return authError('MISSING_EMAIL');
    // A known address gets a code, as the e-mail the service would send carries one.
    const account = body.data.requestType === 'PASSWORD_RESET' ? store.accountByEmail(email) : null;
    if (account && !account.disabled) issueResetCode(account);
    // Like Firebase with e-mail enumeration protection: an unknown address still "succeeds".
    return HttpResponse.json({ kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email });
  }),

  // A reset code alone is checked (verifyPasswordResetCode: the address it is for); with a new
  // password it sets the password (confirmPasswordReset) and is used up, with every other reset
  // code of the account (the password they were sent for has changed).
  http.post(endpoint('resetPassword'), async ({ request }) => {
    const body = resetPasswordSchema.safeParse(await jsonBody(request));
    if (!body.success || !body.data.oobCode) return authError('MISSING_OOB_CODE');
    const found = accountForResetCode(body.data.oobCode);
    if (!found.ok) return found.response;
    const { account } = found;
    const { newPassword } = body.data;
    if (newPassword !== undefined) {
      if (newPassword.length < 6) {
        return authError('WEAK_PASSWORD : Password should be at least 6 characters');
      }
      account.password = newPassword;
      account.passwordUpdatedAt = Date.now();
      account.resetCodes = [];
      // Following the link proves the address is theirs.
      account.emailVerified = true;
      if (!account.providers.includes('password')) account.providers.push('password');
      store.failedLogins.delete(account.email.toLowerCase());
    }
    return HttpResponse.json({
      kind: 'identitytoolkit#ResetPasswordResponse',
      email: account.email,
      requestType: 'PASSWORD_RESET',
    });
  }),

  http.post(endpoint('update'), async ({ request }) => {
    const body = updateSchema.safeParse(await jsonBody(request));
    if (!body.success) return authError('INVALID_ID_TOKEN');
    const found = accountFromIdToken(body.data.idToken);
    if (!found.ok) return found.response;
    const account = found.account;
    const { password, displayName, photoUrl, deleteAttribute } = body.data;
    if (password !== undefined) {
      if (password.length < 6) {
        return authError('WEAK_PASSWORD : Password should be at least 6 characters');
      }
      account.password = password;
      account.passwordUpdatedAt = Date.now();
      if (!account.providers.includes('password')) account.providers.push('password');
    }
    if (displayName !== undefined) account.displayName = displayName;
    if (photoUrl !== undefined) account.photoUrl = photoUrl;
    if (deleteAttribute?.includes('DISPLAY_NAME')) account.displayName = '';
    if (deleteAttribute?.includes('PHOTO_URL')) account.photoUrl = '';
    return HttpResponse.json({
      kind: 'identitytoolkit#SetAccountInfoResponse',
      localId: account.uid,
      email: account.email,
      displayName: account.displayName || undefined,
      photoUrl: account.photoUrl || undefined,
      emailVerified: account.emailVerified,
      providerUserInfo: providerUserInfo(account),
      passwordHash: 'UkVEQUNURUQ=',
      ...(password !== undefined ? tokens(account, found.provider) : {}),
    });
  }),

  http.post(endpoint('delete'), async ({ request }) => {
    const body = z.object({ idToken: z.string() }).safeParse(await jsonBody(request));
    if (!body.success) return authError('INVALID_ID_TOKEN');
    const found = accountFromIdToken(body.data.idToken);
    if (!found.ok) return found.response;
    store.accounts.delete(found.account.uid);
    return HttpResponse.json({ kind: 'identitytoolkit#DeleteAccountResponse' });
  }),

  http.post(endpoint('signInWithIdp'), async ({ request }) => {
    const body = idpSchema.safeParse(await jsonBody(request));
    if (!body.success) return authError('INVALID_IDP_RESPONSE');
    const params = new URLSearchParams(body.data.postBody);
    const providerId = params.get('providerId');
    const idToken = params.get('id_token');
    if (providerId !== 'google.com' || !idToken) {
      return authError('INVALID_IDP_RESPONSE : Only google.com id_token credentials are faked');
    }
    const google = googleIdTokenSchema.safeParse(decodeJwtPayload(idToken));
    if (!google.success) return authError('INVALID_IDP_RESPONSE : Unable to parse Google id_token');
    const { email, name, picture } = google.data;
    let account = store.accountByEmail(email);
    // Like real Firebase, an unknown Google address simply becomes a new account (no profile).
    const isNewUser = !account;
    if (!account) {
      account = createAccount({
        email,
        password: null,
        displayName: name ?? '',
        photoUrl: picture ?? '',
        providers: ['google.com'],
      });
    } else if (account.disabled) {
      return authError('USER_DISABLED');
    } else if (!account.providers.includes('google.com')) {
      account.providers.push('google.com');
    }
    // Google has proven the address. As Firebase does, an earlier password on it that was never
    // verified is dropped: whoever signed up with someone else's address loses the account, and
    // cannot ride on the owner's verification (a staff domain counts only once verified).
    if (!account.emailVerified) {
      account.emailVerified = true;
      account.password = null;
      account.providers = account.providers.filter((provider) => provider !== 'password');
    }
    account.lastLoginAt = Date.now();
    const sub = google.data.sub ?? stableHash(email);
    return HttpResponse.json({
      kind: 'identitytoolkit#VerifyAssertionResponse',
      federatedId: `https://accounts.google.com/${sub}`,
      providerId: 'google.com',
      localId: account.uid,
      email: account.email,
      emailVerified: true,
      displayName: account.displayName || name,
      fullName: name,
      photoUrl: account.photoUrl || picture,
      oauthIdToken: idToken,
      rawUserInfo: JSON.stringify({ email, name, picture, sub, email_verified: true }),
      isNewUser,
      ...tokens(account, 'google.com'),
    });
  }),

  http.post(endpoint('signUp'), async ({ request }) => {
    const body = signUpSchema.safeParse(await jsonBody(request));
    if (!body.success) return authError('INVALID_EMAIL');
    const { email, password, displayName } = body.data;
    if (!email) return authError('ADMIN_ONLY_OPERATION');
    if (!isEmailAddress(email)) return authError('INVALID_EMAIL');
    if (store.accountByEmail(email)) return authError('EMAIL_EXISTS');
    if (!password || password.length < 6) {
      return authError('WEAK_PASSWORD : Password should be at least 6 characters');
    }
    const account = createAccount({ email, password, displayName, providers: ['password'] });
    return HttpResponse.json({
      kind: 'identitytoolkit#SignupNewUserResponse',
      localId: account.uid,
      email: account.email,
      ...tokens(account, 'password'),
    });
  }),

  // The Admin API's account update, as the Emulator Suite takes it from a trusted caller
  // (`Authorization: Bearer owner`): custom claims and disabling, for tests and the console.
  http.post(
    /^https:\/\/identitytoolkit\.googleapis\.com\/v1\/projects\/[^/]+\/accounts:update$/,
    async ({ request }) => {
      if (request.headers.get('Authorization') !== 'Bearer owner') {
        return authError('INSUFFICIENT_PERMISSION', 403);
      }
      const body = adminUpdateSchema.safeParse(await jsonBody(request));
      if (!body.success) return authError('MISSING_LOCAL_ID');
      const account = store.accounts.get(body.data.localId);
      if (!account) return authError('USER_NOT_FOUND');
      if (body.data.customAttributes !== undefined) {
        const claims = parseClaims(body.data.customAttributes);
        if (!claims) return authError('INVALID_CLAIMS');
        account.claims = claims;
      }
      if (body.data.disableUser !== undefined) account.disabled = body.data.disableUser;
      return HttpResponse.json({
        kind: 'identitytoolkit#SetAccountInfoResponse',
        localId: account.uid,
        email: account.email,
      });
    },
  ),

  // Project config, read by the popup/redirect flows to check authorised domains.
  http.get(/^https:\/\/identitytoolkit\.googleapis\.com\/v1\/projects$/, () =>
    HttpResponse.json({
      projectId: DEMO_PROJECT_ID,
      authorizedDomains: ['localhost', '127.0.0.1', `${DEMO_PROJECT_ID}.firebaseapp.com`],
    }),
  ),

  http.post(/^https:\/\/securetoken\.googleapis\.com\/v1\/token$/, async ({ request }) => {
    const params = new URLSearchParams(await request.text());
    const refreshToken = params.get('refresh_token') ?? '';
    const [, uid, provider, , epoch] = refreshToken.split('.');
    if (params.get('grant_type') !== 'refresh_token' || !uid) {
      return authError('INVALID_REFRESH_TOKEN');
    }
    const account = store.accounts.get(uid);
    if (!account) return authError('USER_NOT_FOUND');
    if (account.disabled) return authError('USER_DISABLED');
    // Revoked (setMemberStatus suspended): the service answers TOKEN_EXPIRED, which the SDK turns
    // into auth/user-token-expired and a sign-out. A token from before epochs existed counts as 0.
    if (Number(epoch ?? 0) !== (account.sessionEpoch ?? 0)) return authError('TOKEN_EXPIRED');
    const idToken = issueIdToken(account, provider ?? 'password', DEMO_PROJECT_ID);
    return HttpResponse.json({
      access_token: idToken,
      id_token: idToken,
      expires_in: String(ID_TOKEN_LIFETIME_S),
      token_type: 'Bearer',
      refresh_token: refreshToken,
      user_id: account.uid,
      project_id: DEMO_PROJECT_ID,
    });
  }),
];
