// A report's document on its card (issue 32): "Document: note.pdf" with a Download button, for the
// family and for the office; and, for the family, "Upload a document": a labelled file input, the
// checks a picked file passes first (size, type, name, first bytes: ./document-file.ts), the upload
// with a progress bar and a Cancel button, then the page's action saves the document on the report.
// Storage code is loaded only when a file is uploaded or downloaded, never with the page. Uploading
// needs the network: offline, the control says so and is disabled.
import { useSubmit } from '@remix-run/react';
import { useRef, useState, type FormEvent } from 'react';
import type { UploadHandle } from '~/backend/storage';
import { syncEngine, useSyncStatus } from '~/data/sync-status';
import { UPLOAD_ACCEPT } from '~/domain/resources';
import { Button, useButtonClasses } from '~/ui/Button';
import { downloadBlob } from '~/ui/download';
import { Field } from '~/ui/form/Field';
import { Icon, RESOURCE_ICONS } from '~/ui/icons';
import {
  absenceDocumentPath,
  attachDocumentForm,
  DOCUMENT_MESSAGES,
  documentBlocker,
  documentDetails,
  downloadFailureMessage,
  fileNameOf,
  isCancelledUpload,
  uploadFailureMessage,
  type AbsenceDocument,
} from './document';
import { checkDocumentFile } from './document-file';
import type { ReportView } from './views';

/** "for Leo Whitfield, Fri 27 Nov": which report a control is about, for screen readers. */
function aboutReport(view: ReportView): string {
  return `for ${view.studentName}, ${view.days}`;
}

