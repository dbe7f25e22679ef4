// A report's document on the Absences page (issue 32): a family uploads one (checked first, with
// progress, then saved on the report through the page's action), everyone who may sees
// "Document: …" and downloads it, and offline the upload says so and is disabled. A facilitator
// sees no document.
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackendError } from '~/backend/errors';
import { UPLOAD_ACCEPT, UPLOAD_MESSAGES } from '~/domain/resources';
import { AbsencesPage } from './AbsencesPage';
import { ATTACH_DOCUMENT_INTENT, DOCUMENT_MESSAGES } from './document';
import { DocumentLine, DocumentUpload } from './ReportDocument';
import { viewOf, type ReportView, type ViewLookups } from './views';
import type { AbsenceReportRecord } from './report-form';

const state = vi.hoisted(() => ({
  online: true,
  uploads: [] as Array<{ path: string; contentType: string; size: number }>,
  result: null as null | { ok: true } | { ok: false; error: unknown },
  progress: null as null | ((p: { bytesTransferred: number; totalBytes: number }) => void),
  reads: [] as string[],
  downloads: [] as Array<{ name: string; type: string }>,
}));

vi.mock('~/backend/storage', () => ({
  uploadFile: (
    path: string,
    file: Blob,
    options: {
      contentType: string;
      onProgress?: (p: { bytesTransferred: number; totalBytes: number }) => void;
    },
  ) => {
    state.uploads.push({ path, contentType: options.contentType, size: file.size });
    state.progress = options.onProgress ?? null;
    const result = state.result;
    const done =
      result === null
        ? new Promise(() => undefined)
        : result.ok
          ? Promise.resolve({ storagePath: path, size: file.size, mimeType: options.contentType })
          : Promise.reject(result.error);
    return { done, cancel: () => undefined };
  },
  getFileBlob: (path: string) => {
    state.reads.push(path);
    return Promise.resolve(new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
  },
}));
vi.mock('~/data/sync-status', () => ({
  syncEngine: { connectivity: { isOnline: () => state.online } },
  useSyncStatus: () => ({ isOnline: state.online }),
}));
vi.mock('~/ui/download', () => ({
  downloadBlob: (name: string, blob: Blob) => state.downloads.push({ name, type: blob.type }),
}));

afterEach(() => {
  cleanup();
  state.online = true;
  state.uploads = [];
  state.result = null;
  state.progress = null;
  state.reads = [];
  state.downloads = [];
});

const lookups: ViewLookups = {
  students: new Map([['leo', 'Leo Whitfield']]),
  classrooms: new Map([['maples', 'Maples (ages 8–9)']]),
  campuses: new Map([['north', 'North campus']]),
  staff: new Map([['sofia', 'Sofia Lindqvist']]),
  pending: new Set(['r-pending']),
  todayOf: () => '2026-11-27',
};

const NOTE = {
  storagePath: 'absenceDocuments/r1/doctors-note.pdf',
  name: 'doctors-note.pdf',
  mimeType: 'application/pdf',
  size: 2048,
};

function report(overrides: Partial<AbsenceReportRecord> = {}): AbsenceReportRecord {
  return {
    id: 'r1',
    studentId: 'leo',
    familyId: 'fam',
    campusId: 'north',
    classroomIds: ['maples'],
    from: '2026-11-27',
    to: '2026-11-27',
    part: 'day',
    reason: 'ill',
    note: '',
    status: 'documentRequested',
    documentRequestedBy: 'sofia',
    createdBy: 'grace',
    reporterName: 'Grace Whitfield',
    ...overrides,
  };
}

/** Renders `ui` at `/dash/absences`, keeping what its action receives. */
function renderAt(ui: () => React.ReactElement) {
  const received: Array<Record<string, FormDataEntryValue>> = [];
  const Stub = createRemixStub([
    {
      path: '/dash/absences',
      Component: ui,
      action: async ({ request }) => {
        received.push(Object.fromEntries((await request.formData()).entries()));
        return null;
      },
    },
  ]);
  render(<Stub initialEntries={['/dash/absences']} />);
  return received;
}

function renderUpload(view: ReportView) {
  return renderAt(() => <DocumentUpload view={view} />);
}

const fileInput = () => screen.getByLabelText(/^File to upload/);

describe('uploading a document', () => {
  it('offers a labelled file input, open when the office asked, with the allow-list', async () => {
    renderUpload(viewOf(report(), lookups));
    const input = await screen.findByLabelText('File to upload for Leo Whitfield, Fri 27 Nov');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', UPLOAD_ACCEPT);
    expect(input).toBeEnabled();
    expect(input.closest('details')).toHaveAttribute('open');
    expect(input).toHaveAccessibleDescription(
      'A PDF, a photo or scan, or a document; at most 25 MB.',
    );
    expect(screen.getByText(/^Upload a document/, { selector: 'summary' })).toBeInTheDocument();
  });

  it('keeps the control folded when nobody asked, and says it replaces a document sent before', async () => {
    renderUpload(viewOf(report({ status: 'acknowledged', document: NOTE }), lookups));
    const input = await screen.findByLabelText(/^File to upload/);
    expect(input.closest('details')).not.toHaveAttribute('open');
    expect(screen.getByText(/^Replace the document/, { selector: 'summary' })).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/It replaces the document sent before\./);
  });

  it('says plainly that uploading needs the network, and is disabled offline', async () => {
    state.online = false;
    renderUpload(viewOf(report(), lookups));
    const input = await screen.findByLabelText(/^File to upload/);
    expect(input).toBeDisabled();
    expect(input).toHaveAccessibleDescription(DOCUMENT_MESSAGES.offline);
    expect(screen.getByText(DOCUMENT_MESSAGES.offline)).toBeVisible();
    expect(screen.getByRole('button', { name: /^Upload the document/ })).toBeDisabled();
  });

  it('waits until the report has reached the school', async () => {
    renderUpload(viewOf(report({ id: 'r-pending' }), lookups));
    expect(await screen.findByLabelText(/^File to upload/)).toBeDisabled();
    expect(screen.getByText(DOCUMENT_MESSAGES.notSent)).toBeInTheDocument();
  });

  it('refuses a web page named .pdf beside the input, and uploads nothing', async () => {
    renderUpload(viewOf(report(), lookups));
    const user = userEvent.setup();
    const page = new File(['<!DOCTYPE html><html><script>alert(1)</script>'], 'note.pdf', {
      type: 'application/pdf',
    });
    await user.upload(await screen.findByLabelText(/^File to upload/), page);
    const message =
      '“note.pdf” is not a PDF: it is a web page (HTML). Choose another file, or save it again as a PDF.';
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: /^Upload the document/ }));
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(0));
    expect(state.uploads).toEqual([]);
  });

  it('asks for a file when none was chosen', async () => {
    renderUpload(viewOf(report(), lookups));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Upload the document/ }));
    expect(await screen.findByText(DOCUMENT_MESSAGES.choose)).toBeInTheDocument();
    expect(fileInput()).toHaveFocus();
    expect(state.uploads).toEqual([]);
  });

  it('uploads a PDF to the report’s folder with progress, then saves it on the report', async () => {
    const received = renderUpload(viewOf(report(), lookups));
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText(/^File to upload/),
      new File(['%PDF-1.4\n%%EOF\n'], 'doctors-note.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: /^Upload the document/ }));
    await waitFor(() => expect(state.uploads).toHaveLength(1), { timeout: 5000 });
    expect(state.uploads[0]).toMatchObject({
      path: 'absenceDocuments/r1/doctors-note.pdf',
      contentType: 'application/pdf',
    });
    // Still uploading (the mock never settles here): progress and a way to cancel.
    state.progress?.({ bytesTransferred: 8, totalBytes: 16 });
    const bar = await screen.findByRole('progressbar', {
      name: 'Upload progress for Leo Whitfield, Fri 27 Nov',
    });
    await waitFor(() => expect(bar).toHaveAttribute('value', '50'));
    expect(screen.getByRole('button', { name: 'Cancel upload' })).toBeInTheDocument();
    expect(received).toEqual([]);
  });

  it('sends the stored file to the page’s action once the upload is done', async () => {
    state.result = { ok: true };
    const received = renderUpload(viewOf(report(), lookups));
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText(/^File to upload/),
      new File(['%PDF-1.4\n%%EOF\n'], 'doctors-note.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: /^Upload the document/ }));
    await waitFor(() => expect(received).toHaveLength(1), { timeout: 5000 });
    expect(received[0]).toEqual({
      intent: ATTACH_DOCUMENT_INTENT,
      reportId: 'r1',
      storagePath: 'absenceDocuments/r1/doctors-note.pdf',
      name: 'doctors-note.pdf',
      mimeType: 'application/pdf',
      size: '15',
    });
  });

  it('says why an upload failed, in words about a document', async () => {
    state.result = {
      ok: false,
      error: new BackendError(UPLOAD_MESSAGES.tooLarge, { code: 'resource-exhausted' }),
    };
    const received = renderUpload(viewOf(report(), lookups));
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText(/^File to upload/),
      new File(['%PDF-1.4\n%%EOF\n'], 'doctors-note.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: /^Upload the document/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DOCUMENT_MESSAGES.tooLarge);
    expect(received).toEqual([]);
  });
});

describe('the document on the card', () => {
  it('names the document and downloads it under its name', async () => {
    const view = viewOf(report({ document: NOTE }), lookups);
    renderAt(() => <DocumentLine view={view} document={NOTE} />);
    expect(await screen.findByText('doctors-note.pdf')).toBeInTheDocument();
    expect(screen.getByText('(PDF, 2 KB)')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', {
        name: 'Download doctors-note.pdf, the document for Leo Whitfield, Fri 27 Nov',
      }),
    );
    await waitFor(() => expect(state.downloads).toHaveLength(1));
    expect(state.reads).toEqual([NOTE.storagePath]);
    expect(state.downloads[0]).toEqual({ name: 'doctors-note.pdf', type: 'application/pdf' });
  });

  it('says offline that the download needs the network', async () => {
    state.online = false;
    const view = viewOf(report({ document: NOTE }), lookups);
    renderAt(() => <DocumentLine view={view} document={NOTE} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Download/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DOCUMENT_MESSAGES.offlineDownload);
    expect(state.reads).toEqual([]);
  });
});

