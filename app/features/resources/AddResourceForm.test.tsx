// The add-resource form checks a picked file's first bytes before anything is uploaded: a web page
// named `report.pdf` is refused beside the file input, naming the file and what it really is, and
// the upload never starts; a real PDF is uploaded with its declared type.
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddResourceForm } from './AddResourceForm';

const uploads = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; contentType: string }>,
}));
vi.mock('~/backend/storage', () => ({
  isCancelled: () => false,
  uploadFile: (path: string, _file: Blob, options: { contentType: string }) => {
    uploads.calls.push({ path, contentType: options.contentType });
    // Never settles: the test only needs to see that the upload started, and with what.
    return { done: new Promise(() => undefined), cancel: () => undefined };
  },
}));
vi.mock('~/data/sync-status', () => ({
  syncEngine: { connectivity: { isOnline: () => true } },
}));

afterEach(() => {
  cleanup();
  uploads.calls = [];
});

function renderForm(kind: 'link' | 'file') {
  const Stub = createRemixStub([
    {
      path: '/',
      Component: () => (
        <AddResourceForm
          kind={kind}
          me="fac-member"
          subjects={[]}
          classrooms={[]}
          result={undefined}
        />
      ),
      action: () => null,
    },
  ]);
  render(<Stub />);
}

const fileInput = () => {
  const input = document.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  return input;
};

describe('the add-resource form', () => {
  it('refuses a web page named .pdf with a message naming it, and uploads nothing', async () => {
    renderForm('file');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Report');
    const page = new File(['<!DOCTYPE html><html><script>alert(1)</script>'], 'report.pdf', {
      type: 'application/pdf',
    });
    await user.upload(fileInput(), page);
    const message =
      '“report.pdf” is not a PDF: it is a web page (HTML). Choose another file, or save it again as a PDF.';
    // Reading the file is asynchronous, and slow on a loaded machine.
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getAllByRole('button', { name: 'Save resource' })[0] as HTMLElement);
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(0));
    expect(uploads.calls).toEqual([]);
  });

  it('uploads a real PDF with its declared type', async () => {
    renderForm('file');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Worksheet');
    await user.upload(
      fileInput(),
      new File(['%PDF-1.4\n%%EOF\n'], 'worksheet.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getAllByRole('button', { name: 'Save resource' })[0] as HTMLElement);
    await waitFor(() => expect(uploads.calls).toHaveLength(1), { timeout: 5000 });
    expect(uploads.calls[0]?.contentType).toBe('application/pdf');
    expect(uploads.calls[0]?.path).toMatch(/^resources\/res-[^/]+\/worksheet\.pdf$/);
  });

  it('offers only the allow-list to the file picker', async () => {
    renderForm('file');
    await screen.findByLabelText('Title');
    const accept = fileInput().accept.split(',');
    expect(accept).toContain('application/pdf');
    expect(accept).toContain('.pdf');
    expect(accept.some((a) => a.includes('*'))).toBe(false);
  });
});
