// A select that narrows a list (the campus, status or kind of a list page, the dashboard type):
// its visible label above it (or beside it in a header bar), the skin's input look, an optional
// "All …" first option that means "no filter", and the options. Everything else a <select> takes
// (name, value or defaultValue, onChange, required, form …) is passed through, so a GET form's
// filters submit exactly as before. A select that is a field of an editor is not a filter: it is a
// SelectField (Field.tsx), with its error and hint.
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useSettings } from '~/settings/store';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterSelectProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'children' | 'className' | 'multiple'
> {
  label: ReactNode;
  options: readonly FilterOption[];
  /** The first option, meaning "no filter" ("All campuses", "Any status"); its value is `allValue`. */
  allLabel?: string;
  /** The value of the "all" option: '' (the parameter is left empty) unless the URL spells it. */
  allValue?: string;
  /** The label beside the select rather than above it, for a header bar. */
  inline?: boolean;
  /** Classes of the frame around the label and the select (its width, where it shows). */
  className?: string;
  /** Classes added to the select itself (its width or height). */
  selectClassName?: string;
}

export function FilterSelect({
  label,
  options,
  allLabel,
  allValue = '',
  inline = false,
  className = '',
  selectClassName = '',
  id,
  ...select
}: FilterSelectProps) {
  const skin = useSettings((s) => s.skin);
  const ownId = useId();
  const selectId = id ?? ownId;
  const frame = inline ? 'flex items-center gap-2' : 'grid content-start gap-1';
  return (
    <div className={`${frame} ${className}`}>
      <label htmlFor={selectId} className="text-sm font-medium">
        {label}
      </label>
      <select
        {...select}
        id={selectId}
        className={`${skin.input} ${skin.rounded} ${selectClassName}`}
      >
        {allLabel !== undefined ? <option value={allValue}>{allLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
