// The checks a picked file passes before it is uploaded as an absence report's document (issue 32):
// the resources' checks (not empty, at most 25 MB, a type on the allow-list, a name that agrees
// with the type), then its first bytes, which must be what the type says (app/domain/file-sniff.ts:
// a web page named `note.pdf` is refused, saying what it really is). The messages speak of a
// document, not of sharing a resource (./document.ts documentMessage). Kept apart from
// ./document.ts so the sniffer is loaded with the Absences page's component, not with the home
// tile.
import { contentProblem } from '~/domain/file-sniff';
import { declaredTypeOf, uploadProblem } from '~/domain/resources';
import { readHead } from '~/ui/read-head';
import { documentMessage } from './document';

/** Why this file (its name, size, declared type and first bytes) may not be uploaded, or null. */
export function documentProblem(
  file: { name: string; size: number; type: string },
  head: Uint8Array,
): string | null {
  const problem = uploadProblem(file) ?? contentProblem(file, head);
  return problem === null ? null : documentMessage(problem);
}

/**
 * A picked file's declared type and why it may not be uploaded (null when it may): the resources'
 * checks, then its first bytes (a web page named `note.pdf` is refused, saying what it is).
 */
export async function checkDocumentFile(
  file: Blob & { name: string },
): Promise<{ contentType: string; problem: string | null }> {
  const contentType = declaredTypeOf(file);
  const declared = { name: file.name, size: file.size, type: contentType };
  const early = uploadProblem(declared);
  if (early !== null) return { contentType, problem: documentMessage(early) };
  return { contentType, problem: documentProblem(declared, await readHead(file)) };
}
