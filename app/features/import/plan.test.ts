import { describe, expect, it } from 'vitest';
import { facilitatorSchema, familySchema, studentSchema } from '~/domain/records';
import { splitNotes } from '~/features/students';
import { importId } from './ids';
import { guessMapping } from './mapping';
import { IMPORT_NOTE, planImport, type ImportContext, type ImportPlan } from './plan';

const context: ImportContext = {
  campuses: [
    { id: 'campus-north', name: 'Northside Campus' },
    { id: 'campus-river', name: 'Riverside Campus' },
  ],
  classrooms: [
    { id: 'north-otters', name: 'Otters (ages 6–7)', campusId: 'campus-north', facilitatorIds: [] },
    {
      id: 'river-otters',
      name: 'Otters (ages 6–7)',
      campusId: 'campus-river',
      facilitatorIds: ['f-1'],
    },
  ],
  subjects: [{ id: 'math', name: 'Mathematics', code: 'MATH' }],
  students: [{ id: 's-1', firstName: 'Leo', lastName: 'Whitfield', dateOfBirth: '2014-03-02' }],
  families: [
    {
      id: 'fam-whitfield',
      familyName: 'Whitfield',
      guardians: [{ email: 'ann@example.com', phone: '+91 80 1234 5678' }],
    },
  ],
  facilitators: [{ id: 'f-1', firstName: 'Kavya', lastName: 'Menon', email: 'kavya@example.com' }],
  today: '2026-11-24',
};

const STUDENT_HEADERS = [
  'First name',
  'Last name',
  'Date of birth',
  'Campus',
  'Classrooms',
  'Status',
  'Guardian name',
  'Guardian e-mail',
  'Guardian phone',
  'Family name',
];

function students(rows: string[][], ctx: ImportContext = context): ImportPlan {
  return planImport('students', rows, guessMapping(STUDENT_HEADERS, 'students'), ctx);
}

const row = (overrides: Partial<Record<(typeof STUDENT_HEADERS)[number], string>> = {}) => {
  const base: Record<string, string> = {
    'First name': 'Asha',
    'Last name': 'Rao',
    'Date of birth': '2016-04-23',
    Campus: 'Northside Campus',
    Classrooms: 'Otters (ages 6-7)',
    Status: '',
    'Guardian name': 'Meera Rao',
    'Guardian e-mail': 'meera@example.com',
    'Guardian phone': '',
    'Family name': '',
  };
  const merged = { ...base, ...overrides };
  return STUDENT_HEADERS.map((h) => merged[h] ?? '');
};

function operationsOf(plan: ImportPlan) {
  return plan.units.flatMap((u) => u.operations);
}

