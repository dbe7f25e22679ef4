// News of a colleague's marks on an open roll call (issue 29): who marked whom, politely, and only
// what someone else changed.
import { describe, expect, it } from 'vitest';
import { colleagueMarks, type MarkNews } from './colleague-marks';

const firstNames = { s1: 'Ishaan', s2: 'Amara', s3: 'Kofi', s4: 'Lena', s5: 'Mo' };
const entry = (status: 'present' | 'absent' | 'late' | 'excused', at: string, by: string) => ({
  status,
  at: `2026-11-27T${at}:00.000Z`,
  by,
});

function view(saved: MarkNews['saved'], names: Record<string, string | null> = {}): MarkNews {
  const savedBy: Record<string, string | null> = {};
  for (const [id, e] of Object.entries(saved)) savedBy[id] = names[e.by] ?? null;
  return { saved, savedBy, firstNames };
}

const daniel = { daniel: 'Daniel Mensah' };

describe('colleagueMarks', () => {
  it("says who marked whom when a colleague's save arrives", () => {
    const before = view({ s1: entry('present', '09:00', 'me') });
    const after = view({ s1: entry('excused', '09:05', 'daniel') }, daniel);
    expect(colleagueMarks(before, after)).toBe('Daniel Mensah marked Ishaan Excused.');
  });

  it('lists a few students and sums up many', () => {
    const before = view({});
    const few = view(
      { s1: entry('late', '09:05', 'daniel'), s2: entry('absent', '09:05', 'daniel') },
      daniel,
    );
    expect(colleagueMarks(before, few)).toBe('Daniel Mensah marked Ishaan Late and Amara Absent.');
    const many = view(
      Object.fromEntries(
        ['s1', 's2', 's3', 's4', 's5'].map((id) => [id, entry('absent', '09:05', 'daniel')]),
      ),
      daniel,
    );
    expect(colleagueMarks(before, many)).toBe('Daniel Mensah marked 5 students.');
  });

  it("says nothing of this person's own saves, or of a view that did not change", () => {
    const before = view({ s1: entry('present', '09:00', 'daniel') }, daniel);
    const own = view({ s1: entry('absent', '09:07', 'me') }, daniel);
    expect(colleagueMarks(before, own)).toBeNull();
    expect(colleagueMarks(before, view({ ...before.saved }, daniel))).toBeNull();
  });

  it('names only the marks that differ from what the page showed, when a colleague takes the roll call first', () => {
    const before = view({});
    const first = view(
      {
        s1: entry('excused', '09:05', 'daniel'),
        s2: entry('present', '09:05', 'daniel'),
        s3: entry('present', '09:05', 'daniel'),
      },
      daniel,
    );
    expect(colleagueMarks(before, first)).toBe('Daniel Mensah marked Ishaan Excused.');
    const allPresent = view({ s2: entry('present', '09:05', 'daniel') }, daniel);
    expect(colleagueMarks(before, allPresent)).toBe('Daniel Mensah saved this roll call.');
  });

  it('takes a reported student’s pre-mark as what the page showed (issue 32)', () => {
    const note = 'Reported by Grace Whitfield: ill';
    const before = { ...view({}), defaults: { s1: { status: 'excused', note } } };
    const saved = { ...entry('excused', '09:05', 'daniel'), note };
    expect(colleagueMarks(before, view({ s1: saved }, daniel))).toBe(
      'Daniel Mensah saved this roll call.',
    );
    expect(colleagueMarks(before, view({ s1: entry('present', '09:05', 'daniel') }, daniel))).toBe(
      'Daniel Mensah marked Ishaan Present.',
    );
  });

  it('says that an unsaved mark of this person is kept', () => {
    const before = view({});
    const after = view({ s2: entry('late', '09:05', 'daniel') }, daniel);
    expect(colleagueMarks(before, after, new Set(['s2']))).toBe(
      'Daniel Mensah marked Amara Late. Your unsaved marks are kept.',
    );
  });
});
