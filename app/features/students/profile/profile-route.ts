// The student profile's own actions (withdraw and delete), posted by the dialogs of the profile
// page. Both write through the store, so they are kept offline and synced later.
import { redirect } from '@remix-run/react';
import { store } from '~/data/store';
import { settingsStore } from '~/settings/store';
import { formFailure } from '~/ui/form/parse-form';
import { withdrawStudent } from './withdraw';
import type { StudentRecord } from '../forms/student-form';

export const DELETE_FAILED = 'Failed to delete item';

export async function studentProfileAction(request: Request, student: StudentRecord) {
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'delete') {
    if (!(await store.delete('students', student.id))) {
      settingsStore.setError(DELETE_FAILED);
      return { intent: 'delete', ...formFailure({}, { _form: DELETE_FAILED }) } as const;
    }
    settingsStore.notify('Student deleted', 'success');
    throw redirect('/dash/students');
  }
  if (intent === 'withdraw') {
    const result = await withdrawStudent(form, {
      student,
      save: (item) => store.save('students', item),
    });
    if (result.ok) settingsStore.notify('Student withdrawn', 'success');
    else if (result.fieldErrors._form) settingsStore.setError(result.fieldErrors._form);
    return { intent: 'withdraw', ...result } as const;
  }
  return { intent: 'unknown', ...formFailure({}, { _form: 'Unknown action' }) } as const;
}

export type StudentActionResult = Awaited<ReturnType<typeof studentProfileAction>>;
