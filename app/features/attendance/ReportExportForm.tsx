// The CSV export form of the reports page. The route's clientAction builds the file
// (reports.ts exportAttendance); this form shows the choices, the errors beside their fields, and
// what was exported. The download starts when a new result arrives, once per export.
import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '~/ui/Button';
import { Combobox } from '~/ui/Combobox';
import { downloadCsv } from '~/ui/csv';
import { FormError, SelectField, TextField } from '~/ui/form/Field';
import { typedValue, type FormFailure } from '~/ui/form/parse-form';
import { classroomLabel, studentName } from './alerts';
import { EXPORT_SCOPES, type ExportResult, type ExportScope, type ReportChoices } from './reports';

const numberFormat = new Intl.NumberFormat('en');

function isScope(value: string): value is ExportScope {
  return Object.hasOwn(EXPORT_SCOPES, value);
}

export function ReportExportForm({
  choices,
  range,
  result,
}: {
  choices: ReportChoices;
  range: { from: string; to: string };
  result: ExportResult | FormFailure | undefined;
}) {
  const failed = result && !result.ok ? result : null;
  const typedScope = typedValue(failed?.values, 'scope', 'classroom');
  const [scope, setScope] = useState<ExportScope>(isScope(typedScope) ? typedScope : 'classroom');
  const busy = useNavigation().state === 'submitting';
  const campusNames = new Map(choices.campuses.map((c) => [c.id, c.name]));

  const downloaded = useRef<string | null>(null);
  useEffect(() => {
    // One download per export: a re-render with the same answer must not download it again.
    if (!result?.ok || result.rows.length < 2 || downloaded.current === result.id) return;
    downloaded.current = result.id;
    downloadCsv(result.fileName, result.csv);
  }, [result]);

  const rowCount = result?.ok ? result.rows.length - 1 : 0;
  return (
    <Form method="post" className="grid gap-4" noValidate>
      <FormError form={failed} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="scope"
          label="Export"
          form={failed}
          defaultValue={scope}
          onChange={(event) => {
            if (isScope(event.target.value)) setScope(event.target.value);
          }}
          options={Object.entries(EXPORT_SCOPES).map(([value, label]) => ({ value, label }))}
        />
        {scope === 'classroom' ? (
          <SelectField
            name="classroomId"
            label="Classroom"
            form={failed}
            placeholder="Choose a classroom"
            options={choices.classrooms.map((c) => ({
              value: c.id,
              label: classroomLabel(c, campusNames.get(c.campusId) ?? ''),
            }))}
          />
        ) : scope === 'campus' ? (
          <SelectField
            name="campusId"
            label="Campus"
            form={failed}
            placeholder="Choose a campus"
            options={choices.campuses.map((c) => ({ value: c.id, label: c.name }))}
          />
        ) : (
          <Combobox
            name="studentId"
            label="Student"
            placeholder="Type a name"
            defaultValue={typedValue(failed?.values, 'studentId')}
            error={failed?.fieldErrors.studentId}
            options={choices.students.map((s) => ({ id: s.id, label: studentName(s) }))}
          />
        )}
        <TextField name="from" label="From" type="date" form={failed} defaultValue={range.from} />
        <TextField name="to" label="To" type="date" form={failed} defaultValue={range.to} />
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          Export CSV
        </Button>
      </div>
      <p role="status" className="min-h-6">
        {result?.ok
          ? rowCount > 0
            ? `Exported ${numberFormat.format(rowCount)} ${rowCount === 1 ? 'row' : 'rows'}: ${result.label}, ${result.from} to ${result.to} (${result.fileName}).`
            : `No roll calls were marked for ${result.label} from ${result.from} to ${result.to}, so no file was downloaded.`
          : null}
      </p>
    </Form>
  );
}
