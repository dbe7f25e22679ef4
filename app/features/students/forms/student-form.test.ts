import { describe, expect, it, vi } from 'vitest';
import { OPENED_FIELD, openedForm } from '~/ui/form/edit-conflicts';
import { splitNotes } from './status-history';
import {
  findDuplicateStudents,
  studentEditable,
  submitStudentForm,
  type StudentRecord,
} from './student-form';

const leo: StudentRecord = {
  id: 'stu-1',
  firstName: 'Leo',
  lastName: 'Whitfield',
  dateOfBirth: '2014-05-06',
  familyId: 'fam-1',
  campusId: 'campus-north',
  classroomIds: ['room-a'],
  status: 'enrolled',
  notes: '',
};

function context(overrides: Partial<Parameters<typeof submitStudentForm>[1]> = {}) {
  const save = vi.fn(async (item: Record<string, unknown>) => ({
    id: typeof item.id === 'string' ? item.id : 'temp_new',
  }));
  return {
    save,
    ctx: {
      existing: null,
      students: [leo],
      families: [{ id: 'fam-1' }, { id: 'fam-2' }],
      campuses: [{ id: 'campus-north' }, { id: 'campus-south' }],
      classrooms: [
        { id: 'room-a', campusId: 'campus-north' },
        { id: 'room-b', campusId: 'campus-south' },
      ],
      save,
      today: '2026-11-22',
      ...overrides,
    },
  };
}

function form(values: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    for (const v of [value].flat()) data.append(key, v);
  }
  return data;
}

const valid = {
  firstName: 'Mia',
  lastName: 'Chen',
  preferredName: '',
  dateOfBirth: '2015-01-02',
  familyId: 'fam-2',
  campusId: 'campus-north',
  classroomIds: ['room-a'],
  status: 'enrolled',
  enrolledOn: '2026-09-01',
  medicalNotes: '',
  notes: 'Likes chess',
};

