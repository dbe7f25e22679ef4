import { describe, expect, it } from 'vitest';
import {
  FINAL_STATUSES,
  INQUIRY_CSV_HEADER,
  INQUIRY_STATUSES,
  NO_CONTACT_DAYS,
  OPEN_STATUSES,
  assignPatch,
  canMove,
  conversionLinkPatch,
  conversionPlan,
  countsByStatus,
  inquiryAgeDays,
  inquiryCsvRows,
  lastContactAt,
  movePatch,
  needsContact,
  newInquiryRecord,
  notePatch,
  rateLimitKey,
  submitInquirySchema,
  type InquiryStatus,
} from './inquiries';
import { familySchema, parentInquirySchema, studentSchema, type ParentInquiry } from './records';

const received = '2026-03-02T09:00:00.000Z';
/** A campus clock in UTC on `today`. */
const utc = (today: string) => ({ today, timeZone: 'UTC' });

function inquiry(overrides: Partial<ParentInquiry> = {}): ParentInquiry & { id: string } {
  return {
    id: 'inq-1',
    parentName: 'Asha Whitfield',
    email: 'asha@mail.example',
    phone: '+91 90000 00000',
    childName: 'Leo Whitfield',
    childDateOfBirth: '2018-05-04',
    campusId: 'cam-0',
    message: 'A place for next term?',
    status: 'new',
    history: [{ at: received, by: 'public', status: 'new', note: '' }],
    ...overrides,
  };
}

describe('pipeline moves', () => {
  it('lets an open inquiry move to any other status, and a final one only back to an open one', () => {
    for (const from of OPEN_STATUSES) {
      for (const to of INQUIRY_STATUSES) expect(canMove(from, to)).toBe(from !== to);
    }
    for (const from of FINAL_STATUSES) {
      for (const to of OPEN_STATUSES) expect(canMove(from, to)).toBe(true);
    }
    expect(canMove('enrolled', 'closed')).toBe(false);
    expect(canMove('closed', 'enrolled')).toBe(false);
    expect(canMove('closed', 'closed')).toBe(false);
  });

  it('appends one history entry per move with who, when, from, to and the note', () => {
    let current = inquiry();
    const steps: Array<[InquiryStatus, string]> = [
      ['contacted', 'Called, left a message'],
      ['tour scheduled', ''],
      ['applied', 'Form received'],
      ['enrolled', ''],
    ];
    steps.forEach(([to, note], i) => {
      const at = `2026-03-0${3 + i}T10:00:00.000Z`;
      const patch = movePatch(current, { to, by: 'off-1', at, note: ` ${note} ` });
      expect(patch).not.toBeNull();
      if (!patch) return;
      expect(patch.status).toBe(to);
      expect(patch.history).toHaveLength(current.history.length + 1);
      expect(patch.history.at(-1)).toEqual({
        at,
        by: 'off-1',
        from: current.status,
        status: to,
        note,
      });
      expect(patch.history.slice(0, -1)).toEqual(current.history);
      current = { ...current, ...patch };
    });
    expect(current.history.map((h) => h.status)).toEqual([
      'new',
      'contacted',
      'tour scheduled',
      'applied',
      'enrolled',
    ]);
    // The history still parses as a record (old entries have no `from`).
    expect(parentInquirySchema.safeParse(current).success).toBe(true);
  });

  it('refuses a move that is not allowed and changes nothing', () => {
    const closed = inquiry({ status: 'closed' });
    const before = structuredClone(closed);
    expect(movePatch(closed, { to: 'enrolled', by: 'off-1', at: received })).toBeNull();
    expect(movePatch(closed, { to: 'closed', by: 'off-1', at: received })).toBeNull();
    expect(closed).toEqual(before);
    expect(movePatch(closed, { to: 'contacted', by: 'off-1', at: received })?.status).toBe(
      'contacted',
    );
  });

  it('reopens an enrolled inquiry to an open status, with the reopening in the history', () => {
    const enrolled = inquiry({ status: 'enrolled' });
    expect(movePatch(enrolled, { to: 'closed', by: 'off-1', at: received })).toBeNull();
    const patch = movePatch(enrolled, {
      to: 'waitlisted',
      by: 'off-1',
      at: '2026-03-09T10:00:00.000Z',
      note: 'The place fell through',
    });
    expect(patch?.status).toBe('waitlisted');
    expect(patch?.history.at(-1)).toEqual({
      at: '2026-03-09T10:00:00.000Z',
      by: 'off-1',
      from: 'enrolled',
      status: 'waitlisted',
      note: 'The place fell through',
    });
  });

  it('records an assignment by name and a note, without changing the status', () => {
    const open = inquiry({ status: 'contacted' });
    const assigned = assignPatch(open, {
      assignee: 'off-2',
      assigneeName: 'Office Two',
      by: 'off-1',
      at: received,
    });
    expect(assigned).toEqual({
      assignedTo: 'off-2',
      history: [
        ...open.history,
        { at: received, by: 'off-1', status: 'contacted', note: 'Assigned to Office Two' },
      ],
    });
    expect(
      assignPatch({ ...open, assignedTo: 'off-2' }, { assignee: 'off-2', by: 'x', at: received }),
    ).toBeNull();
    expect(
      assignPatch({ ...open, assignedTo: 'off-2' }, { assignee: null, by: 'x', at: received }),
    ).toMatchObject({ assignedTo: '', history: [{}, { note: 'Unassigned' }] });
    expect(notePatch(open, { by: 'off-1', at: received, note: '  Tour on Friday ' })).toEqual({
      history: [
        ...open.history,
        { at: received, by: 'off-1', status: 'contacted', note: 'Tour on Friday' },
      ],
    });
    expect(notePatch(open, { by: 'off-1', at: received, note: '   ' })).toBeNull();
  });
});

