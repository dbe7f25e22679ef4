// Maps the current page to its user-guide page (spec §2 "Contextual help"). Each route names its
// page in its handle's `guide`; the deepest matched route that names one wins, so the dashboard
// layout's guide (navigation) covers every /dash/ page that names none — the spec's exact route,
// then prefix, then the documentation home.
import { GUIDE_HOME, guidePage, type GuidePage } from './pages';

export function guideForMatches(matches: ReadonlyArray<{ handle?: unknown }>): GuidePage {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (typeof handle !== 'object' || handle === null || !('guide' in handle)) continue;
    const page = typeof handle.guide === 'string' ? guidePage(handle.guide) : null;
    if (page) return page;
  }
  return GUIDE_HOME;
}
