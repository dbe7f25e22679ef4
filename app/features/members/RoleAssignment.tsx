// Role assignment on the roles page: one small form per member with a box per role, saved through
// a callable (network needed). Boxes the editor may not change are disabled and explained (only a
// superAdmin grants or removes admin and superAdmin); the backend refuses such a change anyway. A
// row's answer is shown in that row only. Read-only viewers see each member's roles as badges.
import { useFetcher } from '@remix-run/react';
import { useId } from 'react';
import { ROLES, type Role } from '~/domain/roles';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { RoleList } from './components';
import { mayChangeRole, mayManageMembers, ROLE_LABELS, type ListedMember } from './member-rules';
import type { MemberActionData } from './writes';

export function RoleAssignmentList({
  rows,
  editorRoles,
  explanationId,
}: {
  rows: readonly ListedMember[];
  editorRoles: readonly Role[];
  /** The paragraph that explains why some boxes are disabled. */
  explanationId: string;
}) {
  const skin = useSettings((s) => s.skin);
  const manages = mayManageMembers(editorRoles);
  return (
    <ul className={`${skin.card} ${skin.rounded}`} aria-label="Members and their roles">
      {rows.map((member) =>
        manages ? (
          <RoleEditor
            key={member.id}
            member={member}
            editorRoles={editorRoles}
            explanationId={explanationId}
          />
        ) : (
          <li key={member.id} className={`p-4 ${skin.listItem}`}>
            <p className="font-semibold">
              {member.displayName || member.email}{' '}
              <span className="font-normal text-muted">({member.email})</span>
            </p>
            <div className="mt-2">
              <RoleList roles={member.roles} />
            </div>
          </li>
        ),
      )}
    </ul>
  );
}

function RoleEditor({
  member,
  editorRoles,
  explanationId,
}: {
  member: ListedMember;
  editorRoles: readonly Role[];
  explanationId: string;
}) {
  const skin = useSettings((s) => s.skin);
  const fetcher = useFetcher<MemberActionData>();
  const baseId = useId();
  const manages = mayManageMembers(editorRoles);
  const busy = fetcher.state !== 'idle';
  const name = member.displayName || member.email;
  const result = fetcher.state === 'idle' && fetcher.data?.uid === member.id ? fetcher.data : null;

  return (
    <li className={`p-4 ${skin.listItem}`}>
      {/* Re-mount when the saved roles change, so the boxes show what the backend now holds. */}
      <fetcher.Form method="post" key={member.roles.join(',')} className="grid gap-2">
        <input type="hidden" name="intent" value="roles" />
        <input type="hidden" name="uid" value={member.id} />
        <fieldset>
          <legend className="font-semibold">
            Roles for {name}{' '}
            <span className="font-normal text-muted">
              ({member.email}
              {member.status === 'suspended' ? ', suspended' : ''})
            </span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {ROLES.map((role) => {
              const id = `${baseId}-${role}`;
              const allowed = mayChangeRole(editorRoles, role);
              const held = member.roles.includes(role);
              return (
                <div key={role} className="flex min-h-11 items-center gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    name="roles"
                    value={role}
                    defaultChecked={held}
                    disabled={!allowed}
                    aria-describedby={allowed ? undefined : explanationId}
                    className="size-5 shrink-0 accent-[var(--lc-primary)]"
                  />
                  {/* A disabled box is not submitted: keep a role the editor may not remove. */}
                  {!allowed && held ? <input type="hidden" name="roles" value={role} /> : null}
                  <label htmlFor={id} className={allowed ? '' : 'text-muted'}>
                    {ROLE_LABELS[role]}
                  </label>
                </div>
              );
            })}
          </div>
          {manages ? (
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <Button type="submit" variant="secondary" busy={busy} busyLabel="Saving…">
                Save roles<span className="sr-only"> for {name}</span>
              </Button>
              {result?.message ? (
                <p
                  role={result.ok ? 'status' : 'alert'}
                  className={`px-3 py-2 ${result.ok ? skin.success : skin.error} ${skin.rounded}`}
                >
                  {result.message}
                </p>
              ) : null}
            </div>
          ) : null}
        </fieldset>
      </fetcher.Form>
    </li>
  );
}
