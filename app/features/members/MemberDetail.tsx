// The member page's body: the account (status and roles) and the form that links the account to
// the records it stands for (a parent's family, a student's record, a facilitator's profile). The
// links decide what the person can see; only admins may change them, everyone else sees them
// read-only.
import { Form, Link, useNavigation } from '@remix-run/react';
import { useId } from 'react';
import type { Member } from '~/domain/records';
import { HistorySection } from '~/features/audit';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { Card } from '~/ui/Card';
import { FormError, SelectField, type FormState } from '~/ui/form/Field';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { MemberStatus, RoleList } from './components';
import { READ_ONLY_EXPLANATION } from './member-rules';
import type { LinkOption } from './member-route';
import type { MemberActionData } from './writes';

/** The choices of a link select; a link to a record this device has not cached stays choosable. */
function withCurrent(options: readonly LinkOption[], current: string | undefined): LinkOption[] {
  if (!current || options.some((o) => o.value === current)) return [...options];
  return [{ value: current, label: current }, ...options];
}

export interface MemberDetailProps {
  member: Member & { id: string };
  families: readonly LinkOption[];
  students: readonly LinkOption[];
  facilitators: readonly LinkOption[];
  result: MemberActionData | undefined;
  manages: boolean;
}

export function MemberDetail({
  member,
  families,
  students,
  facilitators,
  result,
  manages,
}: MemberDetailProps) {
  const skin = useSettings((s) => s.skin);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const formId = useId();
  const form: FormState | undefined =
    result?.ok === false ? { fieldErrors: result.fieldErrors, values: result.values } : undefined;
  // A refusal without field errors (not allowed, the store failed) is said above the form.
  const notice = result && !result.fieldErrors ? result.message : undefined;

  return (
    <>
      <div className="grid max-w-3xl gap-6">
        <Card title="Account">
          <dl className="grid gap-2 sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium">Status</dt>
            <dd>
              <MemberStatus status={member.status} />
            </dd>
            <dt className="font-medium">Roles</dt>
            <dd className="grid justify-items-start gap-2">
              <RoleList roles={member.roles} />
              <Link to={`/dash/roles?q=${encodeURIComponent(member.email)}`} className={skin.link}>
                Change roles
              </Link>
            </dd>
          </dl>
        </Card>
        <Card title="Linked records">
          <p className="text-muted">
            A parent is linked to their family, a student to their own record, a facilitator to
            their profile. The links decide what they can see.
          </p>
          {manages ? null : (
            <p className={`mt-3 p-3 ${skin.info} ${skin.rounded}`}>{READ_ONLY_EXPLANATION}</p>
          )}
          {notice ? (
            <p
              role={result?.ok ? 'status' : 'alert'}
              className={`mt-3 p-3 ${result?.ok ? skin.success : skin.error} ${skin.rounded}`}
            >
              {notice}
            </p>
          ) : null}
          <Form id={formId} method="post" noValidate className="mt-4 grid gap-4">
            <FormError form={form} />
            <SelectField
              name="familyId"
              label="Family"
              form={form}
              placeholder="Not linked"
              options={withCurrent(families, member.familyId)}
              defaultValue={member.familyId ?? ''}
              disabled={!manages}
            />
            <SelectField
              name="studentId"
              label="Student record"
              form={form}
              placeholder="Not linked"
              options={withCurrent(students, member.studentId)}
              defaultValue={member.studentId ?? ''}
              disabled={!manages}
            />
            <SelectField
              name="facilitatorId"
              label="Facilitator profile"
              form={form}
              placeholder="Not linked"
              options={withCurrent(facilitators, member.facilitatorId)}
              defaultValue={member.facilitatorId ?? ''}
              disabled={!manages}
            />
            {manages ? (
              // On phones the submit button sits in the mobile action bar instead.
              <div className="hidden sm:block">
                <Button type="submit" busy={busy} busyLabel="Saving…">
                  Save links
                </Button>
              </div>
            ) : null}
          </Form>
        </Card>
        <HistorySection collection="Members" docId={member.id} />
      </div>
      {manages ? (
        <>
          <div className="h-20 sm:hidden" aria-hidden="true" />
          <MobileActionBar label="Member actions">
            <Button type="submit" form={formId} busy={busy} busyLabel="Saving…">
              Save links
            </Button>
          </MobileActionBar>
        </>
      ) : null}
    </>
  );
}
