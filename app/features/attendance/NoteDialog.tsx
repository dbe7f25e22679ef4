// The note on one student's mark ("Arrived with a parent", "Doctor's letter"): a dialog with one text
// area. The note stays on the page with the student's other unsaved marks until the roll call is
// saved; an empty note removes it.
import { useId, useRef } from 'react';
import { TextAreaField } from '~/ui/form/Field';
import { Modal } from '~/ui/Modal';
import { NOTE_MAX_LENGTH } from './roll-call';

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
  const save = () => {
    const value = formRef.current ? new FormData(formRef.current).get('note') : null;
    onSave(typeof value === 'string' ? value.trim() : '');
  };
  return (
    <Modal
      open={studentName !== null}
      title={`Note for ${studentName ?? ''}`}
      onClose={onClose}
      actions={[
        { label: 'Cancel', variant: 'secondary', onClick: onClose },
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
            maxLength={NOTE_MAX_LENGTH}
            rows={3}
          />
        </form>
      ) : null}
    </Modal>
  );
}
