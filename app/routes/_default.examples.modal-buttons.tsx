import { type MetaFunction } from '@remix-run/react';
import { useState } from 'react';
import { settingsStore } from '~/settings/store';
import { Button } from '~/ui/Button';
import { Modal, type ModalAction } from '~/ui/Modal';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export const handle = {
  title: 'Modal Button Configurations',
  description: 'The button configurations a modal can have.',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

type Example = 'confirm' | 'destructive' | 'single' | 'busy';

const EXAMPLES: Record<Example, { button: string; title: string; body: string }> = {
  confirm: {
    button: 'Confirm and cancel',
    title: 'Save changes?',
    body: 'The student’s details will be updated for everyone.',
  },
  destructive: {
    button: 'Destructive action',
    title: 'Delete this family?',
    body: 'This removes the family and cannot be undone.',
  },
  single: {
    button: 'Single action',
    title: 'Roll call saved',
    body: 'Attendance for today is recorded.',
  },
  busy: {
    button: 'Busy state',
    title: 'Exporting students',
    body: 'The export is being prepared.',
  },
};

export default function ModalButtons() {
  const [open, setOpen] = useState<Example | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setOpen(null);
    setBusy(false);
  };
  const done = (message: string) => {
    close();
    settingsStore.notify(message, 'success');
  };

  const actionsFor = (example: Example): ModalAction[] => {
    switch (example) {
      case 'confirm':
        return [
          { label: 'Cancel', variant: 'secondary', onClick: close },
          { label: 'Save', onClick: () => done('Changes saved') },
        ];
      case 'destructive':
        return [
          { label: 'Cancel', variant: 'secondary', onClick: close },
          { label: 'Delete', variant: 'danger', onClick: () => done('Family deleted') },
        ];
      case 'single':
        return [{ label: 'OK', onClick: close }];
      case 'busy':
        return [
          { label: 'Cancel', variant: 'secondary', onClick: close },
          {
            label: 'Export',
            busy,
            busyLabel: 'Exporting…',
            onClick: () => {
              setBusy(true);
              setTimeout(() => done('Export ready'), 1500);
            },
          },
        ];
    }
  };

  return (
    <>
      <PageHeading
        title={handle.title}
        lead="Open each modal to see its buttons. Escape closes a modal unless it is busy."
      />
      <ul className="flex flex-wrap gap-3">
        {(Object.keys(EXAMPLES) as Example[]).map((example) => (
          <li key={example}>
            <Button onClick={() => setOpen(example)}>{EXAMPLES[example].button}</Button>
          </li>
        ))}
      </ul>
      {open ? (
        <Modal open title={EXAMPLES[open].title} onClose={close} actions={actionsFor(open)}>
          <p>{EXAMPLES[open].body}</p>
        </Modal>
      ) : null}
    </>
  );
}
