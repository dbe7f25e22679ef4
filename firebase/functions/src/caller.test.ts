// @vitest-environment node
// Who calls a callable in production (issue 28): roles come from the verified token's claims alone.
// An address on a staff domain gives no role here, verified or not (the app's staff domains are a
// web build setting, and the app grants them only once the address is verified), so a password
// sign-up under the staff domain can never invite anyone through the functions.
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF_DOMAINS } from '~/config/demo';
import { checkInvite } from '~/domain/server/callables';
import { callerOf } from './callables';

function tokenFor(claims: Record<string, unknown>) {
  return { auth: { uid: 'u-new', token: { uid: 'u-new', ...claims } } } as never;
}

describe('the caller of a production callable', () => {
  it('holds no role for a staff-domain address, verified or not, without role claims', () => {
    const email = `head@${DEMO_STAFF_DOMAINS[0]}`;
    for (const emailVerified of [false, true]) {
      const caller = callerOf(tokenFor({ email, email_verified: emailVerified }));
      expect(caller?.roles).toEqual([]);
      expect(
        checkInvite({ email: 'someone@mail.example', roles: ['parent'] }, caller),
      ).toMatchObject({ ok: false, code: 'permission-denied' });
    }
  });

  it('reads the roles the claims give', () => {
    const caller = callerOf(
      tokenFor({ email: 'a@mail.example', email_verified: false, roles: ['admin'] }),
    );
    expect(caller?.roles).toEqual(['admin']);
  });
});
