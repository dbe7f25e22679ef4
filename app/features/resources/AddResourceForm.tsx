// The add-resource form: Link or File, then title, description, the link or the file, subject,
// classrooms and audience. A link goes to the route's action like any form. A file is checked here
// first (its size, its type against the allow-list, its name, its first bytes — a web page named
// `report.pdf` is refused, saying what it really is — the connection, and the rest of the form with
// the action's own planner), then uploaded from the submit handler with a progress bar and a Cancel button; once it
// is stored, the form goes to the action with the file's id, path, type and size, and the action
// saves the record. A refused form or a cancelled or failed upload leaves the form as it was typed
// (the inputs are uncontrolled, and nothing navigates).
import { useSubmit } from '@remix-run/react';
import { useRef, useState, type FormEvent } from 'react';
import { BackendError } from '~/backend/errors';
import { isCancelled, uploadFile, type UploadHandle } from '~/backend/storage';
import { syncEngine } from '~/data/sync-status';
import { storagePathFor, UPLOAD_ACCEPT, UPLOAD_MESSAGES } from '~/domain/resources';
import { Button } from '~/ui/Button';
import { EditorForm } from '~/ui/form/EditorForm';
import {
  CheckboxGroupField,
  Field,
  SelectField,
  TextAreaField,
  TextField,
  type FormState,
} from '~/ui/form/Field';
import { formFailure, formValues, type FormFailure } from '~/ui/form/parse-form';
import {
  ADD_MESSAGES,
  AUDIENCE_OPTIONS,
  checkPickedFile,
  DEFAULT_AUDIENCE,
  DESCRIPTION_MAX,
  newResourceId,
  planResource,
  TITLE_MAX,
  URL_MAX,
} from './add-resource';
import type { NamedItem } from './load';

export const UPLOAD_FAILED = 'The file could not be uploaded. Nothing was saved; try again.';

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

export interface AddResourceFormProps {
  kind: 'link' | 'file';
  me: string;
  subjects: readonly NamedItem[];
  /** The classrooms this person may share to. */
  classrooms: readonly NamedItem[];
  result: FormFailure | undefined;
}

