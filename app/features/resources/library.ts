// The resources library's view state and list rules, pure so they are tested beside them: the URL's
// filters (?kind=&subject=&classroom=&q=&sort=), which resources match, and their order (newest
// first by default: the latest of createdAt/updatedAt, so a record saved on this device and not yet
// stamped by the backend still comes first).
import { contentAgrees, sniff } from '~/domain/file-sniff';
import type { Resource } from '~/domain/records';
import { isAllowedType, typeLabel } from '~/domain/resources';

export type ResourceRecord = Resource & { id: string };

export const RESOURCE_SORTS = ['newest', 'title'] as const;
export type ResourceSort = (typeof RESOURCE_SORTS)[number];

export interface LibraryQuery {
  kind: '' | 'link' | 'file';
  subject: string;
  classroom: string;
  q: string;
  sort: ResourceSort;
  /** A resource to open (from a notification, or the Open button). */
  resource: string;
}

export const EMPTY_QUERY: LibraryQuery = {
  kind: '',
  subject: '',
  classroom: '',
  q: '',
  sort: 'newest',
  resource: '',
};

/** Reads the view state from the URL; anything unknown falls back to the default. */
export function parseLibraryQuery(params: URLSearchParams): LibraryQuery {
  const kind = params.get('kind');
  const sort = params.get('sort');
  return {
    kind: kind === 'link' || kind === 'file' ? kind : '',
    subject: params.get('subject')?.trim() ?? '',
    classroom: params.get('classroom')?.trim() ?? '',
    q: params.get('q')?.trim().slice(0, 200) ?? '',
    sort: sort === 'title' ? 'title' : 'newest',
    resource: params.get('resource')?.trim() ?? '',
  };
}

/** The query as a URL search string, defaults left out ('' when nothing is set). */
export function libraryQueryToSearch(query: Partial<LibraryQuery>): string {
  const params = new URLSearchParams();
  if (query.kind) params.set('kind', query.kind);
  if (query.subject) params.set('subject', query.subject);
  if (query.classroom) params.set('classroom', query.classroom);
  if (query.q) params.set('q', query.q);
  if (query.sort && query.sort !== 'newest') params.set('sort', query.sort);
  if (query.resource) params.set('resource', query.resource);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** True when any filter narrows the list (the sort and the open resource do not). */
export function isFiltered(query: LibraryQuery): boolean {
  return Boolean(query.kind || query.subject || query.classroom || query.q);
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** When the resource was last written, as an ISO string ('' when the backend has not stamped it). */
export function resourceTime(resource: Pick<Resource, 'createdAt' | 'updatedAt'>): string {
  const created = resource.createdAt ?? '';
  const updated = resource.updatedAt ?? '';
  return created > updated ? created : updated;
}

/** The resources the filters let through, in the chosen order. */
export function filterResources(
  resources: readonly ResourceRecord[],
  query: LibraryQuery,
  pendingIds: ReadonlySet<string> = new Set(),
): ResourceRecord[] {
  const words = fold(query.q).split(/\s+/).filter(Boolean);
  const matching = resources.filter((r) => {
    if (query.kind && r.kind !== query.kind) return false;
    if (query.subject && r.subjectId !== query.subject) return false;
    if (query.classroom && !r.classroomIds.includes(query.classroom)) return false;
    if (words.length > 0) {
      const title = fold(r.title);
      if (!words.every((word) => title.includes(word))) return false;
    }
    return true;
  });
  const byTitle = (a: ResourceRecord, b: ResourceRecord) =>
    a.title.localeCompare(b.title, undefined, { sensitivity: 'base', numeric: true }) ||
    a.id.localeCompare(b.id);
  if (query.sort === 'title') return matching.sort(byTitle);
  return matching.sort((a, b) => {
    // Saved on this device and not yet sent: the newest there is, whatever the clock says.
    const pending = Number(pendingIds.has(b.id)) - Number(pendingIds.has(a.id));
    if (pending !== 0) return pending;
    // No server time yet: written on this device since the last refresh, so newer than any stamped.
    const newest = (r: ResourceRecord) => resourceTime(r) || '\uffff';
    const time = newest(b).localeCompare(newest(a));
    return time !== 0 ? time : byTitle(a, b);
  });
}

/** "2.0 MB", "350 KB", "12 bytes". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A short name for a file's type: "PDF", "Image", "Word document"… */
export function fileTypeLabel(mimeType: string | undefined): string {
  const type = (mimeType ?? '').toLowerCase();
  if (type === 'application/pdf') return 'PDF';
  if (type.startsWith('image/')) return 'Image';
  if (type.startsWith('audio/')) return 'Audio';
  if (type.startsWith('video/')) return 'Video';
  if (type.includes('word') || type.includes('opendocument.text') || type === 'application/rtf') {
    return 'Document';
  }
  if (type.includes('excel') || type.includes('spreadsheet') || type === 'text/csv') {
    return 'Spreadsheet';
  }
  if (type.includes('powerpoint') || type.includes('presentation')) return 'Presentation';
  if (type === 'text/plain') return 'Text';
  return 'File';
}

/** The images the preview shows as `<img>` (never SVG: it is not on the upload list either). */
const PREVIEW_IMAGES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * How the preview dialog shows a file, by its declared type exactly: an image as `<img>`, a PDF in
 * a sandboxed frame, anything else not at all (download only).
 */
export function previewKind(mimeType: string | undefined): 'image' | 'pdf' | null {
  if (mimeType === 'application/pdf') return 'pdf';
  if (mimeType !== undefined && PREVIEW_IMAGES.includes(mimeType)) return 'image';
  return null;
}

/**
 * Why a file's bytes are not previewed, or null: its first bytes (`head`) are not what its declared
 * type says (a file stored before the upload form sniffed files, or written past it). The preview
 * shows only what the declared type's viewer can show, and this says what the file really is.
 */
export function previewMismatch(mimeType: string | undefined, head: Uint8Array): string | null {
  if (mimeType === undefined || !isAllowedType(mimeType)) return PREVIEW_NOT_SHOWN;
  if (contentAgrees(mimeType, head)) return null;
  return `This file is not shown: it says it is ${typeLabel(mimeType)}, but it is ${sniff(head).label}. Download it only if you trust who shared it.`;
}

export const PREVIEW_NOT_SHOWN = 'This kind of file has no preview here. Download it to open it.';

/** The file name of a storage path (its last segment). */
export function fileNameOf(storagePath: string): string {
  return storagePath.slice(storagePath.lastIndexOf('/') + 1) || 'file';
}
