// /auth/action's logic against the fake (msw/node) through the real firebase/auth SDK: the link's
// mode and code decide the page (ready with the address, or which problem), and the form refuses a
// mismatch and a short password before anything is sent, and a used link after.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sendPasswordReset } from '~/backend/auth';
import { RESET_CODE_LIFETIME_MS } from '~/domain/server/invitation';
import { demoAccount } from '../../../mocks/demo-accounts';
import { fake } from '../../../mocks/index';
import { store } from '../../../mocks/store';
import { loadAuthAction, setPasswordAction } from './auth-action-route';

const parent = demoAccount('parent').email;

beforeAll(async () => {
  await fake.reset();
});

async function newCode(): Promise<string> {
  await sendPasswordReset(parent);
  const codes = store.accountByEmail(parent)?.resetCodes ?? [];
  return codes[codes.length - 1]?.code ?? '';
}

const link = (query: string) => new URL(`http://localhost/auth/action?${query}`);

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe('loadAuthAction', () => {
  it('is ready with the address for a good reset code', async () => {
    const code = await newCode();
    expect(await loadAuthAction(link(`mode=resetPassword&oobCode=${code}`))).toEqual({
      state: 'ready',
      email: parent,
      oobCode: code,
    });
  });

  it('names the problem: another mode, no or a wrong code, an expired code', async () => {
    expect(await loadAuthAction(link('mode=verifyEmail&oobCode=x'))).toEqual({
      state: 'problem',
      problem: 'unsupported',
    });
    expect(await loadAuthAction(link('mode=resetPassword'))).toEqual({
      state: 'problem',
      problem: 'invalid',
    });
    expect(await loadAuthAction(link('mode=resetPassword&oobCode=wrong'))).toEqual({
      state: 'problem',
      problem: 'invalid',
    });
    const code = await newCode();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + RESET_CODE_LIFETIME_MS + 1000 });
    try {
      expect(await loadAuthAction(link(`mode=resetPassword&oobCode=${code}`))).toEqual({
        state: 'problem',
        problem: 'expired',
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('setPasswordAction', () => {
  it('refuses two different passwords and a short one, and keeps the code usable', async () => {
    const code = await newCode();
    expect(
      await setPasswordAction(
        form({ oobCode: code, email: parent, password: 'long-enough-1', confirmPassword: 'other' }),
      ),
    ).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { confirmPassword: 'The two passwords are not the same.' },
    });
    expect(
      await setPasswordAction(
        form({ oobCode: code, email: parent, password: 'short', confirmPassword: 'short' }),
      ),
    ).toMatchObject({ ok: false, status: 400, fieldErrors: { password: expect.any(String) } });
    expect(await loadAuthAction(link(`mode=resetPassword&oobCode=${code}`))).toMatchObject({
      state: 'ready',
    });
  });

  it('says a used link is used', async () => {
    const code = await newCode();
    // Used meanwhile (in another tab): the fake's Auth no longer holds it.
    const account = store.accountByEmail(parent);
    if (account) account.resetCodes = [];
    expect(
      await setPasswordAction(
        form({
          oobCode: code,
          email: parent,
          password: 'long-enough-1',
          confirmPassword: 'long-enough-1',
        }),
      ),
    ).toEqual({ ok: false, problem: 'invalid' });
  });
});
