import { describe, expect, it } from 'vitest';
import {
  EMPTY_QUERY,
  filterResources,
  formatSize,
  libraryQueryToSearch,
  parseLibraryQuery,
  PREVIEW_NOT_SHOWN,
  previewKind,
  previewMismatch,
  type ResourceRecord,
} from './library';

function resource(id: string, fields: Partial<ResourceRecord> = {}): ResourceRecord {
  return {
    id,
    title: id,
    description: '',
    kind: 'link',
    url: 'https://example.org',
    classroomIds: [],
    audience: ['student'],
    audienceKeys: ['student'],
    createdBy: 'm1',
    ...fields,
  };
}

const list = [
  resource('a', {
    title: 'Fractions worksheet',
    kind: 'file',
    subjectId: 'math',
    createdAt: '2025-01-02T00:00:00Z',
  }),
  resource('b', {
    title: 'Reading list',
    subjectId: 'eng',
    classroomIds: ['c1'],
    createdAt: '2025-03-01T00:00:00Z',
  }),
  resource('c', {
    title: 'Écoute: French songs',
    subjectId: 'fr',
    classroomIds: ['c2'],
    createdAt: '2025-02-01T00:00:00Z',
    updatedAt: '2025-04-01T00:00:00Z',
  }),
];
const ids = (items: ResourceRecord[]) => items.map((r) => r.id);

describe('the resources library list', () => {
  it('puts the most recently written resource first by default', () => {
    expect(ids(filterResources(list, EMPTY_QUERY))).toEqual(['c', 'b', 'a']);
  });

  it('puts a resource waiting to sync (no server time yet) before everything else', () => {
    const pending = resource('d', { title: 'Just added' });
    expect(ids(filterResources([...list, pending], EMPTY_QUERY, new Set(['d'])))[0]).toBe('d');
  });

  it('sorts by title when asked, ignoring case and accents', () => {
    expect(ids(filterResources(list, { ...EMPTY_QUERY, sort: 'title' }))).toEqual(['c', 'a', 'b']);
  });

  it('filters by kind, subject and classroom', () => {
    expect(ids(filterResources(list, { ...EMPTY_QUERY, kind: 'file' }))).toEqual(['a']);
    expect(ids(filterResources(list, { ...EMPTY_QUERY, subject: 'eng' }))).toEqual(['b']);
    expect(ids(filterResources(list, { ...EMPTY_QUERY, classroom: 'c2' }))).toEqual(['c']);
  });

  it('searches titles word by word, without regard to case or accents', () => {
    expect(ids(filterResources(list, { ...EMPTY_QUERY, q: 'ecoute songs' }))).toEqual(['c']);
    expect(ids(filterResources(list, { ...EMPTY_QUERY, q: 'LIST' }))).toEqual(['b']);
    expect(filterResources(list, { ...EMPTY_QUERY, q: 'nothing like it' })).toEqual([]);
  });

  it('reads the URL and writes it back without the defaults, ignoring unknown values', () => {
    const query = parseLibraryQuery(
      new URLSearchParams('kind=pdf&sort=oldest&q=%20maps%20&subject=math'),
    );
    expect(query).toEqual({ ...EMPTY_QUERY, q: 'maps', subject: 'math' });
    expect(libraryQueryToSearch(query)).toBe('?subject=math&q=maps');
    expect(libraryQueryToSearch(EMPTY_QUERY)).toBe('');
  });

  it('says file sizes the way people read them and previews only images and PDFs', () => {
    expect(formatSize(12)).toBe('12 bytes');
    expect(formatSize(2 * 1024 * 1024)).toBe('2.0 MB');
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(previewKind('image/png')).toBe('image');
    expect(previewKind('image/svg+xml')).toBeNull();
    expect(previewKind('video/mp4')).toBeNull();
  });

  it('previews by the declared type exactly: no prefix, no parameters', () => {
    expect(previewKind('image/png,text/html')).toBeNull();
    expect(previewKind('application/pdf; x=y')).toBeNull();
    expect(previewKind('Application/PDF')).toBeNull();
    expect(previewKind('image/x-icon')).toBeNull();
    expect(previewKind(undefined)).toBeNull();
  });

  it('shows a file only when its first bytes are what its type says, and says what it is', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(previewMismatch('application/pdf', bytes('%PDF-1.4\n'))).toBeNull();
    expect(previewMismatch('application/pdf', bytes('<html><script>alert(1)</script>'))).toBe(
      'This file is not shown: it says it is a PDF, but it is a web page (HTML). Download it only if you trust who shared it.',
    );
    expect(previewMismatch('image/png', bytes('%PDF-1.4'))).toContain('but it is a PDF');
    expect(previewMismatch('text/html', bytes('<html>'))).toBe(PREVIEW_NOT_SHOWN);
    expect(previewMismatch(undefined, bytes('%PDF-'))).toBe(PREVIEW_NOT_SHOWN);
  });
});
