// The profile's confirmation dialogs: withdraw (a leaving date and a note, validated by the action,
// errors beside their fields) and delete. Each posts to the profile route through its own fetcher,
// so the page stays where it is while the dialog shows the outcome.
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { FormError, TextAreaField, TextField, type FormState } from '~/ui/form/Field';
import { Modal } from '~/ui/Modal';
import type { StudentActionResult } from './profile-route';

export function WithdrawDialog({
  open,
  onClose,
  name,
  today,
}: {
  open: boolean;
  onClose: () => void;
  name: string;
  today: string;
}) {
  const fetcher = useFetcher<StudentActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.data;
  const form: FormState | undefined = result && !result.ok ? result : undefined;
  // Close once for each successful withdrawal (not again when the dialog is opened later).
  const closedFor = useRef<StudentActionResult | null>(null);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !result?.ok || closedFor.current === result) return;
    closedFor.current = result;
    onClose();
  });

  return (
    <Modal
      open={open}
      title={`Withdraw ${name}?`}
      onClose={onClose}
      actions={[
        { label: 'Cancel', variant: 'secondary', onClick: onClose },
        {
          label: 'Withdraw student',
          onClick: () => {
            if (formRef.current) fetcher.submit(formRef.current);
          },
          busy: fetcher.state !== 'idle',
          busyLabel: 'Withdrawing…',
        },
      ]}
    >
      <p>The student leaves their classrooms; the date and note go into the status history.</p>
      <fetcher.Form method="post" ref={formRef} noValidate className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value="withdraw" />
        <FormError form={form} />
        <TextField name="date" label="Leaving date" form={form} type="date" defaultValue={today} />
        <TextAreaField name="note" label="Note (optional)" form={form} rows={2} />
      </fetcher.Form>
    </Modal>
  );
}

export function DeleteDialog({
  open,
  onClose,
  name,
}: {
  open: boolean;
  onClose: () => void;
  name: string;
}) {
  const fetcher = useFetcher<StudentActionResult>();
  return (
    <Modal
      open={open}
      title={`Delete ${name}?`}
      onClose={onClose}
      actions={[
        { label: 'Cancel', variant: 'secondary', onClick: onClose },
        {
          label: 'Delete student',
          variant: 'danger',
          onClick: () => fetcher.submit({ intent: 'delete' }, { method: 'post' }),
          busy: fetcher.state !== 'idle',
          busyLabel: 'Deleting…',
        },
      ]}
    >
      <p>
        This removes the student&apos;s record for everyone. It cannot be undone; to keep the
        record, withdraw the student instead.
      </p>
    </Modal>
  );
}
