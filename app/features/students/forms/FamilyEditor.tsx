// The one family editor behind /dash/families/new and /dash/families/:id/edit: the family's own
// fields and its guardians. Guardian rows carry a stable key in their input names
// (`guardians.<key>.<field>`), so removing a row never renames the others and an error stays beside
// the input it is about.
import { Form, Link, useNavigation } from '@remix-run/react';
import { useId, useState } from 'react';
import type { Guardian } from '~/domain/records';
import { useSettings } from '~/settings/store';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { Field, valueOf } from './Field';
import type { FamilyFormResult, FamilyRecord } from './family-form';

export interface FamilyEditorProps {
  family: FamilyRecord | null;
  parentMembers: ReadonlyArray<{ id: string; label: string }>;
  result: FamilyFormResult | undefined;
  cancelHref: string;
}

interface Row {
  key: number;
  guardian: Guardian | null;
}

export function FamilyEditor({ family, parentMembers, result, cancelHref }: FamilyEditorProps) {
  const skin = useSettings((s) => s.skin);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const formId = useId();
  const typed = result && 'values' in result ? result.values : undefined;
  const errors = result?.status === 'invalid' ? result.fieldErrors : {};
  const [rows, setRows] = useState<Row[]>(() => {
    const initial = family?.guardians ?? [];
    return initial.length > 0
      ? initial.map((guardian, key) => ({ key, guardian }))
      : [{ key: 0, guardian: null }];
  });
  const primaryKey =
    typeof typed?.primaryGuardian === 'string'
      ? Number(typed.primaryGuardian)
      : (rows.find((r) => r.guardian?.isPrimary)?.key ?? rows[0]?.key);
  const submitLabel = family ? 'Save family' : 'Create family';

  return (
    <>
      {result?.status === 'failed' ? (
        <p role="alert" className={`mb-4 p-3 ${skin.error} ${skin.rounded}`}>
          {result.message}
        </p>
      ) : null}
      <Form
        id={formId}
        method="post"
        noValidate
        className={`grid max-w-3xl gap-6 p-6 ${skin.card} ${skin.rounded}`}
      >
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-lg font-semibold">Family</legend>
          <Field label="Family name" error={errors.familyName}>
            {(p) => (
              <input
                {...p}
                name="familyName"
                autoComplete="off"
                defaultValue={valueOf(typed, 'familyName', family?.familyName)}
              />
            )}
          </Field>
          <Field label="Address (optional)" error={errors.address}>
            {(p) => (
              <textarea
                {...p}
                name="address"
                rows={2}
                defaultValue={valueOf(typed, 'address', family?.address)}
              />
            )}
          </Field>
          <Field label="Notes (optional)" error={errors.notes}>
            {(p) => (
              <textarea
                {...p}
                name="notes"
                rows={2}
                defaultValue={valueOf(typed, 'notes', family?.notes)}
              />
            )}
          </Field>
        </fieldset>

        {rows.map((row, position) => {
          const field = (name: string) => `guardians.${row.key}.${name}`;
          const g = row.guardian;
          const number = position + 1;
          return (
            <fieldset
              key={row.key}
              className={`grid gap-4 p-4 sm:grid-cols-2 ${skin.card} ${skin.rounded}`}
            >
              <legend className="px-1 text-lg font-semibold">Guardian {number}</legend>
              <Field label={`Guardian ${number} name`} error={errors[field('name')]}>
                {(p) => (
                  <input
                    {...p}
                    name={field('name')}
                    autoComplete="off"
                    defaultValue={valueOf(typed, field('name'), g?.name)}
                  />
                )}
              </Field>
              <Field
                label={`Guardian ${number} relationship`}
                error={errors[field('relationship')]}
              >
                {(p) => (
                  <input
                    {...p}
                    name={field('relationship')}
                    autoComplete="off"
                    placeholder="Mother, Father, Grandparent…"
                    defaultValue={valueOf(typed, field('relationship'), g?.relationship)}
                  />
                )}
              </Field>
              <Field label={`Guardian ${number} e-mail`} error={errors[field('email')]}>
                {(p) => (
                  <input
                    {...p}
                    type="email"
                    name={field('email')}
                    autoComplete="off"
                    defaultValue={valueOf(typed, field('email'), g?.email)}
                  />
                )}
              </Field>
              <Field label={`Guardian ${number} phone`} error={errors[field('phone')]}>
                {(p) => (
                  <input
                    {...p}
                    type="tel"
                    name={field('phone')}
                    autoComplete="off"
                    defaultValue={valueOf(typed, field('phone'), g?.phone)}
                  />
                )}
              </Field>
              <Field
                label={`Guardian ${number} parent account`}
                error={errors[field('memberUUID')]}
                hint="Linking an account lets that parent see this family and its children."
              >
                {(p) => (
                  <select
                    {...p}
                    name={field('memberUUID')}
                    defaultValue={valueOf(typed, field('memberUUID'), g?.memberUUID)}
                  >
                    <option value="">Not linked</option>
                    {parentMembers.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <div className="flex flex-wrap items-center gap-4">
                <div className="flex min-h-11 items-center gap-2">
                  <input
                    id={`${formId}-primary-${row.key}`}
                    type="radio"
                    name="primaryGuardian"
                    value={String(row.key)}
                    defaultChecked={row.key === primaryKey}
                    className="size-5 accent-[var(--lc-primary)]"
                  />
                  <label htmlFor={`${formId}-primary-${row.key}`}>
                    Guardian {number} is the primary contact
                  </label>
                </div>
                <button
                  type="button"
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                  className={`${skin.buttonSecondary} ${skin.rounded}`}
                >
                  Remove guardian {number}
                </button>
              </div>
            </fieldset>
          );
        })}
        <div>
          <button
            type="button"
            onClick={() =>
              setRows((all) => [
                ...all,
                { key: Math.max(-1, ...all.map((r) => r.key)) + 1, guardian: null },
              ])
            }
            className={`${skin.buttonSecondary} ${skin.rounded}`}
          >
            Add guardian
          </button>
        </div>

        <div className="hidden gap-2 sm:flex">
          <button type="submit" disabled={busy} className={`${skin.button} ${skin.rounded}`}>
            {busy ? 'Saving…' : submitLabel}
          </button>
          <Link to={cancelHref} className={`${skin.buttonSecondary} ${skin.rounded}`}>
            Cancel
          </Link>
        </div>
      </Form>
      <div aria-hidden="true" className="h-20 sm:hidden" />
      <MobileActionBar label="Family form actions">
        <Link to={cancelHref} className={`${skin.buttonSecondary} ${skin.rounded}`}>
          Cancel
        </Link>
        <button
          type="submit"
          form={formId}
          disabled={busy}
          className={`${skin.button} ${skin.rounded}`}
        >
          {busy ? 'Saving…' : submitLabel}
        </button>
      </MobileActionBar>
    </>
  );
}
