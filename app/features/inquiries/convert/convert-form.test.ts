import { describe, expect, it } from 'vitest';
import type { BatchOperation } from '~/data/store';
import { conversionPlan, type InquiryStatus } from '~/domain/inquiries';
import type { Family } from '~/domain/records';
import type { FormValues } from '~/ui/form/parse-form';
import {
  CLOSED_MESSAGE,
  invitationChoice,
  submitConversion,
  withoutPrefix,
  withPrefix,
} from './convert-form';

const NOW = '2025-03-10T09:00:00.000Z';
const inquiry = {
  id: 'inq-9',
  parentName: 'Grace Whitfield',
  email: 'grace@example.com',
  phone: '+91 98765 43210',
  childName: 'Leo Whitfield',
  childDateOfBirth: '2019-04-01',
  campusId: 'campus-north',
  status: 'enrolled' as const,
  history: [{ at: '2025-03-01T10:00:00.000Z', by: 'public', status: 'new' as const, note: '' }],
};
const existingFamily: Family & { id: string } = {
  id: 'fam-1',
  familyName: 'Whitfield',
  guardians: [
    {
      name: 'Grace Whitfield',
      relationship: '',
      email: 'GRACE@example.com',
      phone: '',
      isPrimary: true,
    },
  ],
  address: '',
  notes: '',
};

function setup({
  families = [],
  status = inquiry.status,
}: { families?: Array<Family & { id: string }>; status?: InquiryStatus } = {}) {
  const plan = conversionPlan(inquiry, { families, students: [], now: NOW, by: 'office-1' });
  const commits: BatchOperation[][] = [];
  const ctx = {
    inquiry: { ...inquiry, status },
    plan,
    students: [],
    families,
    campuses: [{ id: 'campus-north' }],
    classrooms: [{ id: 'cls-1', campusId: 'campus-north' }],
    parentMembers: [],
    canLinkMembers: false,
    by: 'office-1',
    now: NOW,
    commit: async (operations: BatchOperation[]) => {
      commits.push(operations);
      return operations.length;
    },
  };
  return { plan, ctx, commits };
}

/** What the page posts when nobody changed the pre-filled fields. */
function prefilled(plan: ReturnType<typeof conversionPlan>, extra: FormValues = {}): FormValues {
  return {
    familyChoice: 'new',
    'family.familyName': plan.family.familyName,
    'family.address': '',
    'family.notes': plan.family.notes,
    'family.guardians.0.name': plan.family.guardians[0]?.name ?? '',
    'family.guardians.0.email': plan.family.guardians[0]?.email ?? '',
    'family.guardians.0.phone': plan.family.guardians[0]?.phone ?? '',
    'family.primaryGuardian': '0',
    'student.firstName': plan.student.firstName,
    'student.lastName': plan.student.lastName,
    'student.dateOfBirth': plan.student.dateOfBirth,
    'student.campusId': plan.student.campusId,
    'student.status': 'enrolled',
    'student.enrolledOn': plan.student.enrolledOn ?? '',
    ...extra,
  };
}

