// Unsigned ID tokens (`alg: none`), as the Auth emulator issues them. The Firebase SDK only decodes
// the payload, so these are enough for getIdTokenResult; the fake's other handlers decode them to
// find the caller.
//
// DEMO ONLY (issue 28, README "Security"): the fake accepts any such token as presented, so anyone
// who can reach a demo server can claim any uid or role. That is the demo's nature (its passwords
// are published too), never a production path: production's rules and functions take the caller
// from tokens Google signs and verifies (request.auth), and a build with a Firebase project has no
// fake at all.
import { z } from 'zod';
import type { Account } from './store';

/** ID tokens live one hour, like real Firebase ones. */
export const ID_TOKEN_LIFETIME_S = 3600;
export const FAKE_PROJECT_AUD = 'demo-learning-centre';

function base64UrlEncode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlDecode(text: string): string {
  const padded = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function encodeUnsignedJwt(payload: Record<string, unknown>): string {
  return `${base64UrlEncode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64UrlEncode(JSON.stringify(payload))}.`;
}

export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const parsed = z.record(z.unknown()).safeParse(JSON.parse(base64UrlDecode(part)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function issueIdToken(
  account: Account,
  signInProvider: string,
  projectId: string = FAKE_PROJECT_AUD,
  nowMs: number = Date.now(),
): string {
  const iat = Math.floor(nowMs / 1000);
  return encodeUnsignedJwt({
    // First: Firebase refuses custom claims with reserved names, so none may stand in for the
    // token's own fields (the uid, the e-mail, its verification, which staff domains depend on).
    ...account.claims,
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: Math.floor(account.lastLoginAt / 1000),
    user_id: account.uid,
    sub: account.uid,
    iat,
    exp: iat + ID_TOKEN_LIFETIME_S,
    email: account.email,
    email_verified: account.emailVerified,
    name: account.displayName || undefined,
    picture: account.photoUrl || undefined,
    firebase: {
      identities: { email: [account.email] },
      sign_in_provider: signInProvider,
    },
  });
}

const callerTokenSchema = z.object({
  sub: z.string().min(1),
  exp: z.number(),
  email: z.string().optional(),
  firebase: z.object({ sign_in_provider: z.string() }).partial().optional(),
});

export interface CallerToken {
  uid: string;
  email: string | null;
  claims: Record<string, unknown>;
  signInProvider: string | null;
}

export type CallerResult = { ok: true; caller: CallerToken | null } | { ok: false };

/**
 * Reads `Authorization: Bearer <idToken>`. No header means an unauthenticated caller. The token is
 * not verified (it is unsigned): a demo-only convenience, see the top of this file.
 */
export function callerFromRequest(request: Request, nowMs: number = Date.now()): CallerResult {
  const header = request.headers.get('authorization');
  if (!header) return { ok: true, caller: null };
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1];
  if (!token) return { ok: false };
  return callerFromIdToken(token, nowMs);
}

export function callerFromIdToken(token: string, nowMs: number = Date.now()): CallerResult {
  // Trusted as presented, signature or not (`alg: none`): demo only, see the top of this file.
  const payload = decodeJwtPayload(token);
  const parsed = callerTokenSchema.safeParse(payload);
  if (!payload || !parsed.success) return { ok: false };
  if (parsed.data.exp * 1000 < nowMs) return { ok: false };
  return {
    ok: true,
    caller: {
      uid: parsed.data.sub,
      email: parsed.data.email ?? null,
      claims: payload,
      signInProvider: parsed.data.firebase?.sign_in_provider ?? null,
    },
  };
}
