import { GUIDE_SEARCH_DOCS } from 'virtual:user-guide/search';
import { describe, expect, it } from 'vitest';
import { createGuideSearch, excerptAround } from './guide-search';
import type { GuideSearchDoc } from './guide-meta';

function doc(id: string, title: string, text: string, headings = ''): GuideSearchDoc {
  return {
    id,
    title,
    description: `About ${title.toLowerCase()}.`,
    category: 'features',
    headings,
    text,
  };
}

describe('searching the real guide', () => {
  const guide = createGuideSearch(GUIDE_SEARCH_DOCS);

  it('finds the working-offline page among the first results for "offline"', () => {
    const ids = guide.search('offline').map((result) => result.id);
    expect(ids.slice(0, 3)).toContain('features/working-offline');
  });

  it('finds every page by its own title', () => {
    for (const page of GUIDE_SEARCH_DOCS) {
      const ids = guide.search(page.title).map((result) => result.id);
      expect(ids, page.title).toContain(page.id);
    }
  });

  it('finds nothing for a word the guide does not use, and nothing for an empty query', () => {
    expect(guide.search('xylophonequartz')).toEqual([]);
    expect(guide.search('   ')).toEqual([]);
  });
});

describe('searching a small guide', () => {
  const guide = createGuideSearch([
    doc('a', 'Calendar', 'See the events of the week. Syncing happens later.'),
    doc('b', 'Messages', 'Write to a teacher. The calendar is elsewhere.', 'Sending a message'),
    doc('c', 'Working offline', 'Your changes wait on this device until the connection is back.'),
  ]);

  it('ranks a page whose title matches above one that only mentions the word', () => {
    expect(guide.search('calendar').map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('matches the start of a word while the person is still typing', () => {
    expect(guide.search('sync').map((r) => r.id)).toEqual(['a']);
  });

  it('forgives one wrong letter in a longer word', () => {
    expect(guide.search('ofline').map((r) => r.id)).toEqual(['c']);
  });

  it('searches the headings too', () => {
    expect(guide.search('sending').map((r) => r.id)).toEqual(['b']);
  });

  it('shows an excerpt of the text around the match', () => {
    expect(guide.search('connection')[0]?.excerpt).toContain('until the connection is back');
  });

  it('falls back to the description when only the title matches', () => {
    expect(guide.search('working')[0]?.excerpt).toBe('About working offline.');
  });
});

describe('excerpts', () => {
  it('cuts a long text at whole words around the match, marking what was left out', () => {
    const text = `${'lead words '.repeat(30)}the offline page explains it ${'tail words '.repeat(30)}`;
    const excerpt = excerptAround(text, ['offline']) ?? '';
    expect(excerpt.startsWith('… ')).toBe(true);
    expect(excerpt.endsWith(' …')).toBe(true);
    expect(excerpt).toContain('the offline page explains it');
    expect(excerpt.length).toBeLessThanOrEqual(150);
    expect(excerpt).not.toMatch(/… (?:ead|ords|ds) /);
  });

  it('joins the lines of the text into one', () => {
    expect(excerptAround('First block.\n\nSecond offline block.', ['offline'])).toBe(
      'First block. Second offline block.',
    );
  });

  it('gives nothing when no term is in the text', () => {
    expect(excerptAround('Nothing here.', ['offline'])).toBeNull();
  });
});
