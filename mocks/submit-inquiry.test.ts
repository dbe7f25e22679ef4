// The fake's public submitInquiry callable, spoken to over HTTP as the callable protocol does
// ({data} in, {result} or {error: {status, message}} out): validation, the per-e-mail daily rate
// limit, what it writes, and that neither an account nor an App Check token is needed in the demo.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DEMO_PROJECT_ID } from '../app/config/demo';
import { SUBMIT_RATE_LIMIT_MESSAGE, rateLimitKey } from '../app/domain/inquiries';
import { parentInquirySchema } from '../app/domain/records';
import { rulesToday } from './principal';
import { fake } from './index';

const URL_IN_REGION = `https://asia-south1-${DEMO_PROJECT_ID}.cloudfunctions.net/submitInquiry`;

const answerSchema = z.union([
  z.object({ result: z.object({ id: z.string() }).passthrough() }),
  z.object({ error: z.object({ status: z.string(), message: z.string() }) }),
]);

async function submit(
  data: Record<string, unknown>,
  url = URL_IN_REGION,
  headers: Record<string, string> = {},
) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
  return { status: response.status, body: answerSchema.parse(await response.json()) };
}

let counter = 0;

function valid(email = `family.${++counter}@mail.example`) {
  return {
    parentName: 'Asha Whitfield',
    email,
    phone: '+91 90000 00000',
    childName: 'Maya Whitfield',
    childDateOfBirth: '2019-04-01',
    campusId: 'cam-0',
    message: 'Is there a place next term?',
  };
}

function inquiriesFrom(email: string) {
  return fake.listDocuments('parentInquiries').filter((d) => d.data.email === email);
}

// The test owns its clock (issue 30): a fixed instant, 00:30 on Saturday in Kolkata and still
// Friday in UTC, so the function's day, the rate limit's key and the date-of-birth bounds never
// depend on when the suite runs. Only Date is faked: msw's fetch keeps its real timers.
const FIXED_NOW = new Date('2026-11-27T19:00:00.000Z');

beforeEach(async () => {
  vi.useFakeTimers({ now: FIXED_NOW, toFake: ['Date'] });
  await fake.reset({ profile: 'empty' });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('submitInquiry in the fake', () => {
  it("names the chosen campus's office and phone in its answer, else the first with a phone", async () => {
    fake.setDocument('campuses/cam-0', { name: 'North', phone: '', timezone: 'Asia/Kolkata' });
    fake.setDocument('campuses/cam-1', { name: 'River', phone: '+91 80 4000 2200' });
    fake.setDocument('campuses/cam-2', { name: 'Hill', phone: ' +91 80 4000 3300 ' });
    const chosen = await submit({ ...valid(), campusId: 'cam-2' });
    expect(chosen.body).toEqual({
      result: { id: expect.any(String), office: { campus: 'Hill', phone: '+91 80 4000 3300' } },
    });
    // cam-0 has no phone: the family still gets a number to call.
    const noPhone = await submit(valid());
    expect(noPhone.body).toMatchObject({ result: { office: { campus: 'River' } } });
    for (const id of ['cam-1', 'cam-2']) fake.deleteDocument(`campuses/${id}`);
    const none = await submit(valid());
    expect(none.body).toMatchObject({ result: { office: null } });
  });

  it('creates a new inquiry without an account or an App Check token and returns its id', async () => {
    const input = valid();
    const { status, body } = await submit(input);
    expect(status).toBe(200);
    if (!('result' in body)) throw new Error('expected a result');
    const stored = fake.getDocument(`parentInquiries/${body.result.id}`);
    expect(stored).toMatchObject({
      ...input,
      status: 'new',
      history: [{ by: 'public', status: 'new', note: '' }],
    });
    expect(stored).not.toHaveProperty('createdBy');
    // What the app's cache will parse (createdAt/updatedAt arrive as Timestamps, made ISO by the adapter).
    const { createdAt: _c, updatedAt: _u, ...rest } = stored ?? {};
    expect(parentInquirySchema.safeParse(rest).success).toBe(true);
  });

  it.each([
    ['parentName', { parentName: '' }],
    ['email', { email: 'not-an-address' }],
    ['childName', { childName: ' ' }],
    ['childDateOfBirth', { childDateOfBirth: '2999-01-01' }],
    ['childDateOfBirth', { childDateOfBirth: '1990-01-01' }],
    ['childDateOfBirth', { childDateOfBirth: undefined }],
    ['message', { message: 'x'.repeat(2001) }],
  ])('refuses an invalid %s with INVALID_ARGUMENT naming the field', async (field, change) => {
    const { status, body } = await submit({ ...valid(), ...change });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: expect.stringContaining(`${field}: `) },
    });
    expect(fake.listDocuments('parentInquiries')).toHaveLength(0);
  });

  it('refuses the fourth inquiry of the day from one address, in any letter case', async () => {
    fake.setDocument('campuses/cam-0', { name: 'North', timezone: 'Asia/Kolkata' });
    const email = 'busy.family@mail.example';
    for (const spelling of [email, email.toUpperCase(), 'Busy.Family@mail.example']) {
      expect((await submit(valid(spelling))).status).toBe(200);
    }
    const fourth = await submit(valid(email));
    expect(fourth).toEqual({
      status: 429,
      body: { error: { status: 'RESOURCE_EXHAUSTED', message: SUBMIT_RATE_LIMIT_MESSAGE } },
    });
    expect(
      fake
        .listDocuments('parentInquiries')
        .filter((d) => String(d.data.email).toLowerCase() === email),
    ).toHaveLength(3);
    // The function's day: the latest school day of any campus (the one clock), not the UTC date.
    const today = rulesToday();
    expect(today).toBe('2026-11-28'); // Saturday in Kolkata, still Friday in UTC
    expect(fake.getDocument(`inquiryRateLimits/${rateLimitKey(email, today)}`)).toMatchObject({
      count: 3,
      day: today,
    });
    // Another address is not affected.
    const other = valid('another.family@mail.example');
    expect((await submit(other)).status).toBe(200);
    expect(inquiriesFrom(other.email)).toHaveLength(1);
  });

  it('does not count refused submissions against the limit', async () => {
    const email = 'typo.family@mail.example';
    for (let i = 0; i < 4; i++) await submit({ ...valid(email), childName: '' });
    expect((await submit(valid(email))).status).toBe(200);
  });

  it('accepts a call that carries an App Check token (the demo cannot verify one)', async () => {
    const { status } = await submit(valid(), URL_IN_REGION, { 'X-Firebase-AppCheck': 'token' });
    expect(status).toBe(200);
  });

  it('answers only in its region', async () => {
    const { status } = await submit(
      valid(),
      `https://us-central1-${DEMO_PROJECT_ID}.cloudfunctions.net/submitInquiry`,
    );
    expect(status).toBe(404);
    expect(fake.listDocuments('parentInquiries')).toHaveLength(0);
  });
});