describe('planning a families-and-students import', () => {
  it('turns a row into a student and a new family that parse with the record schemas', () => {
    const plan = students([row()]);
    expect(plan.counts).toEqual({ ready: 1, duplicate: 0, invalid: 0 });
    expect(plan.newFamilies).toBe(1);
    const [family, student] = operationsOf(plan);
    expect(family?.type === 'save' && family.collection).toBe('families');
    expect(student?.type === 'save' && student.collection).toBe('students');
    if (family?.type !== 'save' || student?.type !== 'save') throw new Error('saves expected');
    const f = familySchema.parse(family.item);
    const s = studentSchema.parse(student.item);
    expect(f.familyName).toBe('Rao'); // the student's last name when the family name is empty
    expect(f.guardians).toEqual([
      {
        name: 'Meera Rao',
        relationship: '',
        email: 'meera@example.com',
        phone: '',
        isPrimary: true,
      },
    ]);
    expect(s).toMatchObject({
      firstName: 'Asha',
      lastName: 'Rao',
      dateOfBirth: '2016-04-23',
      familyId: family.item.id,
      campusId: 'campus-north',
      classroomIds: ['north-otters'], // found by name, dashes compared loosely
      status: 'enrolled',
    });
    expect(splitNotes(s.notes).history).toEqual([
      { date: '2026-11-24', status: 'enrolled', note: IMPORT_NOTE },
    ]);
  });

  it('gives the same ids to the same rows every time, so a re-run writes the same documents', () => {
    const first = operationsOf(students([row()]));
    const again = operationsOf(students([row({ 'First name': ' ASHA ' })]));
    const ids = (ops: typeof first) => ops.map((o) => (o.type === 'save' ? o.item.id : o.id));
    expect(ids(again)).toEqual(ids(first));
    expect(ids(first)[1]).toBe(importId('stu', 'asha|rao|2016-04-23'));
    expect(String(ids(first)[1])).toMatch(/^imp-stu-[0-9a-f]{14}$/);
  });

  it('joins rows with the same guardian e-mail, or family name and phone, into one family', () => {
    const plan = students([
      row(),
      row({
        'First name': 'Arjun',
        'Date of birth': '2018-01-09',
        'Guardian e-mail': 'MEERA@example.com',
      }),
      row({
        'First name': 'Ila',
        'Last name': 'Sen',
        'Guardian e-mail': '',
        'Guardian phone': '+91 99000 11111',
        'Guardian name': 'Raj Sen',
      }),
      row({
        'First name': 'Om',
        'Last name': 'Sen',
        'Guardian e-mail': '',
        'Guardian phone': '+91 99000 11111',
        'Guardian name': 'Raj Sen',
      }),
    ]);
    expect(plan.counts.ready).toBe(4);
    expect(plan.newFamilies).toBe(2);
    expect(plan.units.map((u) => u.rows)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    const familyIds = operationsOf(plan).flatMap((o) =>
      o.type === 'save' && o.collection === 'students' ? [o.item.familyId] : [],
    );
    expect(familyIds[0]).toBe(familyIds[1]);
    expect(familyIds[2]).toBe(familyIds[3]);
    expect(familyIds[0]).not.toBe(familyIds[2]);
  });

  it('adds a student to an existing family with that guardian e-mail and leaves the family as it is', () => {
    const plan = students([
      row({ 'First name': 'Mia', 'Last name': 'Whitfield', 'Guardian e-mail': 'ann@example.com' }),
    ]);
    expect(plan.newFamilies).toBe(0);
    const ops = operationsOf(plan);
    expect(ops).toHaveLength(1);
    expect(ops[0]?.type === 'save' && ops[0].item.familyId).toBe('fam-whitfield');
    expect(plan.rows[0]?.family).toEqual({ name: 'Whitfield', isNew: false });
  });

  it('skips students already on the list and repeated rows of the file as duplicates', () => {
    const plan = students([
      row({ 'First name': 'leo', 'Last name': 'WHITFIELD', 'Date of birth': '2014-03-02' }),
      row(),
      row({ 'Guardian e-mail': 'other@example.com' }),
    ]);
    expect(plan.counts).toEqual({ ready: 1, duplicate: 2, invalid: 0 });
    expect(plan.rows[0]?.messages).toEqual([
      'Already on the list: Leo Whitfield, born 2014-03-02.',
    ]);
    expect(plan.rows[2]?.messages).toEqual(['Same student as row 3 of this file.']);
    expect(operationsOf(plan)).toHaveLength(2);
  });

  it('reports every kind of bad row with a message that says what to fix', () => {
    const plan = students([
      row({ 'Last name': '' }),
      row({ 'Date of birth': '2016-02-30' }),
      row({ 'Date of birth': '23/04/2016' }),
      row({ 'Date of birth': '2030-01-01' }),
      row({ Campus: 'Hillside' }),
      row({ Classrooms: 'Otters (ages 6-7); Dolphins' }),
      row({ Classrooms: 'river-otters' }),
      row({ 'Guardian e-mail': 'not-an-address' }),
      row({ Status: 'expelled' }),
      row({ 'Guardian name': '', 'Guardian e-mail': 'x@example.com' }),
    ]);
    expect(plan.counts).toEqual({ ready: 0, duplicate: 0, invalid: 10 });
    expect(plan.units).toEqual([]);
    expect(plan.rows.map((r) => r.messages)).toEqual([
      ['Last name: Enter the last name.'],
      ['Date of birth: Use a real date (YYYY-MM-DD).'],
      ['Date of birth: Use a real date (YYYY-MM-DD).'],
      ['Date of birth: The date of birth cannot be after today.'],
      ['Campus: no campus is called “Hillside”. Use a campus name from School setup.'],
      [
        'Classrooms: no classroom “Dolphins” at Northside Campus. Use a classroom name from School setup.',
      ],
      [
        'Classrooms: no classroom “river-otters” at Northside Campus. Use a classroom name from School setup.',
      ],
      ['Guardian e-mail: Use an e-mail address like name@example.com, or leave it empty.'],
      [
        'Status: Use one of: enrolled, waitlisted, withdrawn, graduated; or leave it empty for enrolled.',
      ],
      ["Guardian name: Enter the guardian's name, or leave the guardian's columns empty."],
    ]);
    expect(plan.rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('reports every error of a row at once, the look-ups included (issue 30)', () => {
    const plan = students([
      row({
        'Last name': '',
        'Guardian e-mail': 'not-an-address',
        Campus: 'Moon Campus',
      }),
      row({ 'Date of birth': '2030-01-01', Classrooms: 'Dolphins', 'Guardian name': '' }),
    ]);
    expect(plan.rows.map((r) => r.messages)).toEqual([
      [
        'Last name: Enter the last name.',
        'Guardian e-mail: Use an e-mail address like name@example.com, or leave it empty.',
        'Campus: no campus is called “Moon Campus”. Use a campus name from School setup.',
      ],
      [
        'Date of birth: The date of birth cannot be after today.',
        'Classrooms: no classroom “Dolphins” at Northside Campus. Use a classroom name from School setup.',
        "Guardian name: Enter the guardian's name, or leave the guardian's columns empty.",
      ],
    ]);
    expect(plan.counts.invalid).toBe(2);
  });

  it('refuses an enrolment date after the end of next year (from the context’s today), saying why', () => {
    const headers = [...STUDENT_HEADERS, 'Enrolled on'];
    const plan = planImport(
      'students',
      [
        [...row(), '2027-12-31'],
        [...row({ 'First name': 'Ravi' }), '2099-09-01'],
      ],
      guessMapping(headers, 'students'),
      context,
    );
    expect(plan.counts).toEqual({ ready: 1, duplicate: 0, invalid: 1 });
    expect(plan.rows[1]?.messages).toEqual([
      'Enrolled on: Enrolment date can be at most 31 Dec 2027 (the end of next year).',
    ]);
  });

  it('tells progress every 250 rows', () => {
    const rows = Array.from({ length: 600 }, (_, i) =>
      row({ 'First name': `Kid${i}`, 'Guardian e-mail': `g${i}@example.com` }),
    );
    const seen: number[] = [];
    const plan = planImport(
      'students',
      rows,
      guessMapping(STUDENT_HEADERS, 'students'),
      context,
      (d) => seen.push(d),
    );
    expect(seen).toEqual([250, 500]);
    expect(plan.counts.ready).toBe(600);
  });
});

describe('planning a facilitators import', () => {
  const headers = ['First name', 'Last name', 'E-mail', 'Campus', 'Subjects', 'Classrooms'];
  const mapping = guessMapping(headers, 'facilitators');

  it('builds facilitators that parse with the schema and links them to their classrooms', () => {
    const plan = planImport(
      'facilitators',
      [
        ['Nila', 'Das', 'nila@example.com', 'Riverside Campus', 'MATH', 'Otters (ages 6–7)'],
        ['Tara', 'Bose', '', 'Riverside Campus', 'Mathematics', 'river-otters'],
      ],
      mapping,
      context,
    );
    expect(plan.counts).toEqual({ ready: 2, duplicate: 0, invalid: 0 });
    const [first, second] = plan.units;
    const nila = first?.operations[0];
    if (nila?.type !== 'save') throw new Error('save expected');
    expect(facilitatorSchema.parse(nila.item)).toMatchObject({
      email: 'nila@example.com',
      campusId: 'campus-river',
      subjectIds: ['math'],
      classroomIds: ['river-otters'],
      status: 'active',
    });
    // Each classroom save carries every facilitator so far, the existing one included.
    expect(first?.operations[1]).toEqual({
      type: 'save',
      collection: 'classrooms',
      item: { id: 'river-otters', facilitatorIds: ['f-1', nila.item.id] },
    });
    const tara = second?.operations[0];
    expect(second?.operations[1]).toEqual({
      type: 'save',
      collection: 'classrooms',
      item: {
        id: 'river-otters',
        facilitatorIds: ['f-1', nila.item.id, tara?.type === 'save' ? tara.item.id : ''],
      },
    });
  });

  it('skips a facilitator whose e-mail is on the list or earlier in the file, and reports bad rows', () => {
    const plan = planImport(
      'facilitators',
      [
        ['K', 'M', 'KAVYA@example.com', 'Northside Campus', '', ''],
        ['Nila', 'Das', 'nila@example.com', 'Northside Campus', '', ''],
        ['Nila', 'Das', 'nila@example.com', 'Northside Campus', '', ''],
        ['Kavya', 'Menon', '', 'Northside Campus', '', ''],
        ['Ravi', 'Iyer', '', 'Northside Campus', 'Astronomy', ''],
        ['', 'Rao', 'bad', 'Moon Campus', 'Astronomy', ''],
      ],
      mapping,
      context,
    );
    expect(plan.rows.map((r) => [r.status, r.messages])).toEqual([
      ['duplicate', ['Already on the list: Kavya Menon (kavya@example.com).']],
      ['ready', []],
      ['duplicate', ['Same facilitator as row 3 of this file.']],
      ['duplicate', ['Already on the list: Kavya Menon.']],
      [
        'invalid',
        ['Subjects: no subject “Astronomy”. Use a subject name or code from School setup.'],
      ],
      // Every error of the row at once, the look-ups included.
      [
        'invalid',
        [
          'First name: Enter the first name.',
          'E-mail: Use an e-mail address like name@example.com, or leave it empty.',
          'Campus: no campus is called “Moon Campus”. Use a campus name from School setup.',
          'Subjects: no subject “Astronomy”. Use a subject name or code from School setup.',
        ],
      ],
    ]);
  });
});
