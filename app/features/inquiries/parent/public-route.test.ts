// The public /inquire action through the real submitInquiry callable against the fake: a family's
// inquiry lands as 'new', the fourth of a day from one address gets the rate-limit message in the
// form, and offline nothing is sent and nothing typed is lost.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callSubmitInquiry } from '~/backend/callables';
import { BackendError } from '~/backend/errors';
import { SUBMIT_RATE_LIMIT_MESSAGE } from '~/domain/inquiries';
import { fake } from '../../../../mocks/index';
import { allowConsoleErrors } from '../../../../test/console';
import { OFFLINE_MESSAGE, sendPublicInquiry, UNREACHABLE_MESSAGE } from './public-route';

function form(email: string, overrides: Record<string, string> = {}): FormData {
  const data = new FormData();
  const values = {
    childName: 'Anu Menon',
    childDateOfBirth: '2020-06-15',
    message: 'Is there a place in the spring?',
    parentName: 'Ravi Menon',
    email,
    phone: '',
    ...overrides,
  };
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

// The form's day comes from this fixed instant, never the real clock (issue 30).
const NOW = new Date('2026-11-27T19:00:00.000Z');

const send = (data: FormData, online = true) =>
  sendPublicInquiry(data, {
    now: NOW,
    online,
    call: (input) => callSubmitInquiry(input, '2026-11-28'),
  });

beforeAll(async () => {
  await fake.reset({ profile: 'demo' });
});

// The first callable starts the Firebase app, which opens its heartbeat IndexedDB in the background.
// This file is quick: let that finish before the environment is torn down ("self is not defined").
afterAll(() => new Promise((resolve) => setTimeout(resolve, 100)));

describe('the public inquiry page', () => {
  it("creates a 'new' inquiry for a family with no account and answers with their e-mail", async () => {
    const answer = await send(form('ravi@mail.example'));
    // The thank-you names an office to call: a campus's phone from the school's record.
    expect(answer).toEqual({
      ok: true,
      id: expect.any(String),
      email: 'ravi@mail.example',
      office: { campus: 'Northside Campus', phone: '+91 80 4000 1100' },
    });
    if (!answer.ok) return;
    expect(fake.getDocument(`parentInquiries/${answer.id}`)).toMatchObject({
      parentName: 'Ravi Menon',
      childName: 'Anu Menon',
      status: 'new',
      history: [{ by: 'public', status: 'new' }],
    });
  });

  it('shows the rate-limit message on the fourth inquiry of a day from one address', async () => {
    allowConsoleErrors();
    for (let i = 0; i < 3; i++) expect((await send(form('busy@mail.example'))).ok).toBe(true);
    const answer = await send(form('Busy@Mail.example'));
    expect(answer).toMatchObject({
      ok: false,
      fieldErrors: { _form: SUBMIT_RATE_LIMIT_MESSAGE },
      values: { email: 'Busy@Mail.example', childName: 'Anu Menon' },
    });
  });

  it('refuses invalid input field by field without calling the function', async () => {
    const call = vi.fn();
    const answer = await sendPublicInquiry(form('nope', { childName: '' }), {
      now: NOW,
      online: true,
      call,
    });
    expect(answer).toMatchObject({
      ok: false,
      fieldErrors: {
        email: 'Use an e-mail address like name@example.com.',
        childName: "Enter your child's name.",
      },
    });
    expect(call).not.toHaveBeenCalled();
  });

  it('says the family is offline, sends nothing and keeps what was typed', async () => {
    const call = vi.fn();
    const answer = await sendPublicInquiry(form('off@mail.example'), {
      now: NOW,
      online: false,
      call,
    });
    expect(answer).toMatchObject({
      ok: false,
      fieldErrors: { _form: OFFLINE_MESSAGE },
      values: { email: 'off@mail.example', message: 'Is there a place in the spring?' },
    });
    expect(call).not.toHaveBeenCalled();
  });

  it('asks to try again later when the function cannot be reached', async () => {
    const answer = await sendPublicInquiry(form('late@mail.example'), {
      now: NOW,
      online: true,
      call: () => Promise.reject(new BackendError('x', { code: 'deadline-exceeded' })),
    });
    expect(answer).toMatchObject({ ok: false, fieldErrors: { _form: UNREACHABLE_MESSAGE } });
  });

  it("puts the function's refusal of a field beside that field", async () => {
    const refusal = new BackendError('Failed to call the backend function', {
      code: 'functions/invalid-argument',
      cause: new Error('childDateOfBirth: Use a date that exists.'),
    });
    const answer = await sendPublicInquiry(form('x@mail.example'), {
      now: NOW,
      online: true,
      call: () => Promise.reject(refusal),
    });
    expect(answer).toMatchObject({
      ok: false,
      fieldErrors: { childDateOfBirth: 'Use a date that exists.' },
    });
  });
});
