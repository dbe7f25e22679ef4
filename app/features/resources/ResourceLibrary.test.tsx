// The preview dialog never shows a file as a page of the app: a PDF opens in a frame sandboxed with
// no allowances (an opaque origin, no scripts), an image as <img>; a link is shown only when it is
// http(s).
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_QUERY, type ResourceRecord } from './library';
import { ResourceLibrary, type LibraryData } from './ResourceLibrary';

// jsdom has neither object URLs nor modal dialogs.
const { showModal, close } = HTMLDialogElement.prototype;
beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }),
  );
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  HTMLDialogElement.prototype.showModal = showModal;
  HTMLDialogElement.prototype.close = close;
});

function resource(fields: Partial<ResourceRecord>): ResourceRecord {
  return {
    id: 'res-1',
    title: 'Fractions sheet',
    description: '',
    kind: 'file',
    storagePath: 'resources/res-1/fractions.pdf',
    mimeType: 'application/pdf',
    size: 9,
    classroomIds: [],
    audience: ['student'],
    audienceKeys: ['student'],
    createdBy: 'fac-1',
    ...fields,
  };
}

function renderLibrary(opened: ResourceRecord, blob: Blob | null) {
  const data: LibraryData = {
    resources: [opened],
    subjects: [],
    classrooms: [],
    classroomOptions: [],
    pendingIds: new Set(),
    offlinePaths: new Set(),
    canAdd: false,
    me: 'stu-1',
    staff: false,
    query: { ...EMPTY_QUERY, resource: opened.id },
    opened: { resource: opened, blob, problem: null },
  };
  const Stub = createRemixStub([{ path: '/', Component: () => <ResourceLibrary data={data} /> }]);
  render(<Stub />);
}

describe('the preview dialog', () => {
  it('shows a PDF in a frame sandboxed with no allowances', async () => {
    renderLibrary(resource({}), new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fractions sheet' });
    const frame = await within(dialog).findByTitle('Fractions sheet (PDF preview)');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('src', 'blob:preview');
  });

  it('shows an image as an image, and no frame', async () => {
    renderLibrary(
      resource({ storagePath: 'resources/res-1/a.png', mimeType: 'image/png' }),
      new Blob(['x'], { type: 'image/png' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Fractions sheet' });
    expect(within(dialog).getByRole('img', { name: 'Fractions sheet' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(dialog.querySelector('iframe')).toBeNull();
  });

  it('does not make a link of an address that is not http(s)', async () => {
    renderLibrary(
      resource({
        kind: 'link',
        storagePath: undefined,
        mimeType: undefined,
        url: 'javascript:alert(1)',
      }),
      null,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Fractions sheet' });
    expect(within(dialog).queryByRole('link', { name: /Open the link/ })).toBeNull();
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
  });
});