export function DocumentLine({ view, document }: { view: ReportView; document: AbsenceDocument }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    if (!syncEngine.connectivity.isOnline()) {
      setError(DOCUMENT_MESSAGES.offlineDownload);
      return;
    }
    setBusy(true);
    try {
      const { getFileBlob } = await import('~/backend/storage');
      downloadBlob(document.name, await getFileBlob(document.storagePath));
    } catch (failure) {
      setError(downloadFailureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="flex min-w-0 items-start gap-1.5 text-sm">
          <Icon icon={RESOURCE_ICONS.file} className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">
            Document: <bdi className="font-medium">{document.name}</bdi>{' '}
            <span className="text-muted">({documentDetails(document)})</span>
          </span>
        </p>
        <Button
          size="sm"
          variant="secondary"
          busy={busy}
          busyLabel="Downloading…"
          onClick={() => void download()}
          aria-label={`Download ${document.name}, the document ${aboutReport(view)}`}
        >
          Download
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type UploadState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'uploading'; percent: number }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

export function DocumentUpload({ view }: { view: ReportView }) {
  const submit = useSubmit();
  const { isOnline } = useSyncStatus();
  const [upload, setUpload] = useState<UploadState>({ status: 'idle' });
  const [fileError, setFileError] = useState<string | null>(null);
  const handle = useRef<UploadHandle | null>(null);
  const cancelled = useRef(false);
  const input = useRef<HTMLInputElement | null>(null);
  const summaryClasses = useButtonClasses({
    variant: 'secondary',
    size: 'sm',
    className: 'cursor-pointer',
  });

  const blocker = documentBlocker(view.report, view.waitingToSend);
  const working = upload.status === 'checking' || upload.status === 'uploading';
  const unavailable = blocker ?? (isOnline ? null : DOCUMENT_MESSAGES.offline);
  const requested = view.report.status === 'documentRequested';
  const replacing = view.document !== null;
  // When the office asked, the card says so just above ("The office asked for a document…").
  const hint = `A PDF, a photo or scan, or a document; at most 25 MB.${
    replacing ? ' It replaces the document sent before.' : ''
  }`;

  // Said as soon as a file is picked; the upload checks again. The answer for a file picked since
  // is dropped (reading the first bytes takes a moment).
  const checkPicked = async (element: HTMLInputElement) => {
    setUpload({ status: 'idle' });
    const file = element.files?.[0];
    const problem = file ? (await checkDocumentFile(file)).problem : null;
    if (element.files?.[0] !== file) return;
    setFileError(problem);
  };

  const uploadAndSave = async (form: HTMLFormElement) => {
    const file = input.current?.files?.[0];
    if (!file) {
      setFileError(DOCUMENT_MESSAGES.choose);
      input.current?.focus();
      return;
    }
    setUpload({ status: 'checking' });
    const checked = await checkDocumentFile(file);
    const problem =
      checked.problem ?? (syncEngine.connectivity.isOnline() ? null : DOCUMENT_MESSAGES.offline);
    if (problem) {
      setFileError(problem);
      setUpload({ status: 'idle' });
      input.current?.focus();
      return;
    }
    cancelled.current = false;
    setUpload({ status: 'uploading', percent: 0 });
    try {
      const { uploadFile } = await import('~/backend/storage');
      const started = uploadFile(absenceDocumentPath(view.id, file.name), file, {
        contentType: checked.contentType,
        onProgress: ({ bytesTransferred, totalBytes }) =>
          setUpload({
            status: 'uploading',
            percent: totalBytes > 0 ? Math.floor((bytesTransferred / totalBytes) * 100) : 0,
          }),
      });
      handle.current = started;
      // Cancel pressed while the storage code was still loading.
      if (cancelled.current) started.cancel();
      const stored = await started.done;
      setUpload({ status: 'idle' });
      form.reset();
      submit(
        attachDocumentForm(view.id, {
          storagePath: stored.storagePath,
          name: fileNameOf(stored.storagePath),
          mimeType: stored.mimeType,
          size: stored.size,
        }),
        { method: 'post' },
      );
    } catch (error) {
      if (isCancelledUpload(error)) setUpload({ status: 'cancelled' });
      else setUpload({ status: 'failed', message: uploadFailureMessage(error) });
    } finally {
      handle.current = null;
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (working || unavailable) return;
    setFileError(null);
    void uploadAndSave(event.currentTarget);
  };

  const cancel = () => {
    cancelled.current = true;
    handle.current?.cancel();
  };

  return (
    <details open={requested && !replacing ? true : undefined}>
      <summary className={`${summaryClasses} w-fit`}>
        {replacing ? 'Replace the document' : 'Upload a document'}
        <span className="sr-only"> {aboutReport(view)}</span>
      </summary>
      <form noValidate onSubmit={onSubmit} className="mt-2 grid gap-3">
        <Field
          label={
            <>
              File to upload<span className="sr-only"> {aboutReport(view)}</span>
            </>
          }
          hint={unavailable ?? hint}
          error={fileError ?? undefined}
        >
          {(control) => (
            <input
              {...control}
              ref={input}
              type="file"
              name="file"
              accept={UPLOAD_ACCEPT}
              disabled={working || unavailable !== null}
              onChange={(event) => void checkPicked(event.currentTarget)}
              className={`${control.className} w-full min-w-0 max-w-full disabled:cursor-not-allowed disabled:opacity-60`}
            />
          )}
        </Field>
        {upload.status === 'uploading' ? (
          <div className="grid gap-2" aria-live="polite">
            <div className="flex items-center gap-3">
              <progress
                aria-label={`Upload progress ${aboutReport(view)}`}
                value={upload.percent}
                max={100}
                className="h-3 min-w-0 flex-1 accent-[var(--lc-primary)]"
              />
              <span className="text-sm font-medium tabular-nums">{upload.percent} %</span>
            </div>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            size="sm"
            disabled={unavailable !== null}
            busy={working}
            busyLabel={upload.status === 'checking' ? 'Checking…' : 'Uploading…'}
          >
            Upload<span className="sr-only"> the document {aboutReport(view)}</span>
          </Button>
          {upload.status === 'uploading' ? (
            <Button variant="secondary" size="sm" onClick={cancel}>
              Cancel upload
            </Button>
          ) : null}
        </div>
        {upload.status === 'cancelled' ? (
          <p role="status" className="text-sm font-medium">
            {DOCUMENT_MESSAGES.cancelled}
          </p>
        ) : null}
        {upload.status === 'failed' ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {upload.message}
          </p>
        ) : null}
      </form>
    </details>
  );
}
