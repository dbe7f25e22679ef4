// The demo's known accounts: one per role, all with the documented password below, plus the
// addresses the fake Google account chooser offers. The login page lists DEMO_ACCOUNTS in demo mode.
import { stableHash } from './ids';
import { encodeUnsignedJwt } from './tokens';
import type { Role } from '../app/domain/roles';

/** The password of every seeded demo account (documented in the README). */
export const DEMO_PASSWORD = 'demo-password';

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
  displayName: string;
  /** Fixed uid, so tests and the seed can refer to the account. */
  uid: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    role: 'admin',
    email: 'admin@demo-learning.example',
    password: DEMO_PASSWORD,
    displayName: 'Amara Okafor',
    uid: 'demo-admin',
  },
  {
    role: 'superAdmin',
    email: 'superadmin@demo-learning.example',
    password: DEMO_PASSWORD,
    displayName: 'Sofia Lindqvist',
    uid: 'demo-superadmin',
  },
  {
    role: 'administration',
    email: 'office@demo-learning.example',
    password: DEMO_PASSWORD,
    displayName: 'Priya Raman',
    uid: 'demo-administration',
  },
  {
    role: 'facilitator',
    email: 'facilitator@demo-learning.example',
    password: DEMO_PASSWORD,
    displayName: 'Daniel Mensah',
    uid: 'demo-facilitator',
  },
  {
    role: 'parent',
    email: 'parent@demo-learning.example',
    password: DEMO_PASSWORD,
    displayName: 'Grace Whitfield',
    uid: 'demo-parent',
  },
  {
    role: 'student',
    email: 'student@demo-learning.example',
    password: DEMO_PASSWORD,
    displayName: 'Leo Whitfield',
    uid: 'demo-student',
  },
];

export function demoAccount(role: Role): DemoAccount {
  const found = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!found) throw new Error(`No demo account for ${role}`);
  return found;
}

export interface DemoGoogleAccount {
  email: string;
  displayName: string;
  /** Whether a Members profile exists for it (unregistered ones exercise the mismatch flow). */
  registered: boolean;
}

/** Accounts the fake Google chooser offers. */
export const DEMO_GOOGLE_ACCOUNTS: DemoGoogleAccount[] = [
  {
    email: 'principal@staff.demo-learning.example',
    displayName: 'Helen Achterberg',
    registered: true,
  },
  { email: 'parent@demo-learning.example', displayName: 'Grace Whitfield', registered: true },
  { email: 'facilitator@demo-learning.example', displayName: 'Daniel Mensah', registered: true },
  { email: 'new.family@gmail.example', displayName: 'Sam Newcomer', registered: false },
];

/** An unsigned Google ID token that the fake's accounts:signInWithIdp accepts. */
export function createFakeGoogleIdToken(email: string, displayName?: string): string {
  const iat = Math.floor(Date.now() / 1000);
  return encodeUnsignedJwt({
    iss: 'https://accounts.google.com',
    aud: 'fake-google-client-id',
    sub: stableHash(email.toLowerCase()),
    email,
    email_verified: true,
    name: displayName ?? email.split('@')[0],
    iat,
    exp: iat + 3600,
  });
}
