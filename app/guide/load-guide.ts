// Loading one guide page for the viewer and the help panel. The manifest (virtual:user-guide) is its
// own chunk, loaded on first use, so the first load of the app carries none of the guide; the
// service worker precaches every guide chunk, so a page read once online opens offline.
// Failures are the spec's two toasts (§8): an id the guide does not have is 'Documentation page not
// found'; a page that cannot be loaded (a chunk missing offline, a broken deploy) is 'Failed to
// load documentation'.
import type { GuideEntry } from './guide-meta';
import type { GuidePageModule } from './guide-page-module';
import type { GUIDE_PAGES as GuidePages, loadGuidePage as LoadGuidePage } from 'virtual:user-guide';

export const GUIDE_NOT_FOUND_MESSAGE = 'Documentation page not found';
export const GUIDE_LOAD_FAILED_MESSAGE = 'Failed to load documentation';

export class GuidePageError extends Error {
  constructor(
    readonly kind: 'not-found' | 'load-failed',
    readonly pageId: string,
    options?: { cause?: unknown },
  ) {
    super(kind === 'not-found' ? GUIDE_NOT_FOUND_MESSAGE : GUIDE_LOAD_FAILED_MESSAGE, options);
    this.name = 'GuidePageError';
  }
}

export interface LoadedGuidePage {
  entry: GuideEntry;
  module: GuidePageModule;
  /** Every page of the guide, sorted by id (the viewer orders them for the person). */
  pages: readonly GuideEntry[];
}

/** Every page's entry (loads the manifest chunk). */
export async function loadGuidePages(): Promise<readonly GuideEntry[]> {
  try {
    return (await import('virtual:user-guide')).GUIDE_PAGES;
  } catch (cause) {
    throw new GuidePageError('load-failed', 'index', { cause });
  }
}

/** One page with the guide's page list; rejects with a GuidePageError. */
export async function loadGuide(id: string): Promise<LoadedGuidePage> {
  let manifest: { GUIDE_PAGES: typeof GuidePages; loadGuidePage: typeof LoadGuidePage };
  try {
    manifest = await import('virtual:user-guide');
  } catch (cause) {
    throw new GuidePageError('load-failed', id, { cause });
  }
  const entry = manifest.GUIDE_PAGES.find((page) => page.id === id);
  if (!entry) throw new GuidePageError('not-found', id);
  let module: GuidePageModule | null;
  try {
    module = await manifest.loadGuidePage(id);
  } catch (cause) {
    throw new GuidePageError('load-failed', id, { cause });
  }
  if (!module) throw new GuidePageError('not-found', id);
  return { entry, module, pages: manifest.GUIDE_PAGES };
}

/** The toast text for a failure of loadGuide (any other error counts as a failed load). */
export function guideErrorMessage(error: unknown): string {
  return error instanceof GuidePageError ? error.message : GUIDE_LOAD_FAILED_MESSAGE;
}
