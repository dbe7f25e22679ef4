// The modules scripts/user-guide-plugin.ts builds from docs/user-guide/**/*.mdx.
declare module 'virtual:user-guide' {
  import type { GuideEntry } from '~/guide/guide-meta';
  import type { GuidePageModule } from '~/guide/guide-page-module';

  /** Every page, sorted by id. */
  export const GUIDE_PAGES: readonly GuideEntry[];
  /** The page's module, or null when the guide has no such page; rejects when it cannot load. */
  export function loadGuidePage(id: string): Promise<GuidePageModule | null>;
  /** Whether the page came with the guide itself (spec §2's preloaded pages). */
  export function isPreloaded(id: string): boolean;
}

declare module 'virtual:user-guide/search' {
  import type { GuideSearchDoc } from '~/guide/guide-meta';

  export const GUIDE_SEARCH_DOCS: readonly GuideSearchDoc[];
}
