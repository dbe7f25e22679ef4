// Guardian requests on a family's page: a parent asks the office to add or remove a guardian and
// follows their requests' status; office staff see the requests and approve or refuse the pending
// ones, with an optional note. The forms post to the family page's action (guardian-requests-route.ts).
import { Form, useNavigation } from '@remix-run/react';
import { useId, useState } from 'react';
import { usePersonZone } from '~/auth/person-zone-context';
import { formatInstantDay } from '~/domain/format';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import {
  FieldError,
  FormError,
  SelectField,
  TextAreaField,
  TextField,
  type FormState,
} from '~/ui/form/Field';
import { typedValue } from '~/ui/form/parse-form';
import {
  GUARDIAN_DECISION_INTENT,
  GUARDIAN_REQUEST_INTENT,
  GUARDIAN_REQUEST_STATUS_LABELS,
  type GuardianRequestView,
} from './guardian-requests';
import type { FamilyRecord } from '../forms/family-form';

/** What the family page's action answered, when it answered for one of these forms. */
export type GuardianFormResult = (FormState & { intent?: string }) | undefined;

/** The day of an instant by the person's campus clock (usePersonZone): "Fri 27 Nov 2026". */
const day = (iso: string | undefined, timeZone: string) =>
  iso ? formatInstantDay(iso, timeZone) : '';

function describe(request: GuardianRequestView): string {
  const who = `${request.guardian.name}${request.guardian.relationship ? `, ${request.guardian.relationship}` : ''}`;
  return request.kind === 'add' ? `Add ${who}` : `Remove ${who}`;
}

function RequestSummary({ request }: { request: GuardianRequestView }) {
  const { guardian } = request;
  const timeZone = usePersonZone();
  return (
    <>
      <p className="font-medium">{describe(request)}</p>
      {request.kind === 'add' ? (
        <p className="text-sm">
          {[guardian.email, guardian.phone].filter(Boolean).join(' · ') || 'No contact details'}
        </p>
      ) : null}
      <p className="text-sm text-muted">
        Asked by {request.askedBy}
        {request.createdAt ? ` on ${day(request.createdAt, timeZone)}` : ''}
        {request.waitingToSend ? ' · saved on this device, not yet sent' : ''}
      </p>
      {request.note ? <p className="text-sm whitespace-pre-line">“{request.note}”</p> : null}
    </>
  );
}

