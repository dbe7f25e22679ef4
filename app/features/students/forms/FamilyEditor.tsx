// The one family editor behind /dash/families/new and /dash/families/:id/edit: the family's own
// fields and its guardians. Guardian inputs are named by the row's position
// (`guardians.<position>.<field>`), the same numbering as their labels ("Guardian 2 e-mail") and as
// the action's error paths, so an error shows beside the input it is about. Each row keeps a
// stable React key, so its inputs (uncontrolled) keep what was typed when another row is removed;
// that is also why guardian inputs take their default from the row, not from the typed values by
// name, and why the errors of a submit stop showing once a row was removed (they name positions).
import { useActionData, useLoaderData } from '@remix-run/react';
import { useId, useState } from 'react';
import { useLiveRecord } from '~/data/live';
import type { Family, Guardian } from '~/domain/records';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { isEditConflict, openedForm, pickEditable } from '~/ui/form/edit-conflicts';
import { EditConflicts, OpenedField } from '~/ui/form/EditConflicts';
import { EditorForm } from '~/ui/form/EditorForm';
import { SelectField, TextAreaField, TextField, type FormState } from '~/ui/form/Field';
import { PageHeading } from '~/ui/PageHeading';
import {
  FAMILY_FIELD_LABELS,
  FAMILY_FORM_FIELDS,
  type FamilyEditResult,
  type FamilyRecord,
} from './family-form';
import type { familyEditorAction, familyEditorLoader } from './family-editor-route';

export interface FamilyEditorProps {
  family: FamilyRecord | null;
  parentMembers: ReadonlyArray<{ id: string; label: string }>;
  result: FamilyEditResult | undefined;
  cancelHref: string;
}

interface Row {
  key: number;
  guardian: Guardian | null;
}

export function FamilyEditor({ family, parentMembers, result, cancelHref }: FamilyEditorProps) {
  const form: FormState | undefined =
    result && !result.ok
      ? {
          fieldErrors: isEditConflict(result) ? undefined : result.fieldErrors,
          values: result.values,
        }
      : undefined;
  const submitLabel = family ? 'Save family' : 'Create family';
  // Someone else's change while the form is open is said, never typed over (issue 29).
  const latest = useLiveRecord('families', family?.id);

  return (
    <EditorForm
      frame="sheet"
      noValidate
      className="max-w-3xl"
      form={form}
      submitLabel={submitLabel}
      cancelTo={cancelHref}
      actionsLabel="Family form actions"
    >
      {/* Decision 052: what the form opened with, and the fields someone else changed since. */}
      {family ? (
        <OpenedField
          opened={openedForm(family, pickEditable(family, FAMILY_FORM_FIELDS))}
          current={latest ? openedForm(latest, pickEditable(latest, FAMILY_FORM_FIELDS)) : null}
          labels={FAMILY_FIELD_LABELS}
        />
      ) : null}
      {isEditConflict(result) ? <EditConflicts conflicts={result.conflicts} /> : null}
      <FamilyFields family={family} parentMembers={parentMembers} form={form} />
    </EditorForm>
  );
}

/** The page of /dash/families/new and /dash/families/:familyId/edit (decision 058). */
export function FamilyEditorPage() {
  const { family, parentMembers } = useLoaderData<typeof familyEditorLoader>();
  const result = useActionData<typeof familyEditorAction>();
  return (
    <>
      {family ? (
        <PageHeading
          title={`Edit the ${family.familyName} family`}
          lead="Change the details, add guardians or link them to parent accounts."
        />
      ) : (
        <PageHeading title="New family" lead="Add the family and its guardians." />
      )}
      <FamilyEditor
        key={family?.id ?? 'new'}
        family={family}
        parentMembers={parentMembers}
        result={result}
        cancelHref={family ? `/dash/families/${family.id}` : '/dash/families'}
      />
    </>
  );
}

export interface FamilyFieldsProps {
  /** The values the fields start with: the record being edited, or a draft (a conversion's). */
  family: Pick<Family, 'familyName' | 'address' | 'notes' | 'guardians'> | null;
  parentMembers: ReadonlyArray<{ id: string; label: string }>;
  /** What a refused submit sent back; a new object for each submit. */
  form: FormState | undefined;
  /**
   * Put before every input's name (`family.`), so the fields can share one form with another
   * editor's (the inquiry conversion) without two inputs of the same name.
   */
  namePrefix?: string;
}

