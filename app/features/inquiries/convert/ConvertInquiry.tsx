// The conversion page's body: the inquiry in short, then either the family and student editors
// pre-filled from it (the same field sets as /dash/families/new and /dash/students/new, in one
// form), or why there is nothing to convert. The family choice (a new family, or a possible
// duplicate instead) is the only state: it decides whether the family's fields are sent.
import { Link } from '@remix-run/react';
import { useMemo, useState } from 'react';
import type { InquiryStatus } from '~/domain/inquiries';
import { FamilyFields, DuplicateStudentsWarning, StudentFields } from '~/features/students';
import { useSettings } from '~/settings/store';
import { Card } from '~/ui/Card';
import { EditorForm, useSubmittingTo } from '~/ui/form/EditorForm';
import { CheckboxField, FieldError, type FormState } from '~/ui/form/Field';
import { statusLabel } from '../board/board';
import { INQUIRIES_PATH } from '../office';
import { FAMILY_PREFIX, NEW_FAMILY, STUDENT_PREFIX, type ConversionResult } from './convert-form';
import type { ConversionPageData } from './convert-route';

const MISSING_LABELS = {
  dateOfBirth: "the child's date of birth",
  campusId: 'the campus',
} as const;

export function ConvertInquiry({
  data,
  result,
}: {
  data: ConversionPageData;
  result: ConversionResult | undefined;
}) {
  return (
    <div className="grid gap-6">
      <InquirySummary inquiry={data.inquiry} />
      {data.state === 'converted' ? (
        <AlreadyConverted links={data.links} />
      ) : data.state === 'not-enrolled' ? (
        <NotEnrolled status={data.inquiry.status} />
      ) : (
        <ConversionForm data={data} result={result} />
      )}
    </div>
  );
}