/** The family's requests and their status (a parent's view; the office's decided ones). */
export function GuardianRequestList({
  requests,
  title,
}: {
  requests: readonly GuardianRequestView[];
  title: string;
}) {
  const skin = useSettings((s) => s.skin);
  const headingId = useId();
  const timeZone = usePersonZone();
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={`p-6 ${skin.card} ${skin.rounded}`}>
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      <ul className="mt-4 grid gap-4">
        {requests.map((r) => (
          <li key={r.id} className="grid gap-0.5">
            <RequestSummary request={r} />
            <p className="text-sm">
              <span className="font-medium">{GUARDIAN_REQUEST_STATUS_LABELS[r.status]}</span>
              {r.status !== 'pending' && r.decidedByName
                ? ` by ${r.decidedByName}${r.decidedAt ? ` on ${day(r.decidedAt, timeZone)}` : ''}`
                : ''}
              {r.decisionNote ? `: ${r.decisionNote}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The parent's form: ask the office to add a guardian or remove one of the family's. */
export function GuardianRequestForm({
  family,
  result,
}: {
  family: FamilyRecord;
  result: GuardianFormResult;
}) {
  const skin = useSettings((s) => s.skin);
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === GUARDIAN_REQUEST_INTENT;
  const form = result?.intent === GUARDIAN_REQUEST_INTENT ? result : undefined;
  const [kind, setKind] = useState(typedValue(form?.values, 'kind', 'add'));
  const ids = { heading: useId(), kind: useId(), kindError: useId() };
  const kindError = form?.fieldErrors?.kind;

  return (
    <section aria-labelledby={ids.heading} className={`p-6 ${skin.card} ${skin.rounded}`}>
      <h2 id={ids.heading} className="text-xl font-semibold">
        Ask the office to add or remove a guardian
      </h2>
      <p className="mt-2 text-sm text-muted">
        The office decides who is listed as a guardian and which accounts can see your children. It
        will answer your request here.
      </p>
      <Form method="post" noValidate className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value={GUARDIAN_REQUEST_INTENT} />
        <FormError form={form} />
        <fieldset className="grid gap-2" aria-describedby={kindError ? ids.kindError : undefined}>
          <legend className="text-sm font-medium">What should change?</legend>
          {(
            [
              ['add', 'Add a guardian'],
              ['remove', 'Remove a guardian'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                disabled={value === 'remove' && family.guardians.length === 0}
                className="size-5"
              />
              {label}
            </label>
          ))}
          <FieldError id={ids.kindError} message={kindError} />
        </fieldset>
        {kind === 'remove' ? (
          <SelectField
            name="remove"
            label="Guardian to remove"
            form={form}
            placeholder="Choose a guardian"
            options={family.guardians.map((g, position) => ({
              value: String(position),
              label: g.relationship ? `${g.name}, ${g.relationship}` : g.name,
            }))}
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="name" label="Name" form={form} autoComplete="off" maxLength={80} />
            <TextField
              name="relationship"
              label="Relationship to the children"
              hint="For example: Mother, Stepfather, Grandmother."
              form={form}
              autoComplete="off"
              maxLength={40}
            />
            <TextField name="email" label="E-mail" type="email" form={form} autoComplete="off" />
            <TextField name="phone" label="Phone" type="tel" form={form} autoComplete="off" />
          </div>
        )}
        <TextAreaField
          name="note"
          label="Note for the office (optional)"
          form={form}
          rows={3}
          maxLength={1000}
        />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending…' : 'Send request'}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** The office's view: the requests waiting for a decision, each with Approve and Refuse. */
export function GuardianRequestReview({
  requests,
  result,
}: {
  requests: readonly GuardianRequestView[];
  result: GuardianFormResult;
}) {
  const skin = useSettings((s) => s.skin);
  const navigation = useNavigation();
  const headingId = useId();
  const pending = requests.filter((r) => r.status === 'pending');
  if (pending.length === 0) return null;
  const submitting = navigation.state === 'submitting' ? navigation.formData : undefined;
  return (
    <section aria-labelledby={headingId} className={`mb-6 p-6 ${skin.card} ${skin.rounded}`}>
      <h2 id={headingId} className="text-xl font-semibold">
        {pending.length === 1
          ? '1 guardian request waits for a decision'
          : `${pending.length} guardian requests wait for a decision`}
      </h2>
      <ul className="mt-4 grid gap-6">
        {pending.map((r) => {
          const form =
            result?.intent === GUARDIAN_DECISION_INTENT && result.values?.requestId === r.id
              ? result
              : undefined;
          const busy = submitting?.get('requestId') === r.id;
          return (
            <li key={r.id} className="grid gap-2">
              <RequestSummary request={r} />
              {r.kind === 'add' ? (
                <p className="text-sm">
                  {r.linksTo
                    ? `Approving links this guardian to the parent account ${r.linksTo}: that account will see the family's children.`
                    : 'No parent account has this e-mail address: the guardian is added without an account.'}
                </p>
              ) : r.guardian.memberUUID ? (
                <p className="text-sm">
                  Approving removes this guardian&apos;s account link: they lose access to the
                  family&apos;s children at once.
                </p>
              ) : null}
              <Form method="post" noValidate className="grid gap-3">
                <input type="hidden" name="intent" value={GUARDIAN_DECISION_INTENT} />
                <input type="hidden" name="requestId" value={r.id} />
                <FormError form={form} />
                <TextAreaField
                  name="decisionNote"
                  label="Note to the family (optional)"
                  form={form}
                  rows={2}
                  maxLength={1000}
                />
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" name="decision" value="approve" disabled={busy}>
                    Approve
                  </Button>
                  <Button
                    type="submit"
                    variant="secondary"
                    name="decision"
                    value="refuse"
                    disabled={busy}
                  >
                    Refuse
                  </Button>
                </div>
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
