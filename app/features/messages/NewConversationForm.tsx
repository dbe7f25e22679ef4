// The new-conversation form: who to write to (a checkbox list, filtered by typing when it is long),
// the child it is about (optional; the people related to that child move to the top), the subject
// and the first message. The ticked recipients and the chosen child are state, because the list
// reorders and filters around them; the text inputs are uncontrolled, so a refused submit keeps
// what was typed. A parent or a student may choose only a few people (recipientLimit): the list
// says so, and the action refuses more with an error beside it.
import { useId, useMemo, useState } from 'react';
import { useSession } from '~/auth/session';
import { MESSAGE_MAX_LENGTH, SUBJECT_MAX_LENGTH } from '~/domain/messages';
import { useSettings } from '~/settings/store';
import { Combobox, matchesQuery, type ComboboxOption } from '~/ui/Combobox';
import { EditorForm } from '~/ui/form/EditorForm';
import { FieldError, TextAreaField, TextField, type FormState } from '~/ui/form/Field';
import { typedList, typedValue, type FormFailure } from '~/ui/form/parse-form';
import { recipientLimit } from './new-conversation';
import { suggestedFor, type RecipientOption } from './recipients';

/** Above this many people the list gets a filter box, and shows at most LIST_LIMIT until one types. */
const FILTER_FROM = 8;
/** How many unticked people the list shows at once; typing narrows it down. */
const LIST_LIMIT = 40;

export interface NewConversationFormProps {
  recipients: readonly RecipientOption[];
  children: readonly ComboboxOption[];
  defaultTo: readonly string[];
  defaultChild: string | null;
  result: FormFailure | undefined;
}

export function NewConversationForm({
  recipients,
  children,
  defaultTo,
  defaultChild,
  result,
}: NewConversationFormProps) {
  const skin = useSettings((s) => s.skin);
  const listId = useId();
  const form: FormState | undefined = result
    ? { fieldErrors: result.fieldErrors, values: result.values }
    : undefined;
  const [chosen, setChosen] = useState<string[]>(() =>
    typedList(result?.values, 'recipients', defaultTo),
  );
  const [childId, setChildId] = useState<string | null>(
    () => typedValue(result?.values, 'studentId', defaultChild ?? '') || null,
  );
  const [query, setQuery] = useState('');
  const limit = recipientLimit(useSession().user?.roles ?? []);

  const suggested = useMemo(
    () => new Set(suggestedFor(recipients, childId).map((r) => r.id)),
    [recipients, childId],
  );
  const childName = children.find((c) => c.id === childId)?.label.split(' ')[0];
  const ordered = useMemo(
    () => [...recipients].sort((a, b) => Number(suggested.has(b.id)) - Number(suggested.has(a.id))),
    [recipients, suggested],
  );
  const filtering = recipients.length > FILTER_FROM;
  const matching = ordered.filter(
    (r) => chosen.includes(r.id) || matchesQuery(`${r.name} ${r.role} ${r.detail}`, query),
  );
  const shown = filtering
    ? [
        ...matching.filter((r) => chosen.includes(r.id)),
        ...matching.filter((r) => !chosen.includes(r.id)).slice(0, LIST_LIMIT),
      ]
    : ordered;
  const hiddenCount = matching.length - shown.length;
  const recipientsError = form?.fieldErrors?.recipients;
  // Only worth saying when the list offers more people than one may choose.
  const showLimit = limit !== null && recipients.length > limit;
  const describedBy =
    [showLimit ? `${listId}-limit` : null, recipientsError ? `${listId}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;

  const toggle = (id: string, on: boolean) =>
    setChosen((list) => (on ? [...list, id] : list.filter((x) => x !== id)));

  return (
    <EditorForm
      frame="sheet"
      noValidate
      className="max-w-3xl"
      form={form}
      submitLabel="Send"
      busyLabel="Sending…"
      cancelTo="/dash/messages"
      actionsLabel="New conversation actions"
    >
      <fieldset
        className="grid gap-2"
        aria-invalid={recipientsError ? true : undefined}
        aria-describedby={describedBy}
      >
        <legend className="mb-1 text-sm font-medium">To</legend>
        {showLimit ? (
          <p id={`${listId}-limit`} className="text-sm text-muted">
            Choose up to {limit} people.
          </p>
        ) : null}
        {recipients.length === 0 ? (
          <p className="text-sm text-muted">There is nobody you can start a conversation with.</p>
        ) : null}
        {filtering ? (
          <div className="grid gap-1">
            <label htmlFor={`${listId}-filter`} className="text-sm">
              Find a person
            </label>
            <input
              id={`${listId}-filter`}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              // Enter in the filter must not send the form.
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
              autoComplete="off"
              className={`${skin.input} ${skin.rounded}`}
              aria-describedby={`${listId}-count`}
            />
            <p id={`${listId}-count`} className="text-sm text-muted" aria-live="polite">
              {hiddenCount > 0
                ? `Showing ${shown.length} of ${matching.length}. Type a name to narrow the list.`
                : matching.length === 0
                  ? 'Nobody matches what you typed.'
                  : `${matching.length} ${matching.length === 1 ? 'person' : 'people'}`}
            </p>
          </div>
        ) : null}
        <ul
          className={`grid gap-x-4 sm:grid-cols-2 ${filtering ? 'max-h-80 overflow-y-auto' : ''}`}
        >
          {shown.map((r) => (
            <li key={r.id} className="flex min-h-11 items-start gap-2 py-1">
              <input
                id={`${listId}-${r.id}`}
                type="checkbox"
                name="recipients"
                value={r.id}
                checked={chosen.includes(r.id)}
                onChange={(event) => toggle(r.id, event.target.checked)}
                className="mt-0.5 size-5 shrink-0 accent-[var(--lc-primary)]"
              />
              <label htmlFor={`${listId}-${r.id}`} className="grid min-w-0">
                <span className="font-medium">{r.name}</span>
                <span className="text-sm text-muted">
                  {r.detail === r.role ? r.role : `${r.role} · ${r.detail}`}
                  {suggested.has(r.id) && childName ? ` · Related to ${childName}` : ''}
                </span>
              </label>
            </li>
          ))}
        </ul>
        <FieldError id={`${listId}-error`} message={recipientsError} />
      </fieldset>

      {children.length > 0 ? (
        <Combobox
          name="studentId"
          label="About a child (optional)"
          options={children}
          defaultValue={childId ?? undefined}
          error={form?.fieldErrors?.studentId}
          hint="The people related to the child move to the top of the list."
          placeholder="Type a name"
          onChange={setChildId}
        />
      ) : null}

      <TextField
        name="subject"
        label="Subject"
        form={form}
        maxLength={SUBJECT_MAX_LENGTH}
        autoComplete="off"
      />
      <TextAreaField
        name="body"
        label="Message"
        form={form}
        rows={6}
        maxLength={MESSAGE_MAX_LENGTH}
      />
    </EditorForm>
  );
}
