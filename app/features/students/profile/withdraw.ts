// Withdrawing a student: the status becomes withdrawn, the classrooms are left, and the date and
// note go into the status history (kept in notes, see forms/status-history.ts).
import { z } from 'zod';
import { calendarDate, fieldErrorsOf, plainText } from '../forms/fields';
import { appendStatus } from '../forms/status-history';
import {
  SAVE_FAILED,
  typedValues,
  type StudentRecord,
  type TypedValues,
} from '../forms/student-form';

export const withdrawSchema = z.object({
  date: calendarDate('Enter the date the student leaves.'),
  note: plainText(500),
});

export type WithdrawResult =
  | { status: 'invalid'; fieldErrors: Record<string, string>; values: TypedValues }
  | { status: 'failed'; message: string; values: TypedValues }
  | { status: 'saved'; id: string };

export async function withdrawStudent(
  input: FormData | Record<string, unknown>,
  ctx: {
    student: StudentRecord;
    save: (item: Record<string, unknown>) => Promise<{ id: string } | null>;
  },
): Promise<WithdrawResult> {
  const values = typedValues(input);
  const parsed = withdrawSchema.safeParse(values);
  if (!parsed.success)
    return { status: 'invalid', fieldErrors: fieldErrorsOf(parsed.error), values };
  if (ctx.student.status === 'withdrawn')
    return {
      status: 'invalid',
      fieldErrors: { _form: 'This student is withdrawn already.' },
      values,
    };
  const saved = await ctx.save({
    id: ctx.student.id,
    status: 'withdrawn',
    classroomIds: [],
    notes: appendStatus(ctx.student.notes, {
      date: parsed.data.date,
      status: 'withdrawn',
      note: parsed.data.note || 'Withdrawn',
    }),
  });
  if (!saved) return { status: 'failed', message: SAVE_FAILED, values };
  return { status: 'saved', id: saved.id };
}