describe('age and the "no contact for 7 days" flag', () => {
  it('counts the age in calendar days from the first history entry', () => {
    expect(inquiryAgeDays(inquiry(), utc('2026-03-02'))).toBe(0);
    expect(inquiryAgeDays(inquiry(), utc('2026-03-12'))).toBe(10);
    expect(inquiryAgeDays(inquiry({ history: [], createdAt: received }), utc('2026-03-05'))).toBe(
      3,
    );
  });

  it("counts the campus's school days, not UTC dates", () => {
    // Received at 20:00 UTC on 2 March: already 3 March (01:30) in Kolkata, still 2 March in
    // Los Angeles. On Kolkata's 3 March it is received today; on LA's 3 March, yesterday.
    const late = inquiry({
      history: [{ at: '2026-03-02T20:00:00.000Z', by: 'public', status: 'new', note: '' }],
    });
    expect(inquiryAgeDays(late, { today: '2026-03-03', timeZone: 'Asia/Kolkata' })).toBe(0);
    expect(inquiryAgeDays(late, { today: '2026-03-03', timeZone: 'America/Los_Angeles' })).toBe(1);
    expect(inquiryAgeDays(late, { today: '2026-03-03', timeZone: 'UTC' })).toBe(1);
    // The 7-day flag counts the same days.
    expect(needsContact(late, { today: '2026-03-09', timeZone: 'Asia/Kolkata' })).toBe(false);
    expect(needsContact(late, { today: '2026-03-09', timeZone: 'UTC' })).toBe(true);
  });

  it('flags an open inquiry after 7 days without contact, not after 6', () => {
    const contacted = inquiry({
      status: 'contacted',
      history: [
        { at: received, by: 'public', status: 'new', note: '' },
        { at: '2026-03-10T15:00:00.000Z', by: 'off-1', from: 'new', status: 'contacted', note: '' },
      ],
    });
    expect(lastContactAt(contacted)).toBe('2026-03-10T15:00:00.000Z');
    expect(NO_CONTACT_DAYS).toBe(7);
    expect(needsContact(contacted, utc('2026-03-16'))).toBe(false); // 6 days
    expect(needsContact(contacted, utc('2026-03-17'))).toBe(true); // 7 days
    expect(needsContact(contacted, utc('2026-03-18'))).toBe(true); // 8 days
  });

  it('counts from the arrival when nobody has followed up, and never flags enrolled or closed', () => {
    expect(lastContactAt(inquiry())).toBeNull();
    expect(needsContact(inquiry(), utc('2026-03-08'))).toBe(false);
    expect(needsContact(inquiry(), utc('2026-03-09'))).toBe(true);
    expect(needsContact(inquiry({ status: 'enrolled' }), utc('2026-04-30'))).toBe(false);
    expect(needsContact(inquiry({ status: 'closed' }), utc('2026-04-30'))).toBe(false);
  });
});

