// The invite page's body: who to invite and with which roles, on the form kit, and after a
// successful invitation where it went, with "Send again" (a new link, should the first expire or
// go astray). No password is ever shown: the invitee sets one from the e-mail's link (issue 31).
// The invitation itself is the route's clientAction.
import { Form } from '@remix-run/react';
import { isSuperAdmin, ROLES, type Role } from '~/domain/roles';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { EditorForm, useSubmittingTo } from '~/ui/form/EditorForm';
import { CheckboxGroupField, TextField, type FormState } from '~/ui/form/Field';
import {
  mayChangeRole,
  NEEDS_NETWORK,
  ONLY_SUPERADMIN_GRANTS_ADMIN,
  ROLE_LABELS,
} from './member-rules';
import type { MemberActionData } from './writes';

export interface InviteFormProps {
  result: MemberActionData | undefined;
  editorRoles: readonly Role[];
  isOnline: boolean;
}

export function InviteForm({ result, editorRoles, isOnline }: InviteFormProps) {
  const skin = useSettings((s) => s.skin);
  const invited = result?.intent === 'invite' || result?.intent === 'resend' ? result : undefined;
  const refusedInvite = invited?.intent === 'invite' && !invited.ok;
  const form: FormState | undefined = refusedInvite
    ? { fieldErrors: invited.fieldErrors, values: invited.values }
    : undefined;
  // A successful invite resets the form (new key), so the next invitation starts empty.
  const formKey = invited?.ok || invited?.intent === 'resend' ? invited.uid : 'form';
  const roleOptions = ROLES.map((role) => {
    const allowed = mayChangeRole(editorRoles, role);
    return {
      value: role,
      label: allowed ? ROLE_LABELS[role] : `${ROLE_LABELS[role]} (superAdmin only)`,
      disabled: !allowed,
    };
  });

  return (
    <div className="grid max-w-2xl gap-6">
      {!isOnline ? (
        <p role="status" className={`p-3 ${skin.warning} ${skin.rounded}`}>
          Inviting a member: {NEEDS_NETWORK}
        </p>
      ) : null}
      {invited?.invitedEmail && !refusedInvite ? (
        <InvitationSent result={invited} email={invited.invitedEmail} />
      ) : null}
      <EditorForm
        key={formKey}
        noValidate
        form={form}
        submitLabel="Send invitation"
        busyLabel="Inviting…"
        actionsLabel="Invitation actions"
      >
        <TextField
          name="email"
          label="E-mail address"
          form={form}
          type="email"
          autoComplete="off"
        />
        <TextField name="displayName" label="Display name" form={form} autoComplete="off" />
        <CheckboxGroupField
          name="roles"
          legend="Roles"
          form={form}
          hint={
            isSuperAdmin(editorRoles)
              ? 'Choose one or more.'
              : `Choose one or more. ${ONLY_SUPERADMIN_GRANTS_ADMIN}`
          }
          options={roleOptions}
        />
      </EditorForm>
    </div>
  );
}

/** Where the invitation went, and "Send again" (the outcome of a resend is said in its place). */
function InvitationSent({ result, email }: { result: MemberActionData; email: string }) {
  const skin = useSettings((s) => s.skin);
  const busy = useSubmittingTo(undefined);
  const failed = !result.ok;
  return (
    <section
      aria-labelledby="invited-heading"
      className={`grid gap-3 p-4 ${failed ? skin.warning : skin.success} ${skin.rounded}`}
    >
      <h2 id="invited-heading" className="text-lg font-semibold">
        {result.intent === 'invite' ? result.message : `Invitation sent to ${email}.`}
      </h2>
      <p>
        They receive an e-mail with a link to set their own password. The link works once, for one
        hour.
      </p>
      {result.intent === 'resend' ? <p role="status">{result.message}</p> : null}
      <Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        {result.uid ? <input type="hidden" name="uid" value={result.uid} /> : null}
        <Button type="submit" variant="secondary" busy={busy} busyLabel="Sending…">
          Send again
        </Button>
      </Form>
    </section>
  );
}
