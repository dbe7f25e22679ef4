// "Report an absence" (issue 32): what the form accepts, the messages it refuses with, and the
// reports it queues (one per child, each carrying the child's family, campus and classrooms).
import { describe, expect, it } from 'vitest';
import type { BatchOperation } from '~/data/store';
import {
  CHOOSE_CHILD,
  CHOOSE_REASON,
  ENTER_ARRIVAL,
  LAST_BEFORE_FIRST,
  NOT_YOUR_CHILD,
  ONE_DAY_ONLY,
  REPORT_NOT_SAVED,
  submitAbsenceReport,
  tooEarlyMessage,
  TOO_MANY_DAYS,
  type ReportContext,
} from './report-form';

const leo = {
  id: 'stu-00000',
  firstName: 'Leo',
  lastName: 'Whitfield',
  familyId: 'fam-0000',
  campusId: 'campus-north',
  classroomIds: ['maples'],
};
const ivy = { ...leo, id: 'stu-00001', firstName: 'Ivy', classroomIds: ['otters'] };

function context(saved: BatchOperation[][] = [], ok = true): ReportContext {
  return {
    children: [leo, ivy],
    createdBy: 'grace',
    reporterName: 'Grace Whitfield',
    today: '2026-11-27',
    online: true,
    save: async (operations) => {
      saved.push(operations);
      return ok;
    },
  };
}

const AT = Date.parse('2026-11-27T03:00:00Z');

describe('submitAbsenceReport', () => {
  it('queues one report per ticked child, as the backend checks it', async () => {
    const saved: BatchOperation[][] = [];
    const result = await submitAbsenceReport(
      {
        studentIds: ['stu-00000', 'stu-00001'],
        from: '2026-11-30',
        to: '2026-12-01',
        part: 'day',
        reason: 'ill',
        note: ' Flu ',
      },
      context(saved),
      AT,
    );
    expect(result.ok).toBe(true);
    const items = saved[0]?.map((op) => (op.type === 'save' ? op.item : null));
    expect(items).toHaveLength(2);
    expect(items?.[0]).toMatchObject({
      studentId: 'stu-00000',
      familyId: 'fam-0000',
      campusId: 'campus-north',
      classroomIds: ['maples'],
      from: '2026-11-30',
      to: '2026-12-01',
      part: 'day',
      reason: 'ill',
      note: 'Flu',
      status: 'reported',
      createdBy: 'grace',
      reporterName: 'Grace Whitfield',
    });
    expect(items?.[1]).toMatchObject({ studentId: 'stu-00001', classroomIds: ['otters'] });
    expect(items?.[0]).not.toHaveProperty('time');
    expect(new Set(items?.map((i) => i?.id)).size).toBe(2);
  });

  it('takes one day when the last day is left empty, and keeps the time of a part day', async () => {
    const saved: BatchOperation[][] = [];
    await submitAbsenceReport(
      { studentIds: 'stu-00000', from: '2026-11-27', to: '', part: 'late', time: '10:30', reason: 'appointment' },
      context(saved),
      AT,
    );
    const item = saved[0]?.[0];
    expect(item?.type === 'save' && item.item).toMatchObject({
      from: '2026-11-27',
      to: '2026-11-27',
      part: 'late',
      time: '10:30',
    });
  });

  it('says what is missing or wrong, field by field', async () => {
    const failed = async (values: Record<string, string | string[]>) => {
      const result = await submitAbsenceReport(
        { studentIds: 'stu-00000', from: '2026-11-30', part: 'day', reason: 'ill', ...values },
        context(),
        AT,
      );
      return result.ok ? {} : result.fieldErrors;
    };
    expect((await failed({ studentIds: [] })).studentIds).toBe(CHOOSE_CHILD);
    expect((await failed({ reason: '' })).reason).toBe(CHOOSE_REASON);
    expect((await failed({ to: '2026-11-29' })).to).toBe(LAST_BEFORE_FIRST);
    expect((await failed({ to: '2027-01-15' })).to).toBe(TOO_MANY_DAYS);
    expect((await failed({ part: 'late', to: '2026-12-01', time: '10:00' })).to).toBe(ONE_DAY_ONLY);
    expect((await failed({ part: 'late' })).time).toBe(ENTER_ARRIVAL);
    expect((await failed({ from: '2026-10-01' })).from).toBe(tooEarlyMessage('2026-10-28'));
    expect((await failed({ studentIds: 'stu-09999' })).studentIds).toBe(NOT_YOUR_CHILD);
  });

  it('keeps what was typed when the device cannot store it', async () => {
    const result = await submitAbsenceReport(
      { studentIds: 'stu-00000', from: '2026-11-30', part: 'day', reason: 'ill', note: 'Flu' },
      context([], false),
      AT,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fieldErrors._form).toBe(REPORT_NOT_SAVED);
      expect(result.values.note).toBe('Flu');
    }
  });
});