describe('the student form action', () => {
  it('reports an error beside every required field and saves nothing when the form is empty', async () => {
    const { ctx, save } = context();
    const result = await submitStudentForm(form({}), ctx);
    expect(result).toMatchObject({ ok: false, status: 400 });
    if (result.ok || result.status !== 400) return;
    expect(result.fieldErrors).toEqual({
      firstName: 'Enter the first name.',
      lastName: 'Enter the last name.',
      dateOfBirth: 'Enter the date of birth.',
      familyId: 'Choose a family.',
      campusId: 'Choose a campus.',
      status: 'Choose a status.',
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('rejects impossible dates, dates of birth before 1900 or after today, over-long text and a bad enrolment date, keeping what was typed', async () => {
    const { ctx, save } = context();
    const typed = {
      ...valid,
      firstName: 'x'.repeat(81),
      dateOfBirth: '2015-02-30',
      enrolledOn: 'soon',
      notes: 'n'.repeat(2001),
      medicalNotes: 'm'.repeat(1001),
      preferredName: 'p'.repeat(81),
    };
    const result = await submitStudentForm(form(typed), ctx);
    expect(result).toMatchObject({ ok: false, status: 400 });
    if (result.ok || result.status !== 400) return;
    expect(result.fieldErrors).toEqual({
      firstName: 'First name can be at most 80 characters; this is 81.',
      preferredName: 'Preferred name can be at most 80 characters; this is 81.',
      dateOfBirth: 'Use a real date (YYYY-MM-DD).',
      enrolledOn: 'Use a real date (YYYY-MM-DD), or leave it empty.',
      medicalNotes: 'Medical notes can be at most 1,000 characters; this is 1,001.',
      notes: 'Notes can be at most 2,000 characters; this is 2,001.',
    });
    expect(result.values.firstName).toBe(typed.firstName);
    expect(result.values.classroomIds).toBe('room-a');
    expect(save).not.toHaveBeenCalled();

    for (const [dateOfBirth, message] of [
      ['2999-01-01', 'The date of birth cannot be after today.'],
      ['1899-12-31', 'The date of birth cannot be before 1 Jan 1900.'],
    ] as const) {
      const outside = await submitStudentForm(form({ ...valid, dateOfBirth }), ctx);
      expect(outside).toMatchObject({
        status: 400,
        fieldErrors: { dateOfBirth: message },
        values: { dateOfBirth },
      });
    }
  });

  it("checks the date of birth against the chosen campus's day, not the device's", async () => {
    // 20:00 UTC on Friday 27 November is already Saturday 28 November in Kolkata, still Friday
    // in Los Angeles.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T20:00:00Z'));
    try {
      const campuses = [
        { id: 'campus-north', timezone: 'Asia/Kolkata' },
        { id: 'campus-south', timezone: 'America/Los_Angeles' },
      ];
      const bornToday = { ...valid, dateOfBirth: '2026-11-28', enrolledOn: '' };
      const north = context({ campuses });
      expect(await submitStudentForm(form(bornToday), north.ctx)).toMatchObject({ ok: true });
      const south = context({ campuses });
      const refused = await submitStudentForm(
        form({ ...bornToday, campusId: 'campus-south', classroomIds: ['room-b'] }),
        south.ctx,
      );
      expect(refused).toMatchObject({
        ok: false,
        fieldErrors: { dateOfBirth: 'The date of birth cannot be after today.' },
      });
      expect(south.save).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an enrolment date after the end of next year, saying which date is the last', async () => {
    const { ctx, save } = context();
    const nextYear = new Date().getUTCFullYear() + 1;
    const result = await submitStudentForm(form({ ...valid, enrolledOn: '2099-09-01' }), ctx);
    expect(result).toMatchObject({
      status: 400,
      fieldErrors: {
        enrolledOn: `Enrolment date can be at most 31 Dec ${nextYear} (the end of next year).`,
      },
      values: { enrolledOn: '2099-09-01' },
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses an enrolment date before the date of birth, beside the enrolment date', async () => {
    const { ctx, save } = context();
    const result = await submitStudentForm(
      form({ ...valid, dateOfBirth: '2015-01-02', enrolledOn: '2014-09-01' }),
      ctx,
    );
    expect(result).toMatchObject({
      status: 400,
      fieldErrors: { enrolledOn: 'The enrolment date cannot be before the date of birth.' },
    });
    expect(save).not.toHaveBeenCalled();
    const sameDay = await submitStudentForm(
      form({ ...valid, dateOfBirth: '2015-01-02', enrolledOn: '2015-01-02' }),
      ctx,
    );
    expect(sameDay).toEqual({ ok: true, id: 'temp_new' });
  });

  it('refuses an unknown status, family or campus and a classroom of another campus', async () => {
    const { ctx, save } = context();
    const status = await submitStudentForm(form({ ...valid, status: 'expelled' }), ctx);
    expect(status).toMatchObject({ status: 400, fieldErrors: { status: 'Choose a status.' } });
    const links = await submitStudentForm(
      form({ ...valid, familyId: 'fam-x', campusId: 'campus-north', classroomIds: ['room-b'] }),
      ctx,
    );
    expect(links.ok === false && links.status === 400 && links.fieldErrors).toEqual({
      familyId: 'Choose a family from the list.',
      classroomIds: 'Choose only classrooms of the chosen campus.',
    });
    const campus = await submitStudentForm(form({ ...valid, campusId: 'campus-x' }), ctx);
    expect(campus).toMatchObject({
      status: 400,
      fieldErrors: { campusId: 'Choose a campus from the list.' },
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('warns about a student with the same name and date of birth and saves only after "Save anyway"', async () => {
    const { ctx, save } = context();
    const same = { ...valid, firstName: ' leo ', lastName: 'WHITFIELD', dateOfBirth: '2014-05-06' };
    const warned = await submitStudentForm(form(same), ctx);
    expect(warned).toMatchObject({
      ok: false,
      status: 409,
      duplicates: [{ id: 'stu-1', name: 'Leo Whitfield', dateOfBirth: '2014-05-06' }],
    });
    expect(save).not.toHaveBeenCalled();

    const confirmed = await submitStudentForm(form({ ...same, confirmDuplicate: '1' }), ctx);
    expect(confirmed).toEqual({ ok: true, id: 'temp_new' });
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('does not call a student a duplicate of itself, nor one with another date of birth', () => {
    expect(findDuplicateStudents(leo, [leo], 'stu-1')).toEqual([]);
    expect(findDuplicateStudents({ ...leo, dateOfBirth: '2014-05-07' }, [leo])).toEqual([]);
  });

  it('creates a student with trimmed fields and a first status history entry', async () => {
    const { ctx, save } = context();
    const result = await submitStudentForm(form({ ...valid, firstName: '  Mia ' }), ctx);
    expect(result).toEqual({ ok: true, id: 'temp_new' });
    const item = save.mock.calls[0]?.[0];
    expect(item).toMatchObject({
      firstName: 'Mia',
      familyId: 'fam-2',
      classroomIds: ['room-a'],
      enrolledOn: '2026-09-01',
    });
    expect(item?.id).toBeUndefined();
    const notes = splitNotes(String(item?.notes));
    expect(notes.text).toBe('Likes chess');
    expect(notes.history).toEqual([
      { date: '2026-09-01', status: 'enrolled', note: 'Record created' },
    ]);
  });

  it('edits keep the status history, add an entry when the status changes, and can move the student to another family', async () => {
    const existing: StudentRecord = {
      ...leo,
      notes: 'Old\n\n--- Status history ---\n2020-01-01 | enrolled | Record created',
    };
    const { ctx, save } = context({ existing });
    const result = await submitStudentForm(
      form({
        ...valid,
        firstName: 'Leo',
        lastName: 'Whitfield',
        dateOfBirth: '2014-05-06',
        familyId: 'fam-2',
        status: 'waitlisted',
        classroomIds: [],
        notes: 'New text',
      }),
      ctx,
    );
    expect(result).toEqual({ ok: true, id: 'stu-1' });
    const item = save.mock.calls[0]?.[0];
    expect(item).toMatchObject({ id: 'stu-1', familyId: 'fam-2', status: 'waitlisted' });
    expect(splitNotes(String(item?.notes))).toEqual({
      text: 'New text',
      history: [
        { date: '2020-01-01', status: 'enrolled', note: 'Record created' },
        { date: '2026-11-22', status: 'waitlisted', note: 'Changed from enrolled' },
      ],
    });
  });

  it('reports a failed save with the spec message for the whole form and keeps the typed values', async () => {
    const { ctx } = context({ save: async () => null });
    const result = await submitStudentForm(form(valid), ctx);
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { _form: 'Failed to save item' },
      values: { firstName: 'Mia', classroomIds: 'room-a' },
    });
  });
});

describe('an edit saves a patch of what the person changed (decision 052)', () => {
  const opened: StudentRecord = {
    ...leo,
    notes: 'Old\n\n--- Status history ---\n2020-01-01 | enrolled | Record created',
  };
  const asOpened = {
    firstName: 'Leo',
    lastName: 'Whitfield',
    preferredName: '',
    dateOfBirth: '2014-05-06',
    familyId: 'fam-1',
    campusId: 'campus-north',
    classroomIds: ['room-a'],
    status: 'enrolled',
    enrolledOn: '',
    medicalNotes: '',
    notes: 'Old',
    [OPENED_FIELD]: JSON.stringify(openedForm(opened, studentEditable(opened))),
  };

  it('writes only the changed field, and a status change adds to the freshest notes', async () => {
    // Since the form opened, someone changed the last name and the notes' text.
    const current: StudentRecord = {
      ...opened,
      lastName: 'Whitfield-Admin',
      notes: 'Theirs\n\n--- Status history ---\n2020-01-01 | enrolled | Record created',
      updatedBy: 'u-admin',
    };
    const { ctx, save } = context({ existing: opened, current: async () => current });
    const result = await submitStudentForm(form({ ...asOpened, status: 'waitlisted' }), ctx);
    expect(result).toEqual({ ok: true, id: 'stu-1' });
    const item = save.mock.calls[0]?.[0] ?? {};
    expect(Object.keys(item).sort()).toEqual(['id', 'notes', 'status']);
    expect(splitNotes(String(item.notes))).toEqual({
      text: 'Theirs',
      history: [
        { date: '2020-01-01', status: 'enrolled', note: 'Record created' },
        { date: '2026-11-22', status: 'waitlisted', note: 'Changed from enrolled' },
      ],
    });
  });

  it('saves nothing when nothing changed', async () => {
    const { ctx, save } = context({ existing: opened });
    expect(await submitStudentForm(form(asOpened), ctx)).toEqual({ ok: true, id: 'stu-1' });
    expect(save).not.toHaveBeenCalled();
  });

  it('stops when a changed field was changed by someone else too, naming them', async () => {
    const current: StudentRecord = { ...opened, familyId: 'fam-2', updatedBy: 'u-fac' };
    const { ctx, save } = context({
      existing: opened,
      current: async () => current,
      nameOf: async (uid) => (uid === 'u-fac' ? 'Daniel Mensah' : 'Someone'),
      describe: (field, value) => (field === 'familyId' ? `Family ${String(value)}` : undefined),
    });
    const result = await submitStudentForm(form({ ...asOpened, familyId: 'fam-1x' }), {
      ...ctx,
      families: [...ctx.families, { id: 'fam-1x' }],
    });
    expect(result).toMatchObject({
      ok: false,
      status: 412,
      conflicts: [
        {
          field: 'familyId',
          message: 'Daniel Mensah changed Family since you opened this form',
          mine: 'Family fam-1x',
          theirs: 'Family fam-2',
        },
      ],
    });
    expect(save).not.toHaveBeenCalled();
  });
});
