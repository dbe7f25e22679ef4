// The event form's "Ask families for a reply" (issue 32): no reply, going or not going, or consent,
// and the day and time replies close, in the campus's time like the event's own start. For consent
// the organiser completes the sentence families will agree to and sees it as they will read it.
// The kind is state (it decides which fields show); an event that asks already keeps its kind,
// because families may have answered it.
import { useId, useState } from 'react';
import { consentWording, type ReplyKind } from '~/domain/replies';
import { FieldError, TextField, type FormState } from '~/ui/form/Field';
import { maxLengthOf } from '~/ui/form/fields';
import { typedValue } from '~/ui/form/parse-form';
import { eventFormSchema, REPLY_OPTIONS, type ReplyChoice } from './event-form';

/** What the preview names the child as; each family reads their own child's name. */
const CHILD_PLACEHOLDER = '[child’s name]';

function isChoice(value: string): value is ReplyChoice {
  return REPLY_OPTIONS.some((o) => o.value === value);
}

export function ReplyRequestFields({
  form,
  fixedKind,
}: {
  form: FormState;
  /** The kind the event asks already: the other choices are shown but cannot be chosen. */
  fixedKind?: ReplyKind | null;
}) {
  const id = useId();
  const typed = typedValue(form.values, 'replyKind');
  const [kind, setKind] = useState<ReplyChoice>(isChoice(typed) ? typed : 'none');
  const [consentTo, setConsentTo] = useState(typedValue(form.values, 'consentTo'));
  const errors = form.fieldErrors ?? {};
  const kindError = errors.replyKind;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const preview = consentTo.trim()
    ? consentWording(CHILD_PLACEHOLDER, consentTo)
    : `I give consent for ${CHILD_PLACEHOLDER} to …`;

  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold">Ask families for a reply</legend>
      <fieldset
        className="grid gap-1 sm:col-span-2"
        aria-describedby={[hintId, kindError ? errorId : null].filter(Boolean).join(' ')}
        aria-invalid={kindError ? true : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Reply</legend>
        <p id={hintId} className="text-sm text-muted">
          {fixedKind
            ? 'Families may have answered already, so the kind of reply stays.'
            : 'Each child the event is for needs one answer, from any of their guardians.'}
        </p>
        <div className="flex flex-wrap gap-x-6">
          {REPLY_OPTIONS.map((option) => (
            <label
              key={option.value}
              className={`flex min-h-11 items-center gap-2 ${
                fixedKind && fixedKind !== option.value ? 'text-muted' : ''
              }`}
            >
              <input
                type="radio"
                name="replyKind"
                value={option.value}
                checked={kind === option.value}
                disabled={Boolean(fixedKind) && fixedKind !== option.value}
                onChange={() => setKind(option.value)}
                className="size-5 accent-[var(--lc-primary)]"
              />
              {option.label}
            </label>
          ))}
        </div>
        <FieldError id={errorId} message={kindError} />
      </fieldset>
      {/* Hidden rather than removed, so what was typed survives a change of mind. */}
      <div className="sm:col-span-2" hidden={kind !== 'consent'}>
        <TextField
          name="consentTo"
          label={`I give consent for ${CHILD_PLACEHOLDER} to …`}
          hint={
            <>
              Families read: <q className="font-medium">{preview}</q>
            </>
          }
          form={form}
          maxLength={maxLengthOf(eventFormSchema, 'consentTo')}
          autoComplete="off"
          onChange={(event) => setConsentTo(event.currentTarget.value)}
        />
      </div>
      <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2" hidden={kind === 'none'}>
        <TextField
          name="replyByDate"
          label="Replies close on"
          type="date"
          form={form}
          hint="Families can change their answer until then."
        />
        <TextField
          name="replyByTime"
          label="Replies close at"
          type="time"
          form={form}
          hint="In the campus’s time, like the event."
        />
      </div>
    </fieldset>
  );
}
