// A searchable choice among many options (react-aria-components' ComboBox, so the ARIA pattern,
// keyboard and screen-reader behaviour are theirs, not ours). It works inside a plain Remix <Form>:
// the chosen option's id is submitted in a hidden input under `name`, exactly like a <select>.
// The label, hint and error are tied to the input like the form kit's Field (app/ui/form/Field.tsx).
import {
  Button as AriaButton,
  ComboBox,
  FieldError,
  Group,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type Key,
} from 'react-aria-components';
import { useSettings } from '~/settings/store';
import { ACTION_ICONS, Icon } from './icons';
import type { ReactNode } from 'react';

export interface ComboboxOption {
  id: string;
  /** The option's first line. */
  label: string;
  /** A second, quieter line under the label (for example a family's guardians). */
  description?: string;
  /**
   * What the input shows once the option is chosen, and what typing searches. By default the label
   * and the description, so a search finds words of either line.
   */
  textValue?: string;
}

export interface ComboboxProps {
  /** The form field the chosen id is submitted under. */
  name: string;
  label: ReactNode;
  options: readonly ComboboxOption[];
  /** The id chosen when the form appears (the record's value, or what was sent before an error). */
  defaultValue?: string;
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
  /** Said in the list when nothing matches what was typed. */
  emptyMessage?: string;
  /** The id of a <form> elsewhere in the page that the hidden input belongs to. */
  form?: string;
  className?: string;
  onChange?: (id: string | null) => void;
}

/** Lower case without accents, so "jose" finds "José". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * Whether every word typed appears somewhere in the option's text, in any order: "ada oka" finds
 * "Okafor (Ada Okafor)". An empty query matches everything.
 */
export function matchesQuery(text: string, query: string): boolean {
  const haystack = fold(text);
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export function optionText(option: ComboboxOption): string {
  if (option.textValue !== undefined) return option.textValue;
  return option.description ? `${option.label} (${option.description})` : option.label;
}

export function Combobox({
  name,
  label,
  options,
  defaultValue,
  error,
  hint,
  placeholder,
  emptyMessage = 'Nothing matches what you typed.',
  form,
  className = '',
  onChange,
}: ComboboxProps) {
  const skin = useSettings((s) => s.skin);
  // An id that is not among the options (a deleted record) must not leave a dangling selection.
  const initial = defaultValue && options.some((o) => o.id === defaultValue) ? defaultValue : null;
  return (
    <ComboBox
      name={name}
      form={form}
      defaultItems={options}
      defaultValue={initial}
      defaultFilter={matchesQuery}
      // An empty list stays open to say that nothing matches, rather than vanishing.
      allowsEmptyCollection
      onChange={(key: Key | null) => onChange?.(key === null ? null : String(key))}
      isInvalid={error ? true : undefined}
      // The action decides what is valid; the combobox only shows its verdict.
      validationBehavior="aria"
      className={`grid content-start gap-1 ${className}`}
    >
      <Label className="text-sm font-medium">{label}</Label>
      <Group className={`relative flex items-center ${skin.rounded}`}>
        <Input placeholder={placeholder} className={`${skin.input} ${skin.rounded} pr-11`} />
        <AriaButton
          aria-label="Show all options"
          className={`absolute inset-y-0 right-0 flex w-11 items-center justify-center text-muted hover:text-fg ${skin.rounded}`}
        >
          <Icon icon={ACTION_ICONS.expand} className="size-5" />
        </AriaButton>
      </Group>
      {hint ? (
        <Text slot="description" className="text-sm text-muted">
          {hint}
        </Text>
      ) : null}
      <FieldError className="text-sm font-medium text-danger">{error}</FieldError>
      <Popover
        placement="bottom start"
        offset={4}
        className={`w-(--trigger-width) overflow-auto ${skin.popover} ${skin.rounded}`}
      >
        <ListBox<ComboboxOption>
          className="max-h-80 overflow-auto py-1 outline-none"
          renderEmptyState={() => <p className="px-3 py-2 text-muted">{emptyMessage}</p>}
        >
          {(option) => (
            <ListBoxItem
              id={option.id}
              textValue={optionText(option)}
              className={({ isFocused }) => (isFocused ? skin.optionFocused : skin.option)}
            >
              {({ isSelected, isFocused }) => (
                <>
                  <span className="mt-0.5 w-5 shrink-0">
                    {isSelected ? <Icon icon={ACTION_ICONS.chosen} className="size-5" /> : null}
                  </span>
                  <span className="grid min-w-0">
                    <Text slot="label" className="font-medium">
                      {option.label}
                    </Text>
                    {option.description ? (
                      <Text
                        slot="description"
                        className={`text-sm ${isFocused ? 'text-on-selected' : 'text-muted'}`}
                      >
                        {option.description}
                      </Text>
                    ) : null}
                  </span>
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
