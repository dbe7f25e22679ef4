import { describe, expect, it } from 'vitest';
import { PIPELINE } from '~/domain/inquiries';
import {
  EMPTY_QUERY,
  actorName,
  inquiryClock,
  boardColumns,
  boardQueryToSearch,
  csvFileName,
  filterInquiries,
  historyRows,
  isFiltered,
  moveMessage,
  moveTargets,
  nextTarget,
  receivedAgo,
  parseBoardQuery,
  type InquiryRecord,
} from './board';

function inquiry(id: string, overrides: Partial<InquiryRecord> = {}): InquiryRecord {
  return {
    id,
    parentName: 'Asha Whitfield',
    email: 'asha@mail.example',
    phone: '',
    childName: 'Leo Whitfield',
    campusId: 'cam-0',
    message: '',
    status: 'new',
    history: [{ at: '2026-03-02T09:00:00.000Z', by: 'public', status: 'new', note: '' }],
    ...overrides,
  };
}

const inquiries = [
  inquiry('a', { campusId: 'cam-0', assignedTo: 'me-1' }),
  inquiry('b', { campusId: 'cam-1', assignedTo: 'off-2', status: 'contacted' }),
  inquiry('c', { campusId: 'cam-1', status: 'enrolled' }),
  inquiry('d', { campusId: 'cam-0', assignedTo: '', status: 'new' }),
];

describe('the board query in the URL', () => {
  it('reads campus, assignee, status and the open inquiry, and ignores an unknown status', () => {
    const query = parseBoardQuery(
      new URLSearchParams('campus=cam-1&assignee=me&status=tour+scheduled&inquiry=inq-3'),
    );
    expect(query).toEqual({
      campus: 'cam-1',
      assignee: 'me',
      status: 'tour scheduled',
      inquiry: 'inq-3',
    });
    expect(parseBoardQuery(new URLSearchParams('status=lost')).status).toBe('');
  });

  it('writes only the fields that are set, and round-trips', () => {
    expect(boardQueryToSearch(EMPTY_QUERY)).toBe('');
    const query = { ...EMPTY_QUERY, assignee: 'none', status: 'applied' as const };
    const search = boardQueryToSearch(query);
    expect(search).toBe('?assignee=none&status=applied');
    expect(parseBoardQuery(new URLSearchParams(search))).toEqual(query);
  });

  it('does not count the open detail as a filter', () => {
    expect(isFiltered({ ...EMPTY_QUERY, inquiry: 'a' })).toBe(false);
    expect(isFiltered({ ...EMPTY_QUERY, campus: 'cam-0' })).toBe(true);
  });
});

describe('filters', () => {
  const ids = (query: Partial<typeof EMPTY_QUERY>) =>
    filterInquiries(inquiries, { ...EMPTY_QUERY, ...query }, 'me-1').map((i) => i.id);

  it('keeps everything without filters', () => {
    expect(ids({})).toEqual(['a', 'b', 'c', 'd']);
  });

  it('filters by campus, status, and combines them', () => {
    expect(ids({ campus: 'cam-1' })).toEqual(['b', 'c']);
    expect(ids({ status: 'new' })).toEqual(['a', 'd']);
    expect(ids({ campus: 'cam-0', status: 'new' })).toEqual(['a', 'd']);
  });

  it('filters by assignee: me, unassigned (missing or empty), or one member', () => {
    expect(ids({ assignee: 'me' })).toEqual(['a']);
    expect(ids({ assignee: 'none' })).toEqual(['c', 'd']);
    expect(ids({ assignee: 'off-2' })).toEqual(['b']);
  });
});

describe('columns', () => {
  it('has one column per status in pipeline order, empty ones included, oldest first', () => {
    const older = inquiry('z', {
      history: [{ at: '2026-01-01T00:00:00.000Z', by: 'public', status: 'new', note: '' }],
    });
    const columns = boardColumns([...inquiries, older]);
    expect(columns.map((c) => c.status)).toEqual([...PIPELINE]);
    expect(columns[0]?.inquiries.map((i) => i.id)).toEqual(['z', 'a', 'd']);
    expect(columns.find((c) => c.status === 'closed')?.inquiries).toEqual([]);
    const total = columns.reduce((sum, c) => sum + c.inquiries.length, 0);
    expect(total).toBe(5);
  });

  it('shows only the status asked for', () => {
    const columns = boardColumns(inquiries, 'contacted');
    expect(columns).toHaveLength(1);
    expect(columns[0]?.inquiries.map((i) => i.id)).toEqual(['b']);
  });
});

