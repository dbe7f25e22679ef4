// callSubmitInquiry through the real firebase/functions SDK against the fake: a family with no
// account, a signed-in parent recorded as the creator, and how a refusal reaches the UI.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { SUBMIT_RATE_LIMIT_MESSAGE } from '~/domain/inquiries';
import { demoAccount } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import { allowConsoleErrors } from '../../test/console';
import { signOutUser } from './auth';
import { callSubmitInquiry } from './callables';
import { rejectionOf, signInAs } from './test-helpers';

const input = (email: string) => ({
  parentName: 'Ravi Menon',
  email,
  childName: 'Anu Menon',
  childDateOfBirth: '2020-06-15',
  message: 'Do you have a place in the spring?',
});

beforeAll(async () => {
  // The demo profile: it has the parent's account.
  await fake.reset({ profile: 'demo' });
});
afterEach(async () => {
  await signOutUser();
});

describe('callSubmitInquiry', () => {
  it('creates an inquiry for a family with no account', async () => {
    await signOutUser();
    const { id } = await callSubmitInquiry(input('ravi@mail.example'));
    expect(fake.requests(/asia-south1-[a-z-]+\.cloudfunctions\.net\/submitInquiry$/)).toHaveLength(
      1,
    );
    expect(fake.getDocument(`parentInquiries/${id}`)).toMatchObject({
      parentName: 'Ravi Menon',
      status: 'new',
      history: [{ by: 'public', status: 'new' }],
    });
    expect(fake.getDocument(`parentInquiries/${id}`)).not.toHaveProperty('createdBy');
  });

  it('records a signed-in parent as the creator, so the inquiry is in their own list', async () => {
    const uid = await signInAs('parent');
    const { id } = await callSubmitInquiry(input(demoAccount('parent').email));
    expect(fake.getDocument(`parentInquiries/${id}`)).toMatchObject({ createdBy: uid });
  });

  it('checks the input before calling the function', async () => {
    fake.clearRequestLog();
    await expect(callSubmitInquiry({ ...input('x@mail.example'), email: 'nope' })).rejects.toThrow(
      ZodError,
    );
    expect(fake.requests(/submitInquiry/)).toHaveLength(0);
  });

  it('refuses the fourth inquiry of the day from one address as resource-exhausted', async () => {
    allowConsoleErrors();
    for (let i = 0; i < 3; i++) await callSubmitInquiry(input('limit@mail.example'));
    const error = await rejectionOf(callSubmitInquiry(input('LIMIT@mail.example')));
    expect(error.code).toBe('functions/resource-exhausted');
    // The UI shows the function's own words for this code.
    expect(String(error.cause)).toContain(SUBMIT_RATE_LIMIT_MESSAGE);
    // The answer names the office to call (the demo's first campus with a phone).
    await expect(callSubmitInquiry(input('other@mail.example'))).resolves.toEqual({
      id: expect.any(String),
      office: { campus: 'Northside Campus', phone: '+91 80 4000 1100' },
    });
  });
});
