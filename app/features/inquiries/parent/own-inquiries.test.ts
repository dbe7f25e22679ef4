import { describe, expect, it } from 'vitest';
import {
  describeLastStep,
  formatInquiryDate,
  ownInquiryRows,
  type InquiryRecord,
} from './own-inquiries';

const sent = (at: string) => ({ at, by: 'par-1', status: 'new' as const, note: '' });

function inquiry(id: string, overrides: Partial<InquiryRecord> = {}): InquiryRecord {
  return {
    id,
    parentName: 'Priya Rao',
    email: 'priya@mail.example',
    phone: '',
    childName: 'Mira Rao',
    message: '',
    status: 'new',
    history: [sent('2026-03-01T09:00:00.000Z')],
    createdBy: 'par-1',
    ...overrides,
  };
}

describe("a parent's own inquiries", () => {
  const rows = ownInquiryRows(
    [
      inquiry('old', { campusId: 'cam-0', history: [sent('2026-02-01T09:00:00.000Z')] }),
      inquiry('someone-elses', { createdBy: 'par-2' }),
      inquiry('new', {
        childName: 'Arjun Rao',
        status: 'contacted',
        history: [
          sent('2026-03-05T09:00:00.000Z'),
          {
            at: '2026-03-06T10:00:00.000Z',
            by: 'off-1',
            from: 'new',
            status: 'contacted',
            note: '',
          },
        ],
      }),
    ],
    {
      memberUUID: 'par-1',
      campusNames: new Map([['cam-0', 'North Campus']]),
      pendingIds: new Set(['new']),
    },
  );

  it('lists only their own, newest first', () => {
    expect(rows.map((r) => r.id)).toEqual(['new', 'old']);
  });

  it('shows the campus by name, or that none was chosen', () => {
    expect(rows.map((r) => r.campusName)).toEqual([null, 'North Campus']);
  });

  it('gives the current status in words and the last step of the history', () => {
    expect(rows[0]).toMatchObject({
      statusLabel: 'Contacted',
      lastStep: { label: 'Moved to contacted', at: '2026-03-06T10:00:00.000Z' },
      pending: true,
    });
    expect(rows[1]).toMatchObject({
      statusLabel: 'New',
      lastStep: { label: 'Sent' },
      pending: false,
    });
  });
});

describe('the last step in words', () => {
  const first = sent('2026-03-01T09:00:00.000Z');
  const moved = {
    at: '2026-03-02T09:00:00.000Z',
    by: 'o',
    from: 'new' as const,
    status: 'contacted' as const,
    note: 'Called, mother asked about fees',
  };

  it('never shows the office’s notes or assignments to the family, only status steps', () => {
    const history = [
      first,
      moved,
      {
        at: '2026-03-03T09:00:00.000Z',
        by: 'o',
        status: 'contacted' as const,
        note: 'Tour on Friday',
      },
      {
        at: '2026-03-04T09:00:00.000Z',
        by: 'o',
        status: 'contacted' as const,
        note: 'Assigned to Ann Lee',
      },
    ];
    expect(describeLastStep(history)).toEqual({
      label: 'Moved to contacted',
      at: '2026-03-02T09:00:00.000Z',
    });
    // Not even the note a move was written with.
    expect(JSON.stringify(describeLastStep(history))).not.toMatch(/fees|Tour|Ann Lee/);
  });

  it('says the inquiry was sent, on the day it was sent, while only notes followed', () => {
    expect(
      describeLastStep([
        first,
        { at: '2026-03-02T09:00:00.000Z', by: 'o', status: 'new', note: 'Tour on Friday' },
      ]),
    ).toEqual({ label: 'Sent', at: '2026-03-01T09:00:00.000Z' });
  });

  it('counts a status change recorded without `from` as a step', () => {
    expect(
      describeLastStep([
        first,
        { at: '2026-03-05T09:00:00.000Z', by: 'o', status: 'enrolled', note: 'Converted' },
      ])?.label,
    ).toBe('Moved to enrolled');
  });

  it('is nothing for an empty history', () => {
    expect(describeLastStep([])).toBeNull();
  });
});

it('formats dates as a person reads them, on the day of the zone given', () => {
  expect(formatInquiryDate('2026-03-06T23:30:00.000Z', 'UTC')).toBe('Fri 6 Mar 2026');
  expect(formatInquiryDate('2026-03-06T23:30:00.000Z', 'Asia/Kolkata')).toBe('Sat 7 Mar 2026');
  expect(formatInquiryDate('not a date', 'UTC')).toBe('not a date');
});
