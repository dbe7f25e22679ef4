// Withdrawing a student: the status becomes withdrawn, the classrooms are left, and the date and
// note go into the status history (kept in notes, see forms/status-history.ts).
import { z } from 'zod';
import { calendarDate, plainText } from '~/ui/form/fields';
import { formFailure, parseForm, type FormFailure, type FormValues } from '~/ui/form/parse-form';
import { appendStatus } from '../forms/status-history';
import { SAVE_FAILED, type StudentRecord } from '../forms/student-form';

export const withdrawSchema = z.object({
  date: calendarDate('Enter the date the student leaves.'),
  note: plainText(500),
});

export type WithdrawResult = FormFailure | { ok: true; id: string };

export async function withdrawStudent(
  input: FormData | FormValues,
  ctx: {
    student: StudentRecord;
    save: (item: Record<string, unknown>) => Promise<{ id: string } | null>;
  },
): Promise<WithdrawResult> {
  const parsed = parseForm(withdrawSchema, input);
  if (!parsed.ok) return parsed;
  const { data, values } = parsed;
  if (ctx.student.status === 'withdrawn')
    return formFailure(values, { _form: 'This student is withdrawn already.' });
  const saved = await ctx.save({
    id: ctx.student.id,
    status: 'withdrawn',
    classroomIds: [],
    notes: appendStatus(ctx.student.notes, {
      date: data.date,
      status: 'withdrawn',
      note: data.note || 'Withdrawn',
    }),
  });
  if (!saved) return formFailure(values, { _form: SAVE_FAILED });
  return { ok: true, id: saved.id };
}
