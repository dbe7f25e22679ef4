// The note on one student's mark ("Arrived with a parent", "Doctor's letter"): a dialog with one text
// area. The note stays on the page with the student's other unsaved marks until the roll call is
// saved; an empty note removes it.
import { useId, useRef, useState } from 'react';
import { TextAreaField } from '~/ui/form/Field';
import { Modal } from '~/ui/Modal';
import { markNoteSchema, NOTE_MAX_LENGTH } from './roll-call';

export function NoteDialog({
  studentName,
  note,
  onSave,
  onClose,
}: {
  /** The student whose note is open; null when the dialog is closed. */
  studentName: string | null;
  note: string;
  onSave: (note: string) => void;
  onClose: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  // A note past the limit stays open with the message: the field never cuts it, and the roll
  // call's save would refuse it later, away from the note.
  const [error, setError] = useState<{ student: string; message: string } | null>(null);
  const save = () => {
    const value = formRef.current ? new FormData(formRef.current).get('note') : null;
    const parsed = markNoteSchema.safeParse(typeof value === 'string' ? value : '');
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      setError(studentName === null ? null : { student: studentName, message });
      return;
    }
    setError(null);
    onSave(parsed.data ?? '');
  };
  const close = () => {
    setError(null);
    onClose();
  };
  const shownError = error && error.student === studentName ? error.message : undefined;
  return (
    <Modal
      open={studentName !== null}
      title={`Note for ${studentName ?? ''}`}
      onClose={close}
      actions={[
        { label: 'Cancel', variant: 'secondary', onClick: close },
        { label: 'Keep note', onClick: save },
      ]}
    >
      {studentName !== null ? (
        <form
          id={formId}
          ref={formRef}
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <TextAreaField
            // A fresh field for each student, so it shows that student's note.
            key={studentName}
            name="note"
            label="Note"
            hint="Saved with the roll call. Leave it empty to remove the note."
            defaultValue={note}
            form={shownError ? { fieldErrors: { note: shownError } } : null}
            maxLength={NOTE_MAX_LENGTH}
            rows={3}
          />
        </form>
      ) : null}
    </Modal>
  );
}