describe('counts and CSV rows', () => {
  it('counts every status, with zeros for empty ones', () => {
    const counts = countsByStatus([
      inquiry(),
      inquiry({ status: 'applied' }),
      inquiry({ status: 'applied' }),
    ]);
    expect(counts).toEqual({
      new: 1,
      contacted: 0,
      'tour scheduled': 0,
      applied: 2,
      waitlisted: 0,
      enrolled: 0,
      closed: 0,
    });
  });

  it('writes a header and one row per inquiry, with names for campus and assignee', () => {
    const rows = inquiryCsvRows(
      [
        inquiry({ assignedTo: 'off-1' }),
        inquiry({ campusId: undefined, childDateOfBirth: undefined }),
      ],
      { campuses: { 'cam-0': 'North campus' }, members: { 'off-1': 'Office One' } },
      () => utc('2026-03-12'),
    );
    expect(rows[0]).toEqual([...INQUIRY_CSV_HEADER]);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      'Asha Whitfield',
      'asha@mail.example',
      '+91 90000 00000',
      'Leo Whitfield',
      '2018-05-04',
      'North campus',
      'new',
      'Office One',
      '2026-03-02',
      '',
      '10',
      'yes',
      'A place for next term?',
    ]);
    expect(rows[2]?.[4]).toBe('');
    expect(rows[2]?.[5]).toBe('');
    for (const row of rows) expect(row).toHaveLength(INQUIRY_CSV_HEADER.length);
  });
});

describe('conversion plan', () => {
  const families = [
    {
      id: 'fam-1',
      familyName: 'Okafor',
      guardians: [
        {
          name: 'Chidi Okafor',
          relationship: '',
          email: 'ASHA@mail.example',
          phone: '',
          isPrimary: true,
        },
      ],
      address: '',
      notes: '',
    },
    {
      id: 'fam-2',
      familyName: 'whitfield',
      guardians: [
        { name: 'asha  whitfield', relationship: '', email: '', phone: '', isPrimary: true },
      ],
      address: '',
      notes: '',
    },
    {
      id: 'fam-3',
      familyName: 'Whitfield',
      guardians: [
        {
          name: 'Tom Whitfield',
          relationship: '',
          email: 'tom@mail.example',
          phone: '',
          isPrimary: true,
        },
      ],
      address: '',
      notes: '',
    },
  ];

  it('plans a family and an enrolled student under ids derived from the inquiry', () => {
    const plan = conversionPlan(inquiry(), {
      families: [],
      students: [],
      now: '2026-03-20T08:00:00.000Z',
      by: 'off-1',
    });
    expect(plan.family).toEqual({
      id: 'fam-inq-inq-1',
      familyName: 'Whitfield',
      guardians: [
        {
          name: 'Asha Whitfield',
          relationship: '',
          email: 'asha@mail.example',
          phone: '+91 90000 00000',
          isPrimary: true,
        },
      ],
      address: '',
      notes: 'Created from inquiry inq-1.',
      updatedBy: 'off-1',
    });
    expect(plan.student).toEqual({
      id: 'stu-inq-inq-1',
      firstName: 'Leo',
      lastName: 'Whitfield',
      dateOfBirth: '2018-05-04',
      familyId: 'fam-inq-inq-1',
      campusId: 'cam-0',
      classroomIds: [],
      status: 'enrolled',
      enrolledOn: '2026-03-20',
      notes: '',
      updatedBy: 'off-1',
    });
    expect(plan).toMatchObject({ duplicates: [], missing: [], alreadyConverted: false });
    expect(familySchema.safeParse(plan.family).success).toBe(true);
    expect(studentSchema.safeParse(plan.student).success).toBe(true);
    // The same inquiry always plans the same documents.
    expect(
      conversionPlan(inquiry(), {
        families: [],
        students: [],
        now: '2026-03-20T08:00:00.000Z',
        by: 'off-1',
      }),
    ).toEqual(plan);
  });

  it('gives a one-word child the family name and lists what the editor must still ask', () => {
    const plan = conversionPlan(
      inquiry({ childName: ' Ivy ', childDateOfBirth: undefined, campusId: undefined }),
      { families: [], students: [], now: '2026-03-20T08:00:00.000Z', by: 'off-1' },
    );
    expect(plan.student).toMatchObject({
      firstName: 'Ivy',
      lastName: 'Whitfield',
      dateOfBirth: '',
      campusId: '',
    });
    expect(plan.missing).toEqual(['dateOfBirth', 'campusId']);
  });

  it('finds families with the same guardian e-mail, or the same name and guardian name', () => {
    const plan = conversionPlan(inquiry(), {
      families,
      students: [],
      now: '2026-03-20T08:00:00.000Z',
      by: 'off-1',
    });
    expect(plan.duplicates.map((f) => f.id)).toEqual(['fam-1', 'fam-2']);
  });

  it('knows when an earlier attempt already created the records, and does not call them duplicates', () => {
    const plan = conversionPlan(inquiry(), {
      families: [{ ...families[0]!, id: 'fam-inq-inq-1' }],
      students: [{ id: 'stu-inq-inq-1' }],
      now: '2026-03-20T08:00:00.000Z',
      by: 'off-1',
    });
    expect(plan.alreadyConverted).toBe(true);
    expect(plan.duplicates).toEqual([]);
  });

  it('links the inquiry and moves it to enrolled with one history entry', () => {
    const applied = inquiry({ status: 'applied' });
    const link = {
      familyId: 'fam-inq-inq-1',
      studentId: 'stu-inq-inq-1',
      by: 'off-1',
      at: received,
    };
    expect(conversionLinkPatch(applied, link)).toEqual({
      status: 'enrolled',
      familyId: 'fam-inq-inq-1',
      studentId: 'stu-inq-inq-1',
      history: [
        ...applied.history,
        {
          at: received,
          by: 'off-1',
          from: 'applied',
          status: 'enrolled',
          note: 'Converted to a family and a student',
        },
      ],
    });
    expect(conversionLinkPatch(inquiry({ status: 'enrolled' }), link)).toMatchObject({
      familyId: 'fam-inq-inq-1',
      history: [{}, { status: 'enrolled', note: 'Converted to a family and a student' }],
    });
    expect(conversionLinkPatch(inquiry({ status: 'closed' }), link)).toBeNull();
  });
});

