// The family choice in the student form: a searchable combobox instead of a list of 186 look-alike
// names. Typing searches the family name and the guardians' names together ("grace", "okafor ada"),
// and every option shows its guardians under the family name, so two Okafor families can be told
// apart. It submits `familyId` exactly as the <select> it replaces did.
import { useMemo } from 'react';
import { Combobox, type ComboboxOption } from '~/ui/Combobox';

export interface FamilyChoice {
  id: string;
  familyName: string;
  /** The guardians' names, joined for display ("Ada Okafor, Ben Okafor"); may be empty. */
  guardianNames: string;
}

export function familyOptions(families: readonly FamilyChoice[]): ComboboxOption[] {
  return families.map((f) => ({
    id: f.id,
    label: f.familyName,
    description: f.guardianNames || 'No guardians recorded',
    // The input keeps the guardians too once chosen: the family name alone is often ambiguous.
    textValue: f.guardianNames ? `${f.familyName} (${f.guardianNames})` : f.familyName,
  }));
}

export function FamilyPicker({
  families,
  defaultValue,
  error,
  hint,
  name = 'familyId',
}: {
  families: readonly FamilyChoice[];
  /** The family chosen when the form appears: the typed value after a refused submit, else the record's. */
  defaultValue?: string;
  error?: string;
  hint?: string;
  name?: string;
}) {
  const options = useMemo(() => familyOptions(families), [families]);
  return (
    <Combobox
      name={name}
      label="Family"
      options={options}
      defaultValue={defaultValue}
      error={error}
      hint={hint}
      placeholder="Family or guardian name"
      emptyMessage="No family or guardian has that name."
    />
  );
}