/** The family's fields and its guardian rows, without the form around them. */
export function FamilyFields({ family, parentMembers, form, namePrefix = '' }: FamilyFieldsProps) {
  const skin = useSettings((s) => s.skin);
  const fieldsId = useId();
  const [rows, setRows] = useState<Row[]>(() => {
    const initial = family?.guardians ?? [];
    return initial.length > 0
      ? initial.map((guardian, key) => ({ key, guardian }))
      : [{ key: 0, guardian: null }];
  });
  const [primaryKey, setPrimaryKey] = useState(
    () => rows.find((r) => r.guardian?.isPrimary)?.key ?? rows[0]?.key,
  );
  // The submit whose guardian errors no longer fit the rows (one was removed since).
  const [outdated, setOutdated] = useState<FormState | undefined>(undefined);
  const guardianForm: FormState = {
    fieldErrors: outdated === form ? undefined : form?.fieldErrors,
  };
  const removeRow = (key: number) => {
    setRows((all) => all.filter((r) => r.key !== key));
    setOutdated(form);
    if (key === primaryKey) setPrimaryKey(rows.find((r) => r.key !== key)?.key);
  };
  const named = (name: string) => `${namePrefix}${name}`;

  return (
    <>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">Family</legend>
        <TextField
          name={named('familyName')}
          label="Family name"
          form={form}
          autoComplete="off"
          defaultValue={family?.familyName}
        />
        <TextAreaField
          name={named('address')}
          label="Address (optional)"
          form={form}
          rows={2}
          defaultValue={family?.address}
        />
        <TextAreaField
          name={named('notes')}
          label="Notes (optional)"
          form={form}
          rows={2}
          defaultValue={family?.notes}
        />
      </fieldset>

      {rows.map((row, position) => {
        const field = (name: string) => named(`guardians.${position}.${name}`);
        const g = row.guardian;
        const number = position + 1;
        return (
          <fieldset
            key={row.key}
            className={`grid gap-4 p-4 sm:grid-cols-2 ${skin.card} ${skin.rounded}`}
          >
            <legend className="px-1 text-lg font-semibold">Guardian {number}</legend>
            <TextField
              name={field('name')}
              label={`Guardian ${number} name`}
              form={guardianForm}
              autoComplete="off"
              defaultValue={g?.name}
            />
            <TextField
              name={field('relationship')}
              label={`Guardian ${number} relationship`}
              form={guardianForm}
              autoComplete="off"
              placeholder="Mother, Father, Grandparent…"
              defaultValue={g?.relationship}
            />
            <TextField
              name={field('email')}
              label={`Guardian ${number} e-mail`}
              form={guardianForm}
              type="email"
              autoComplete="off"
              defaultValue={g?.email}
            />
            <TextField
              name={field('phone')}
              label={`Guardian ${number} phone`}
              form={guardianForm}
              type="tel"
              autoComplete="off"
              defaultValue={g?.phone}
            />
            <SelectField
              name={field('memberUUID')}
              label={`Guardian ${number} parent account`}
              form={guardianForm}
              hint="Linking an account lets that parent see this family and its children."
              placeholder="Not linked"
              options={parentMembers.map((m) => ({ value: m.id, label: m.label }))}
              defaultValue={g?.memberUUID}
            />
            <div className="flex flex-wrap items-center gap-4">
              <div className="flex min-h-11 items-center gap-2">
                <input
                  id={`${fieldsId}-primary-${row.key}`}
                  type="radio"
                  name={named('primaryGuardian')}
                  value={String(position)}
                  checked={row.key === primaryKey}
                  onChange={() => setPrimaryKey(row.key)}
                  className="size-5 accent-[var(--lc-primary)]"
                />
                <label htmlFor={`${fieldsId}-primary-${row.key}`}>
                  Guardian {number} is the primary contact
                </label>
              </div>
              <Button variant="secondary" onClick={() => removeRow(row.key)}>
                Remove guardian {number}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <div>
        <Button
          variant="secondary"
          onClick={() =>
            setRows((all) => [
              ...all,
              { key: Math.max(-1, ...all.map((r) => r.key)) + 1, guardian: null },
            ])
          }
        >
          Add guardian
        </Button>
      </div>
    </>
  );
}
