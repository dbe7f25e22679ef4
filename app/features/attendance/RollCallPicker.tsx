// Opens any roll call the person may take: a classroom and a date, sent as the page's URL
// (?classroom=…&date=…), so the choice is a link that can be bookmarked and reloaded offline.
import { Form } from '@remix-run/react';
import { useId } from 'react';
import { FIRST_ATTENDANCE_DATE } from '~/domain/permissions';
import { Button } from '~/ui/Button';
import { Combobox, type ComboboxOption } from '~/ui/Combobox';
import { TextField } from '~/ui/form/Field';

export function RollCallPicker({
  options,
  date,
  maxDate,
}: {
  options: readonly ComboboxOption[];
  date: string;
  /** The latest date anyone may mark: today, for staff too (the matrix's date rule). */
  maxDate: string;
}) {
  const formId = useId();
  return (
    <Form id={formId} method="get" className="grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
      <Combobox
        name="classroom"
        label="Classroom"
        options={options}
        placeholder="Type a classroom's name"
      />
      <TextField
        name="date"
        label="Date"
        type="date"
        defaultValue={date}
        min={FIRST_ATTENDANCE_DATE}
        max={maxDate}
        required
      />
      <Button type="submit" variant="secondary">
        Open roll call
      </Button>
    </Form>
  );
}
