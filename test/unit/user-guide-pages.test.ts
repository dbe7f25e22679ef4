// The user guide's pages (issue 16): every page the spec lists exists, every page's frontmatter is
// valid (the build has already parsed it with the schema; a bad one fails before any test runs),
// and every page is written — at least 150 words, no placeholder left.
import { GUIDE_PAGES, loadGuidePage } from 'virtual:user-guide';
import { GUIDE_SEARCH_DOCS } from 'virtual:user-guide/search';
import { describe, expect, it } from 'vitest';
import { guideFrontmatterSchema, isGuideId, SPEC_GUIDE_PAGES } from '~/guide/guide-meta';

const MIN_WORDS = 150;

describe('the user guide', () => {
  it.each(SPEC_GUIDE_PAGES)('has the spec page %s', (id) => {
    expect(GUIDE_PAGES.map((page) => page.id)).toContain(id);
  });

  describe.each(GUIDE_PAGES.map((page) => [page.id, page] as const))('page %s', (id, page) => {
    it('has valid frontmatter and a well-formed id', () => {
      expect(isGuideId(id)).toBe(true);
      const { id: _id, path, words: _words, audience, ...frontmatter } = page;
      expect(
        guideFrontmatterSchema.safeParse({ ...frontmatter, ...(audience ? { audience } : {}) })
          .success,
      ).toBe(true);
      expect(path).toBe(`/docs/user-guide/${id}.md`);
    });

    it(`has at least ${MIN_WORDS} words and no placeholder`, () => {
      expect(page.words).toBeGreaterThanOrEqual(MIN_WORDS);
      const text = GUIDE_SEARCH_DOCS.find((doc) => doc.id === id)?.text ?? '';
      expect(text).not.toMatch(/PLACEHOLDER|TODO|lorem ipsum/i);
    });

    it('compiles to a component with its headings', async () => {
      const module = await loadGuidePage(id);
      expect(typeof module?.default).toBe('function');
      expect(module?.headings.length).toBeGreaterThan(0);
    });
  });
});
