// The checks a picked file passes before it is uploaded as an absence report's document (issue 32):
// the resources' checks and its first bytes, said in words about a document.
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '~/domain/resources';
import { DOCUMENT_MESSAGES } from './document';
import { checkDocumentFile, documentProblem } from './document-file';

const encode = (text: string) => new TextEncoder().encode(text);
const PDF_HEAD = encode('%PDF-1.7\n');

describe('the checks before an upload', () => {
  it('takes a PDF that is a PDF', () => {
    const file = { name: 'note.pdf', size: 2000, type: 'application/pdf' };
    expect(documentProblem(file, PDF_HEAD)).toBeNull();
  });

  it('says what is wrong, in words about a document rather than a shared resource', () => {
    expect(documentProblem({ name: 'note.pdf', size: 0, type: 'application/pdf' }, PDF_HEAD)).toBe(
      UPLOAD_MESSAGES.empty,
    );
    expect(
      documentProblem(
        { name: 'scan.pdf', size: MAX_UPLOAD_BYTES + 1, type: 'application/pdf' },
        PDF_HEAD,
      ),
    ).toBe(DOCUMENT_MESSAGES.tooLarge);
    expect(
      documentProblem({ name: 'page.html', size: 10, type: 'text/html' }, encode('<html>')),
    ).toBe(DOCUMENT_MESSAGES.wrongType);
    expect(
      documentProblem({ name: 'setup.exe', size: 10, type: 'application/pdf' }, encode('MZ')),
    ).toBe(
      '“setup.exe” says it is a PDF, but its name does not end in .pdf. Choose the right file, or rename it.',
    );
    expect(
      documentProblem(
        { name: 'note.pdf', size: 40, type: 'application/pdf' },
        encode('<!DOCTYPE html><html>'),
      ),
    ).toBe(
      '“note.pdf” is not a PDF: it is a web page (HTML). Choose another file, or save it again as a PDF.',
    );
    for (const message of Object.values(DOCUMENT_MESSAGES)) expect(message).not.toMatch(/link/i);
  });

  it('reads a picked file’s type from its name when the browser gives none, then its first bytes', async () => {
    const pdf = new File(['%PDF-1.4\n%%EOF\n'], 'note.pdf', { type: '' });
    expect(await checkDocumentFile(pdf)).toEqual({ contentType: 'application/pdf', problem: null });
    const fake = new File(['MZ\u0090\u0000'], 'note.pdf', { type: 'application/pdf' });
    expect((await checkDocumentFile(fake)).problem).toMatch(/^“note\.pdf” is not a PDF: it is/);
    const exe = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });
    expect((await checkDocumentFile(exe)).problem).toBe(DOCUMENT_MESSAGES.wrongType);
  });
});