describe('the submitInquiry input', () => {
  const schema = submitInquirySchema('2026-03-20');
  const valid = {
    parentName: ' Asha Whitfield ',
    email: 'Asha@Mail.example',
    childName: 'Leo Whitfield',
    childDateOfBirth: '2018-05-04',
    message: 'Hello',
  };

  it('accepts a complete submission and trims it', () => {
    const parsed = schema.parse(valid);
    expect(parsed).toEqual({
      parentName: 'Asha Whitfield',
      email: 'Asha@Mail.example',
      phone: '',
      childName: 'Leo Whitfield',
      childDateOfBirth: '2018-05-04',
      campusId: undefined,
      message: 'Hello',
    });
    expect(schema.parse({ ...valid, campusId: '' }).campusId).toBeUndefined();
    expect(schema.parse({ ...valid, campusId: 'cam-1' }).campusId).toBe('cam-1');
  });

  it.each([
    ['parentName', { parentName: '  ' }, 'Enter your name.'],
    ['email', { email: 'not-an-address' }, 'Use an e-mail address like name@example.com.'],
    ['childName', { childName: '' }, "Enter your child's name."],
    ['childDateOfBirth', { childDateOfBirth: '04/05/2018' }, 'Enter the full date of birth.'],
    ['childDateOfBirth', { childDateOfBirth: '2019-02-30' }, 'Use a date that exists.'],
    [
      'childDateOfBirth',
      { childDateOfBirth: '2026-03-21' },
      'The date of birth cannot be in the future.',
    ],
    [
      'childDateOfBirth',
      { childDateOfBirth: '2007-03-20' },
      'Inquiries are for children under 19.',
    ],
    ['message', { message: 'x'.repeat(2001) }, 'Use at most 2000 characters.'],
  ])('refuses an invalid %s with a clear message', (field, change, message) => {
    const result = schema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message)).toContain(
      message,
    );
  });

  it('accepts a child born today and one a day short of 19', () => {
    expect(schema.safeParse({ ...valid, childDateOfBirth: '2026-03-20' }).success).toBe(true);
    expect(schema.safeParse({ ...valid, childDateOfBirth: '2007-03-21' }).success).toBe(true);
    expect(schema.safeParse({ ...valid, message: 'x'.repeat(2000) }).success).toBe(true);
  });

  it('keys the rate limit by day and lower-cased e-mail', () => {
    expect(rateLimitKey(' Asha@Mail.Example ', '2026-03-20')).toBe('2026-03-20_asha@mail.example');
    expect(rateLimitKey('asha@mail.example', '2026-03-20')).toBe(
      rateLimitKey('ASHA@MAIL.EXAMPLE', '2026-03-20'),
    );
  });

  it('makes a new inquiry record that parses, with the public as its first author', () => {
    const record = newInquiryRecord(schema.parse(valid), { at: received });
    expect(record).toMatchObject({
      status: 'new',
      history: [{ at: received, by: 'public', status: 'new', note: '' }],
    });
    expect(record).not.toHaveProperty('createdBy');
    expect(parentInquirySchema.safeParse(record).success).toBe(true);
    expect(
      newInquiryRecord(schema.parse(valid), { at: received, createdBy: 'par-1' }),
    ).toMatchObject({ createdBy: 'par-1' });
  });

  it("names a signed-in parent, not the public, as the first history entry's author", () => {
    const record = newInquiryRecord(schema.parse(valid), { at: received, createdBy: 'par-1' });
    expect(record.history).toEqual([{ at: received, by: 'par-1', status: 'new', note: '' }]);
    expect(record).toMatchObject({ createdBy: 'par-1', updatedBy: 'par-1', status: 'new' });
  });
});
