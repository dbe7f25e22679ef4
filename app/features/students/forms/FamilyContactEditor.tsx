// The contact-details form behind /dash/families/:id/contact: what a parent may change about their
// own family (the permission matrix's 'ownFamilyContact'): the address and each guardian's e-mail
// and phone. Names, relationships, notes, the linked accounts and the list itself are shown, not
// offered: who is a guardian belongs to the office, and a parent asks for a change on the family
// page (a guardian request). The backend refuses any other change from a parent too.
import { Link } from '@remix-run/react';
import { useSettings } from '~/settings/store';
import { EditorForm } from '~/ui/form/EditorForm';
import { TextAreaField, TextField, type FormState } from '~/ui/form/Field';
import type { FamilyFormResult, FamilyRecord } from './family-form';

export interface FamilyContactEditorProps {
  family: FamilyRecord;
  result: FamilyFormResult | undefined;
  cancelHref: string;
}

export function FamilyContactEditor({ family, result, cancelHref }: FamilyContactEditorProps) {
  const skin = useSettings((s) => s.skin);
  const form: FormState | undefined = result && !result.ok ? result : undefined;

  return (
    <EditorForm
      frame="sheet"
      noValidate
      className="max-w-3xl"
      form={form}
      submitLabel="Save contact details"
      cancelTo={cancelHref}
      actionsLabel="Contact form actions"
    >
      <TextAreaField
        name="address"
        label="Address"
        form={form}
        rows={2}
        autoComplete="street-address"
        defaultValue={family.address}
      />
      {family.guardians.map((g, position) => (
        <fieldset
          key={`${g.name}-${position}`}
          className={`grid gap-4 p-4 sm:grid-cols-2 ${skin.card} ${skin.rounded}`}
        >
          <legend className="px-1 text-lg font-semibold">
            {g.name}
            {g.relationship ? `, ${g.relationship}` : ''}
          </legend>
          {g.memberUUID ? (
            <p className="text-sm text-muted sm:col-span-2">Linked to a parent account</p>
          ) : null}
          <TextField
            name={`guardians.${position}.email`}
            label={`${g.name}: e-mail`}
            form={form}
            type="email"
            autoComplete="off"
            defaultValue={g.email}
          />
          <TextField
            name={`guardians.${position}.phone`}
            label={`${g.name}: phone`}
            form={form}
            type="tel"
            autoComplete="off"
            defaultValue={g.phone}
          />
        </fieldset>
      ))}
      <p className="text-sm text-muted">
        The office manages who is listed as a guardian and which parent accounts are linked to the
        family. To add or remove a guardian, or to correct a name, use{' '}
        <Link to={cancelHref} className={skin.link}>
          Ask the office to add or remove a guardian
        </Link>{' '}
        on the family page.
      </p>
    </EditorForm>
  );
}