export function AddResourceForm({
  kind: initialKind,
  me,
  subjects,
  classrooms,
  result,
}: AddResourceFormProps) {
  const submit = useSubmit();
  const [kind, setKind] = useState<'link' | 'file'>(initialKind);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [upload, setUpload] = useState<UploadState>({ status: 'idle' });
  const handle = useRef<UploadHandle | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const uploading = upload.status === 'uploading';
  const shown = failure ?? result;
  const form: FormState | undefined = shown
    ? { fieldErrors: shown.fieldErrors, values: shown.values }
    : undefined;

  const uploadAndSave = async (element: HTMLFormElement) => {
    const formData = new FormData(element);
    const values = formValues(formData);
    // The picked file, from the input itself (what the form data would carry, in every browser).
    const picked = fileInput.current?.files?.[0];
    const file = picked && (picked.size > 0 || picked.name) ? picked : null;
    const planned = planResource(
      formData,
      { me, classroomIds: classrooms.map((c) => c.id), subjectIds: subjects.map((s) => s.id) },
      { uploaded: false },
    );
    const errors: Record<string, string> = planned.ok ? {} : { ...planned.fieldErrors };
    const checked = file ? await checkPickedFile(file) : null;
    const problem = !file
      ? ADD_MESSAGES.file
      : (checked?.problem ?? (syncEngine.connectivity.isOnline() ? null : UPLOAD_MESSAGES.offline));
    if (problem) errors.file = problem;
    if (!file || !checked || Object.keys(errors).length > 0) {
      setFailure(formFailure(values, errors));
      return;
    }

    const id = newResourceId();
    setUpload({ status: 'uploading', percent: 0 });
    try {
      handle.current = uploadFile(storagePathFor(id, file.name), file, {
        contentType: checked.contentType,
        onProgress: ({ bytesTransferred, totalBytes }) =>
          setUpload({
            status: 'uploading',
            percent: totalBytes > 0 ? Math.floor((bytesTransferred / totalBytes) * 100) : 0,
          }),
      });
      const stored = await handle.current.done;
      formData.delete('file');
      formData.set('id', id);
      formData.set('storagePath', stored.storagePath);
      formData.set('mimeType', stored.mimeType);
      formData.set('size', String(stored.size));
      setUpload({ status: 'idle' });
      submit(formData, { method: 'post' });
    } catch (error) {
      if (isCancelled(error)) setUpload({ status: 'cancelled' });
      else {
        const message = error instanceof BackendError ? error.message : UPLOAD_FAILED;
        setUpload({ status: 'failed', message });
      }
    } finally {
      handle.current = null;
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setFailure(null);
    if (kind === 'link') return; // Remix sends it to the action.
    event.preventDefault();
    if (uploading) return;
    setUpload({ status: 'idle' });
    void uploadAndSave(event.currentTarget);
  };

  // Said as soon as a file is picked; the submit checks again. Reading the first bytes takes a
  // moment: the answer for a file picked since then is dropped.
  const checkFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    const problem = file ? (await checkPickedFile(file)).problem : null;
    if (input.files?.[0] !== file) return;
    setFailure((current) => {
      const fieldErrors = { ...(current?.fieldErrors ?? {}) };
      delete fieldErrors.file;
      if (problem) fieldErrors.file = problem;
      return Object.keys(fieldErrors).length > 0
        ? formFailure(current?.values ?? {}, fieldErrors)
        : null;
    });
  };

  return (
    <EditorForm
      frame="sheet"
      noValidate
      onSubmit={onSubmit}
      className="max-w-3xl"
      form={form}
      summarize
      submitLabel="Save resource"
      busy={uploading}
      busyLabel={uploading ? 'Uploading…' : 'Saving…'}
      cancelTo="/dash/resources"
      actionsLabel="Add resource actions"
    >
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">What are you adding?</legend>
        <div className="flex flex-wrap gap-x-6">
          {(['link', 'file'] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="kind"
                value={value}
                checked={kind === value}
                disabled={uploading}
                onChange={() => setKind(value)}
                className="size-5 accent-[var(--lc-primary)]"
              />
              {value === 'link' ? 'A link' : 'A file to upload'}
            </label>
          ))}
        </div>
      </fieldset>

      <TextField name="title" label="Title" form={form} maxLength={TITLE_MAX} autoComplete="off" />
      <TextAreaField
        name="description"
        label="Description"
        form={form}
        rows={3}
        maxLength={DESCRIPTION_MAX}
        hint="Optional: what it is and how to use it."
      />

      {kind === 'link' ? (
        <TextField
          name="url"
          label="Link (URL)"
          form={form}
          type="url"
          inputMode="url"
          maxLength={URL_MAX}
          placeholder="https://"
          autoComplete="off"
        />
      ) : (
        <div className="grid gap-3">
          <Field
            label="File"
            error={form?.fieldErrors?.file}
            hint="At most 25 MB: a document (PDF, Word, Excel, PowerPoint, text), an image, audio or video."
          >
            {(control) => (
              <input
                {...control}
                ref={fileInput}
                type="file"
                name="file"
                accept={UPLOAD_ACCEPT}
                disabled={uploading}
                onChange={(event) => void checkFile(event.currentTarget)}
              />
            )}
          </Field>
          {upload.status === 'uploading' ? (
            <div className="grid gap-2" aria-live="polite">
              <div className="flex items-center gap-3">
                <progress
                  aria-label="Upload progress"
                  value={upload.percent}
                  max={100}
                  className="h-3 min-w-0 flex-1 accent-[var(--lc-primary)]"
                />
                <span className="text-sm font-medium tabular-nums">{upload.percent} %</span>
              </div>
              <div>
                <Button variant="secondary" size="sm" onClick={() => handle.current?.cancel()}>
                  Cancel upload
                </Button>
              </div>
            </div>
          ) : null}
          {upload.status === 'cancelled' ? (
            <p role="status" className="font-medium">
              Upload cancelled. Nothing was saved; the form keeps what you typed.
            </p>
          ) : null}
          {upload.status === 'failed' ? (
            <p role="alert" className="font-medium text-danger">
              {upload.message}
            </p>
          ) : null}
        </div>
      )}

      <SelectField
        name="subjectId"
        label="Subject"
        form={form}
        placeholder="No subject"
        options={subjects.map((s) => ({ value: s.id, label: s.name }))}
      />
      <CheckboxGroupField
        name="classroomIds"
        legend="Classrooms"
        form={form}
        hint="Share to classrooms: only their people in the audience see it. Leave all unticked to share with the whole audience."
        options={classrooms.map((c) => ({ value: c.id, label: c.name }))}
        empty="You teach no classrooms yet, so this is shared with the whole audience."
        scrollable={classrooms.length > 12}
      />
      <CheckboxGroupField
        name="audience"
        legend="Audience"
        form={form}
        hint="Who may see it."
        options={AUDIENCE_OPTIONS}
        defaultValue={DEFAULT_AUDIENCE}
      />
    </EditorForm>
  );
}
