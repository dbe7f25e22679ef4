// The members page's list: a table on wider screens and a list of cards on phones, each member with
// roles and status, and for admins a Suspend or Reactivate button. The member being changed is state
// here until the person confirms; the change itself is the route's clientAction (a callable, so it
// needs the network), submitted through a fetcher so the list stays.
import { Link, useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { Role } from '~/domain/roles';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { Card } from '~/ui/Card';
import { Modal } from '~/ui/Modal';
import { MemberStatus, RoleList } from './components';
import { maySetStatus, ONLY_SUPERADMIN_SUSPENDS_ADMIN, type ListedMember } from './member-rules';
import type { MemberActionData } from './writes';

interface PendingStatus {
  member: ListedMember;
  status: 'active' | 'suspended';
}

function nameOf(member: ListedMember): string {
  return member.displayName || member.email;
}

export interface MemberListProps {
  rows: readonly ListedMember[];
  page: number;
  /** The signed-in person: their roles decide the actions, and they cannot suspend themselves. */
  editor: { uid: string; roles: readonly Role[] };
  manages: boolean;
}

export function MemberList({ rows, page, editor, manages }: MemberListProps) {
  const skin = useSettings((s) => s.skin);
  const fetcher = useFetcher<MemberActionData>();
  const [pending, setPending] = useState<PendingStatus | null>(null);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;

  // Close the confirmation once the change went through; a refusal stays in the modal.
  useEffect(() => {
    if (fetcher.state === 'idle' && result?.intent === 'status' && result.ok) setPending(null);
  }, [fetcher.state, result]);

  const confirmStatus = () => {
    if (!pending) return;
    fetcher.submit(
      { intent: 'status', uid: pending.member.id, status: pending.status },
      { method: 'post' },
    );
  };
  const refusal =
    pending &&
    result &&
    !result.ok &&
    result.intent === 'status' &&
    result.uid === pending.member.id
      ? result.message
      : null;

  const statusAction = (member: ListedMember) => {
    if (member.id === editor.uid) return <span className="text-muted">You</span>;
    if (!maySetStatus(editor.roles, member.roles)) {
      return <span className="text-sm text-muted">{ONLY_SUPERADMIN_SUSPENDS_ADMIN}</span>;
    }
    const active = member.status === 'active';
    return (
      <Button
        // Calm in the list; the confirmation's Suspend button is the red one.
        variant="secondary"
        size="sm"
        onClick={() => setPending({ member, status: active ? 'suspended' : 'active' })}
      >
        {active ? 'Suspend' : 'Reactivate'}
        <span className="sr-only"> {nameOf(member)}</span>
      </Button>
    );
  };

  return (
    <>
      {/* Phones get a list of cards; a five-column table does not fit. */}
      <ul aria-label="Members" className={`sm:hidden ${skin.card} ${skin.rounded}`}>
        {rows.map((member) => (
          <li key={member.id} className={`grid gap-2 p-4 ${skin.listItem}`}>
            <Link to={`/dash/members/${member.id}`} className={`font-medium ${skin.link}`}>
              {nameOf(member)}
            </Link>
            <p className="break-all text-muted">{member.email}</p>
            <RoleList roles={member.roles} />
            <p className="flex items-center gap-2">
              Status: <MemberStatus status={member.status} />
            </p>
            {manages ? <div>{statusAction(member)}</div> : null}
          </li>
        ))}
      </ul>
      <Card padding="none" className="hidden overflow-x-auto sm:block">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Members, page {page}</caption>
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="p-3">
                Name
              </th>
              <th scope="col" className="p-3">
                E-mail
              </th>
              <th scope="col" className="p-3">
                Roles
              </th>
              <th scope="col" className="p-3">
                Status
              </th>
              {manages ? (
                <th scope="col" className="p-3">
                  Actions
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((member) => (
              <tr key={member.id} className={skin.listItem}>
                <th scope="row" className="p-3 font-medium">
                  <Link to={`/dash/members/${member.id}`} className={skin.link}>
                    {nameOf(member)}
                  </Link>
                </th>
                <td className="break-all p-3">{member.email}</td>
                <td className="p-3">
                  <RoleList roles={member.roles} />
                </td>
                <td className="p-3">
                  <MemberStatus status={member.status} />
                </td>
                {manages ? <td className="p-3">{statusAction(member)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Modal
        open={pending !== null}
        title={
          pending
            ? `${pending.status === 'suspended' ? 'Suspend' : 'Reactivate'} ${nameOf(pending.member)}?`
            : 'Change status'
        }
        onClose={() => setPending(null)}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setPending(null) },
          pending?.status === 'suspended'
            ? {
                label: 'Suspend',
                variant: 'danger',
                busy,
                busyLabel: 'Suspending…',
                onClick: confirmStatus,
              }
            : {
                label: 'Reactivate',
                busy,
                busyLabel: 'Reactivating…',
                onClick: confirmStatus,
              },
        ]}
      >
        <p>
          {pending?.status === 'suspended'
            ? 'They will not be able to sign in until the account is reactivated. Their records stay as they are.'
            : 'They will be able to sign in again with their roles.'}
        </p>
        {refusal ? (
          <p role="alert" className={`mt-3 p-3 ${skin.error} ${skin.rounded}`}>
            {refusal}
          </p>
        ) : null}
      </Modal>
    </>
  );
}