describe('the conversion form', () => {
  it('saves the family, the student and the inquiry link in one batch under the derived ids', async () => {
    const { plan, ctx, commits } = setup();
    const result = await submitConversion(prefilled(plan), ctx);
    expect(result).toMatchObject({
      ok: true,
      familyId: 'fam-inq-inq-9',
      studentId: 'stu-inq-inq-9',
      createdFamily: true,
      invite: false,
    });
    expect(commits).toHaveLength(1);
    const [batch = []] = commits;
    expect(batch.map((op) => (op.type === 'save' ? [op.collection, op.item.id] : []))).toEqual([
      ['families', 'fam-inq-inq-9'],
      ['students', 'stu-inq-inq-9'],
      ['parentInquiries', 'inq-9'],
    ]);
    const [family, student, link] = batch;
    expect(family?.type === 'save' && family.item).toMatchObject({
      familyName: 'Whitfield',
      guardians: [expect.objectContaining({ name: 'Grace Whitfield', isPrimary: true })],
    });
    expect(student?.type === 'save' && student.item).toMatchObject({
      firstName: 'Leo',
      lastName: 'Whitfield',
      familyId: 'fam-inq-inq-9',
      status: 'enrolled',
    });
    expect(link?.type === 'save' && link.item).toMatchObject({
      familyId: 'fam-inq-inq-9',
      studentId: 'stu-inq-inq-9',
    });
  });

  it('adds only the student to an existing family the person chose instead', async () => {
    const { plan, ctx, commits } = setup({ families: [existingFamily] });
    expect(plan.duplicates.map((f) => f.id)).toEqual(['fam-1']);
    // The family fields still hold the draft (hidden); they are neither checked nor saved.
    const result = await submitConversion(
      prefilled(plan, { familyChoice: 'fam-1', 'family.familyName': '', invite: 'on' }),
      ctx,
    );
    expect(result).toMatchObject({
      ok: true,
      familyId: 'fam-1',
      createdFamily: false,
      invite: true,
    });
    const [batch = []] = commits;
    expect(batch.map((op) => (op.type === 'save' ? op.collection : op.type))).toEqual([
      'students',
      'parentInquiries',
    ]);
    expect(batch[0]?.type === 'save' && batch[0].item.familyId).toBe('fam-1');
  });

  it("returns every field's error of both editors at once, named as on the page, and saves nothing", async () => {
    const { plan, ctx, commits } = setup();
    const result = await submitConversion(
      prefilled(plan, {
        'family.familyName': ' ',
        'family.guardians.0.email': 'not-an-address',
        'student.dateOfBirth': '',
        'student.campusId': '',
      }),
      ctx,
    );
    expect(result.ok).toBe(false);
    if (result.ok || result.status !== 400) throw new Error('expected field errors');
    expect(Object.keys(result.fieldErrors).sort()).toEqual([
      'family.familyName',
      'family.guardians.0.email',
      'student.campusId',
      'student.dateOfBirth',
    ]);
    expect(result.values['family.familyName']).toBe(' ');
    expect(commits).toEqual([]);
  });

  it('refuses a family choice that is not one of the offered duplicates', async () => {
    const { plan, ctx, commits } = setup({ families: [existingFamily] });
    const result = await submitConversion(prefilled(plan, { familyChoice: 'fam-other' }), ctx);
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { familyChoice: 'Choose a family from the list.' },
    });
    expect(commits).toEqual([]);
  });

  it('asks "save anyway" for a student of the same name and birth date, then saves when confirmed', async () => {
    const { plan, ctx, commits } = setup();
    const twin = {
      id: 'stu-1',
      firstName: 'leo',
      lastName: 'WHITFIELD',
      dateOfBirth: '2019-04-01',
      familyId: 'fam-x',
      campusId: 'campus-north',
      classroomIds: [],
      status: 'enrolled' as const,
      notes: '',
    };
    const withTwin = { ...ctx, students: [twin] };
    const first = await submitConversion(prefilled(plan), withTwin);
    expect(first).toMatchObject({ ok: false, status: 409, duplicates: [{ id: 'stu-1' }] });
    expect(commits).toEqual([]);
    const second = await submitConversion(
      prefilled(plan, { 'student.confirmDuplicate': '1' }),
      withTwin,
    );
    expect(second.ok).toBe(true);
    expect(commits).toHaveLength(1);
  });

  it('refuses a closed inquiry: it must be reopened first', async () => {
    const { plan, ctx, commits } = setup({ status: 'closed' });
    const result = await submitConversion(prefilled(plan), ctx);
    expect(result).toMatchObject({ ok: false, fieldErrors: { _form: CLOSED_MESSAGE } });
    expect(commits).toEqual([]);
  });

  it('moves names between the shared form and each editor without touching _form', () => {
    expect(withoutPrefix({ 'family.a': '1', 'student.a': '2', x: '3' }, 'family.')).toEqual({
      a: '1',
    });
    expect(withPrefix({ a: 'bad', _form: 'failed' }, 'student.')).toEqual({
      'student.a': 'bad',
      _form: 'failed',
    });
  });
});

describe('the invitation on the conversion form', () => {
  it('is offered to someone who may invite members, for an e-mail without an account', () => {
    expect(
      invitationChoice({ email: 'grace@example.com', hasAccount: false, mayInvite: true }),
    ).toEqual({ offer: true, note: null });
  });

  it('is not offered to someone who may not invite, who is told an administrator can do it later', () => {
    const choice = invitationChoice({
      email: 'grace@example.com',
      hasAccount: false,
      mayInvite: false,
    });
    expect(choice.offer).toBe(false);
    expect(choice.note).toBe(
      'Only an administrator can create accounts: an administrator can invite grace@example.com from Members later.',
    );
  });

  it('explains an existing account or a missing e-mail instead of offering it', () => {
    expect(invitationChoice({ email: ' ', hasAccount: false, mayInvite: true }).note).toMatch(
      /gave no e-mail address/,
    );
    expect(
      invitationChoice({ email: 'grace@example.com', hasAccount: true, mayInvite: true }).note,
    ).toBe('An account with grace@example.com exists already: link it to the family from Members.');
    expect(
      invitationChoice({ email: 'grace@example.com', hasAccount: true, mayInvite: false }).note,
    ).toMatch(/an administrator can link it to the family from Members/);
  });
});