describe('moves offered', () => {
  it('offers every other status to an open inquiry and the next step first', () => {
    expect(moveTargets('new')).toEqual(PIPELINE.filter((s) => s !== 'new'));
    expect(nextTarget('new')).toBe('contacted');
    expect(nextTarget('waitlisted')).toBe('enrolled');
  });

  it('offers an enrolled or closed inquiry only a reopening', () => {
    expect(moveTargets('enrolled')).toEqual([
      'new',
      'contacted',
      'tour scheduled',
      'applied',
      'waitlisted',
    ]);
    expect(moveTargets('closed')).not.toContain('enrolled');
    // A final inquiry has no next step: a reopening is chosen, never pre-chosen as "New".
    expect(nextTarget('closed')).toBeUndefined();
    expect(nextTarget('enrolled')).toBeUndefined();
  });

  it('points to the conversion after a move to enrolled, and says when it waits to sync', () => {
    const leo = { childName: 'Leo Whitfield' };
    expect(moveMessage(leo, 'enrolled', false)).toBe(
      `Moved Leo Whitfield's inquiry to Enrolled. Next: "Create family and student" on its card.`,
    );
    expect(moveMessage({ ...leo, familyId: 'fam-1' }, 'enrolled', false)).not.toContain('Create');
    expect(moveMessage(leo, 'contacted', true)).toBe(
      "Moved Leo Whitfield's inquiry to Contacted on this device. It will sync when you are back online.",
    );
  });
});

describe('words on the cards and in the history', () => {
  it('says when the inquiry was received, as a time past (never as an age)', () => {
    const one = inquiry('a');
    const utc = (today: string) => ({ today, timeZone: 'UTC' });
    expect(receivedAgo(one, utc('2026-03-02'))).toBe('Today');
    expect(receivedAgo(one, utc('2026-03-03'))).toBe('Yesterday');
    expect(receivedAgo(one, utc('2026-03-05'))).toBe('3 days ago');
  });

  it("counts an inquiry by its own campus's clock, else the school's", () => {
    const north = { today: '2026-03-03', timeZone: 'Asia/Kolkata' };
    const school = { today: '2026-03-02', timeZone: 'UTC' };
    const clocks = { byCampus: new Map([['cam-n', north]]), school };
    expect(inquiryClock({ campusId: 'cam-n' }, clocks)).toBe(north);
    expect(inquiryClock({ campusId: 'cam-gone' }, clocks)).toBe(school);
    expect(inquiryClock({}, clocks)).toBe(school);
  });

  it('names the family for the web form and staff by their names', () => {
    const names = new Map([['off-1', 'Priya Nair']]);
    expect(actorName('public', names)).toBe('The family (web form)');
    expect(actorName('web-form', names)).toBe('The family (web form)');
    expect(actorName('off-1', names)).toBe('Priya Nair');
    expect(actorName('gone-9', names)).toBe('gone-9');
  });

  it('lists the history newest first with each step, taking the status before when `from` is missing', () => {
    const rows = historyRows([
      { at: '1', by: 'public', status: 'new', note: '' },
      { at: '2', by: 'off-1', status: 'contacted', note: '' },
      { at: '3', by: 'off-1', status: 'contacted', note: 'Called' },
      { at: '4', by: 'off-1', from: 'contacted', status: 'applied', note: '' },
    ]);
    expect(rows.map((r) => r.step)).toEqual([
      'Contacted → Applied',
      'Contacted',
      'New → Contacted',
      'New',
    ]);
  });

  it('names the export after the local date', () => {
    expect(csvFileName(new Date(2026, 10, 4))).toBe('parent-inquiries-2026-11-04.csv');
  });
});
