// The invite page's body: who to invite and with which roles, on the form kit, and after a
// successful invitation the first password (demo mode), shown once (TemporaryPassword). The
// invitation itself is the route's clientAction.
import { isSuperAdmin, ROLES, type Role } from '~/domain/roles';
import { useSettings } from '~/settings/store';
import { EditorForm } from '~/ui/form/EditorForm';
import { CheckboxGroupField, TextField, type FormState } from '~/ui/form/Field';
import {
  mayChangeRole,
  NEEDS_NETWORK,
  ONLY_SUPERADMIN_GRANTS_ADMIN,
  ROLE_LABELS,
} from './member-rules';
import { TemporaryPassword } from './TemporaryPassword';
import type { MemberActionData } from './writes';

export interface InviteFormProps {
  result: MemberActionData | undefined;
  editorRoles: readonly Role[];
  isOnline: boolean;
}

export function InviteForm({ result, editorRoles, isOnline }: InviteFormProps) {
  const skin = useSettings((s) => s.skin);
  const form: FormState | undefined =
    result?.ok === false ? { fieldErrors: result.fieldErrors, values: result.values } : undefined;
  // A successful invite resets the form (new key), so the next invitation starts empty.
  const formKey = result?.ok ? result.uid : 'form';
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
      {result?.ok ? (
        <section
          aria-labelledby="invited-heading"
          className={`p-4 ${skin.success} ${skin.rounded}`}
        >
          <h2 id="invited-heading" className="text-lg font-semibold">
            {result.message}
          </h2>
          {result.temporaryPassword ? (
            <TemporaryPassword password={result.temporaryPassword} />
          ) : null}
        </section>
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
