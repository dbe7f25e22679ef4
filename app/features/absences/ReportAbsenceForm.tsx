// "Report an absence" (issue 32): which child (or several), which days, the whole day or a part of
// it (with the time), why, and a note. Posts to /dash/absences/new; the action checks it again
// (report-form.ts) and queues one report per child, offline too.
import { Form, useNavigation } from '@remix-run/react';
import { useId, useState } from 'react';
import {
  ABSENCE_NOTE_MAX,
  ABSENCE_PART_LABELS,
  ABSENCE_PARTS,
  ABSENCE_REASON_LABELS,
  ABSENCE_REASONS,
  type AbsencePart,
} from '~/domain/absences';
import { useSettings } from '~/settings/store';
import { Button, ButtonLink } from '~/ui/Button';
import {
  CheckboxGroupField,
  FieldError,
  FormError,
  TextAreaField,
  TextField,
  type FormState,
} from '~/ui/form/Field';
import { typedValue } from '~/ui/form/parse-form';

/** The reasons as a parent reads them: "Ill", "Religious observance". */
const reasonLabel = (reason: (typeof ABSENCE_REASONS)[number]) => {
  const label = ABSENCE_REASON_LABELS[reason];
  return label.charAt(0).toUpperCase() + label.slice(1);
};

export interface ReportAbsenceFormProps {
  pupils: ReadonlyArray<{ id: string; name: string }>;
  preset: { studentIds: string[]; from: string; fromAlert: boolean };
  result: FormState | undefined;
}

export function ReportAbsenceForm({ pupils, preset, result }: ReportAbsenceFormProps) {
  const skin = useSettings((s) => s.skin);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [part, setPart] = useState<AbsencePart>(
    (typedValue(result?.values, 'part', 'day') as AbsencePart) || 'day',
  );
  const ids = { part: useId(), partError: useId(), reason: useId(), reasonError: useId() };
  const partError = result?.fieldErrors?.part;
  const reasonError = result?.fieldErrors?.reason;
  const reason = typedValue(result?.values, 'reason', '');

  if (pupils.length === 0) {
    return (
      <p className={`p-6 ${skin.card} ${skin.rounded}`}>
        No enrolled child is linked to your account. If that is wrong, write to the office from
        Messages.
      </p>
    );
  }

  return (
    <Form method="post" noValidate className={`grid gap-6 p-6 ${skin.card} ${skin.rounded}`}>
      <FormError form={result} summarize />
      <CheckboxGroupField
        name="studentIds"
        legend="Which child?"
        hint={pupils.length > 1 ? 'Tick each child who will be away.' : undefined}
        form={result}
        options={pupils.map((c) => ({ value: c.id, label: c.name }))}
        defaultValue={preset.studentIds}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="from"
          label="First day"
          type="date"
          form={result}
          defaultValue={preset.from}
          hint={preset.fromAlert ? 'The day of the absence alert.' : undefined}
        />
        <TextField
          name="to"
          label={part === 'day' ? 'Last day (optional)' : 'Last day'}
          type="date"
          form={result}
          defaultValue=""
          disabled={part !== 'day'}
          hint={
            part === 'day'
              ? 'Leave empty for one day. A report covers up to 31 days.'
              : 'Arriving late and leaving early are for one day.'
          }
        />
      </div>
      <fieldset className="grid gap-2" aria-describedby={partError ? ids.partError : undefined}>
        <legend className="text-sm font-medium">How long?</legend>
        {ABSENCE_PARTS.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="part"
              value={value}
              checked={part === value}
              onChange={() => setPart(value)}
              className="size-5"
            />
            {ABSENCE_PART_LABELS[value]}
          </label>
        ))}
        <FieldError id={ids.partError} message={partError} />
      </fieldset>
      {part !== 'day' ? (
        <TextField
          name="time"
          label={part === 'late' ? 'Arriving at' : 'Leaving at'}
          type="time"
          form={result}
          className="max-w-48"
        />
      ) : null}
      <fieldset
        className="grid gap-2"
        aria-describedby={reasonError ? ids.reasonError : undefined}
        aria-invalid={reasonError ? true : undefined}
      >
        <legend className="text-sm font-medium">Reason</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          {ABSENCE_REASONS.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="reason"
                value={value}
                defaultChecked={reason === value}
                className="size-5"
              />
              {reasonLabel(value)}
            </label>
          ))}
        </div>
        <FieldError id={ids.reasonError} message={reasonError} />
      </fieldset>
      <TextAreaField
        name="note"
        label="Note for the school (optional)"
        hint="For example: a doctor's appointment at 9:00, back after lunch."
        form={result}
        rows={3}
        maxLength={ABSENCE_NOTE_MAX}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Report the absence'}
        </Button>
        <ButtonLink to="/dash/absences" variant="secondary">
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}
