// The parent's "Ask about a place" action: what it refuses (with the typed values kept) and the
// exact record it hands to the store.
import { describe, expect, it } from 'vitest';
import { parentInquirySchema } from '~/domain/records';
import { askAboutAPlace, NOT_SAVED, UNKNOWN_CAMPUS } from './parent-route';

const NOW = new Date('2026-03-20T08:30:00.000Z');

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

const valid = {
  childName: 'Mira Rao',
  childDateOfBirth: '2020-06-15',
  campusId: 'cam-0',
  message: '  A place in the spring term?  ',
  parentName: 'Priya Rao',
  email: 'priya@mail.example',
  phone: '+91 90000 11111',
};

function run(values: Record<string, string>, options: { online?: boolean; fail?: boolean } = {}) {
  const saved: Record<string, unknown>[] = [];
  const result = askAboutAPlace(form(values), {
    user: { memberUUID: 'par-1' },
    now: NOW,
    campusIds: ['cam-0', 'cam-1'],
    online: options.online ?? true,
    save: async (item) => {
      if (options.fail) return null;
      saved.push(item);
      return { id: 'temp_abc' };
    },
  });
  return { result, saved };
}

describe('asking about a place from the parent page', () => {
  it('saves a new inquiry created by the parent, with one history entry naming them', async () => {
    const { result, saved } = run(valid);
    expect(await result).toEqual({ ok: true, id: 'temp_abc', offline: false });
    expect(saved).toEqual([
      {
        parentName: 'Priya Rao',
        email: 'priya@mail.example',
        phone: '+91 90000 11111',
        childName: 'Mira Rao',
        childDateOfBirth: '2020-06-15',
        campusId: 'cam-0',
        message: 'A place in the spring term?',
        status: 'new',
        history: [{ at: NOW.toISOString(), by: 'par-1', status: 'new', note: '' }],
        createdBy: 'par-1',
        updatedBy: 'par-1',
      },
    ]);
    // The record is one the cache accepts.
    expect(parentInquirySchema.safeParse(saved[0]).success).toBe(true);
  });

  it('leaves the campus out when the parent is not sure yet', async () => {
    const { result, saved } = run({ ...valid, campusId: '' });
    expect((await result).ok).toBe(true);
    expect(saved[0]).not.toHaveProperty('campusId');
  });

  it('says the save is offline when the device is offline', async () => {
    expect(await run(valid, { online: false }).result).toMatchObject({ ok: true, offline: true });
  });

  it('refuses missing and invalid fields one message each, keeping what was typed', async () => {
    const { result, saved } = run({
      ...valid,
      childName: ' ',
      email: 'priya-at-mail',
      childDateOfBirth: '2027-01-01',
    });
    const answer = await result;
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.status).toBe(400);
    expect(answer.fieldErrors).toEqual({
      childName: "Enter your child's name.",
      email: 'Use an e-mail address like name@example.com.',
      childDateOfBirth: 'The date of birth cannot be in the future.',
    });
    expect(answer.values).toMatchObject({ email: 'priya-at-mail', parentName: 'Priya Rao' });
    expect(saved).toEqual([]);
  });

  it('refuses a campus that is not one of the campuses offered', async () => {
    const answer = await run({ ...valid, campusId: 'cam-elsewhere' }).result;
    expect(answer).toMatchObject({ ok: false, fieldErrors: { campusId: UNKNOWN_CAMPUS } });
  });

  it('says so when the device could not store the inquiry', async () => {
    const answer = await run(valid, { fail: true }).result;
    expect(answer).toMatchObject({ ok: false, fieldErrors: { _form: NOT_SAVED } });
  });
});