function InquirySummary({ inquiry }: { inquiry: ConversionPageData['inquiry'] }) {
  const rows: Array<[string, string]> = [
    ['Parent', inquiry.parentName],
    ['E-mail', inquiry.email || 'Not given'],
    ['Phone', inquiry.phone || 'Not given'],
    ['Child', inquiry.childName],
    ['Campus', inquiry.campusName ?? 'Not given'],
    ['Status', statusLabel(inquiry.status)],
  ];
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">The inquiry</h2>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className="wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function AlreadyConverted({ links }: { links: ConversionPageData['links'] }) {
  const skin = useSettings((s) => s.skin);
  return (
    <section aria-labelledby="converted-heading" className={`p-4 ${skin.success} ${skin.rounded}`}>
      <h2 id="converted-heading" className="text-lg font-semibold">
        This inquiry was already converted
      </h2>
      <p className="mt-1">
        It became a family and a student{links.pending ? ' (waiting to sync)' : ''}; open them to
        make changes.
      </p>
      <ul className="mt-3 grid gap-2">
        <li>
          <Link to={`/dash/families/${encodeURIComponent(links.familyId)}`} className={skin.link}>
            Open the family{links.familyName ? `: ${links.familyName}` : ''}
          </Link>
        </li>
        <li>
          <Link to={`/dash/students/${encodeURIComponent(links.studentId)}`} className={skin.link}>
            Open the student{links.studentName ? `: ${links.studentName}` : ''}
          </Link>
        </li>
      </ul>
    </section>
  );
}

function NotEnrolled({ status }: { status: InquiryStatus }) {
  const skin = useSettings((s) => s.skin);
  return (
    <section
      aria-labelledby="not-enrolled-heading"
      className={`p-4 ${skin.warning} ${skin.rounded}`}
    >
      <h2 id="not-enrolled-heading" className="text-lg font-semibold">
        This inquiry is not enrolled yet
      </h2>
      <p className="mt-1">
        It is {status === 'closed' ? 'closed' : `at “${statusLabel(status)}”`}. Move it to Enrolled
        on the board first; then you can create the family and the student from it.
      </p>
      <p className="mt-3">
        <Link to={INQUIRIES_PATH} className={skin.link}>
          Back to parent inquiries
        </Link>
      </p>
    </section>
  );
}

function ConversionForm({
  data,
  result,
}: {
  data: ConversionPageData;
  result: ConversionResult | undefined;
}) {
  const skin = useSettings((s) => s.skin);
  // The duplicate warning's "Save anyway" is a second submit of the same form.
  const busy = useSubmittingTo(undefined);
  const choiceName = 'familyChoice';
  // One object per result: the family rows compare it to know whether its errors still fit them.
  const form: FormState | undefined = useMemo(
    () =>
      result && !result.ok
        ? {
            fieldErrors: result.status === 400 ? result.fieldErrors : undefined,
            values: result.values,
          }
        : undefined,
    [result],
  );
  const typedChoice = form?.values?.[choiceName];
  const [choice, setChoice] = useState(typeof typedChoice === 'string' ? typedChoice : NEW_FAMILY);
  const chosen = data.duplicates.find((f) => f.id === choice);
  const submitLabel = chosen
    ? `Add the student to the ${chosen.familyName} family`
    : 'Create family and student';
  const missing = data.missing.map((m) => MISSING_LABELS[m]);

  return (
    <EditorForm
      frame="stack"
      noValidate
      className="max-w-3xl"
      form={form}
      summarize
      submitLabel={submitLabel}
      cancelTo={INQUIRIES_PATH}
      actionsLabel="Conversion actions"
    >
      {missing.length > 0 ? (
        <p role="note" className={`p-3 ${skin.warning} ${skin.rounded}`}>
          The inquiry did not give {missing.join(' or ')}: enter{' '}
          {missing.length > 1 ? 'them' : 'it'} below before saving.
        </p>
      ) : null}

      {data.duplicates.length > 0 ? (
        <fieldset className={`grid gap-3 p-6 ${skin.card} ${skin.rounded}`}>
          <legend className="px-1 text-lg font-semibold">Possible duplicates</legend>
          <ul className="grid gap-1">
            {data.duplicates.map((f) => (
              <li key={f.id}>
                Possible duplicate: the {f.familyName} family
                {f.guardianNames ? ` (${f.guardianNames})` : ''} —{' '}
                <Link
                  to={`/dash/families/${encodeURIComponent(f.id)}`}
                  className={skin.link}
                  aria-label={`Open the ${f.familyName} family`}
                >
                  open
                </Link>
              </li>
            ))}
          </ul>
          <div role="radiogroup" aria-label="Which family" className="grid gap-1">
            {data.duplicates.map((f) => (
              <label key={f.id} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={choiceName}
                  value={f.id}
                  checked={choice === f.id}
                  onChange={() => setChoice(f.id)}
                  className="size-5 accent-[var(--lc-primary)]"
                />
                Add the student to the {f.familyName} family instead
              </label>
            ))}
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={choiceName}
                value={NEW_FAMILY}
                checked={choice === NEW_FAMILY}
                onChange={() => setChoice(NEW_FAMILY)}
                className="size-5 accent-[var(--lc-primary)]"
              />
              Create a new family
            </label>
            <FieldError message={form?.fieldErrors?.[choiceName]} />
          </div>
        </fieldset>
      ) : (
        <input type="hidden" name={choiceName} value={NEW_FAMILY} />
      )}

      {/* Hidden, not removed, while an existing family is chosen: what was typed stays. */}
      <div hidden={choice !== NEW_FAMILY} className={`grid gap-6 p-6 ${skin.card} ${skin.rounded}`}>
        <FamilyFields
          family={data.family}
          parentMembers={data.parentMembers}
          form={form}
          namePrefix={FAMILY_PREFIX}
        />
      </div>

      <div className={`grid gap-6 p-6 ${skin.card} ${skin.rounded}`}>
        {result?.ok === false && result.status === 409 ? (
          <DuplicateStudentsWarning
            duplicates={result.duplicates}
            busy={busy}
            confirmName={`${STUDENT_PREFIX}confirmDuplicate`}
          />
        ) : null}
        <StudentFields
          student={data.student}
          families={[]}
          campuses={data.campuses}
          classrooms={data.classrooms}
          form={form}
          familyField={false}
          namePrefix={STUDENT_PREFIX}
        />
      </div>

      <div className={`grid gap-2 p-6 ${skin.card} ${skin.rounded}`}>
        {data.invitation.offer ? (
          <CheckboxField
            name="invite"
            label="Invite the parent as a member"
            form={form}
            defaultChecked
            hint={`Creates a parent account for ${data.inquiry.email}, linked to the family, and e-mails them a link to set their password. This needs a connection; offline, send it later from Members.`}
          />
        ) : (
          <p className="text-muted">{data.invitation.note}</p>
        )}
      </div>
    </EditorForm>
  );
}