describe('who sees documents on the Absences page', () => {
  const views = [
    viewOf(report({ document: NOTE }), lookups),
    viewOf(report({ id: 'r2', status: 'withdrawn' }), lookups),
  ];
  const page = (canReport: boolean, canAnswer: boolean) => () => (
    <AbsencesPage
      views={views}
      campuses={[{ id: 'north', name: 'North campus' }]}
      campus=""
      todays={{ north: '2026-11-27' }}
      ownDay="2026-11-27"
      canReport={canReport}
      canAnswer={canAnswer}
      guardian={canReport && !canAnswer}
    />
  );
  const card = (id: string) => {
    const found = document.querySelector(`[data-report="${id}"]`);
    if (!(found instanceof HTMLElement)) throw new Error(`no card ${id}`);
    return within(found);
  };

  it('the family: the document, and an upload on every report but a withdrawn one', async () => {
    renderAt(page(true, false));
    await screen.findAllByRole('article');
    expect(card('r1').getByText('doctors-note.pdf')).toBeInTheDocument();
    expect(card('r1').getByLabelText(/^File to upload/)).toBeInTheDocument();
    expect(card('r2').queryByLabelText(/^File to upload/)).toBeNull();
  });

  it('the office: the document and its download, no upload', async () => {
    renderAt(page(false, true));
    await screen.findAllByRole('article');
    expect(card('r1').getByText('doctors-note.pdf')).toBeInTheDocument();
    expect(card('r1').getByRole('button', { name: /^Download/ })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^File to upload/)).toBeNull();
  });

  it('a facilitator: no document at all', async () => {
    renderAt(page(false, false));
    await screen.findAllByRole('article');
    expect(screen.queryByText('doctors-note.pdf')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Download/ })).toBeNull();
    expect(screen.queryByLabelText(/^File to upload/)).toBeNull();
  });
});
