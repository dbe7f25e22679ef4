// The guide's reading order, as pure rules the viewer draws: the pages grouped by category (in the
// spec's category order, each by its `order`), the "For you" group a signed-in person sees first
// (their role page, then the pages written mainly for one of their roles), previous/next in the
// sidebar's reading order, and the one "back" link a page may offer.
import { safeRedirectTarget } from '~/auth/redirect-target';
import type { Role } from '~/domain/roles';
import {
  GUIDE_CATEGORIES,
  GUIDE_CATEGORY_LABELS,
  ROLE_GUIDE_PAGES,
  type GuideCategory,
  type GuideEntry,
} from './guide-meta';

export interface GuideGroup {
  /** A category, or 'forYou' for the pages picked for the signed-in person. */
  key: GuideCategory | 'forYou';
  label: string;
  pages: readonly GuideEntry[];
}

export const FOR_YOU_LABEL = 'For you';

function byOrder(a: GuideEntry, b: GuideEntry): number {
  return a.order - b.order || a.title.localeCompare(b.title);
}

/** Every category that has pages, in the spec's category order, its pages by `order`. */
export function groupByCategory(pages: readonly GuideEntry[]): GuideGroup[] {
  return GUIDE_CATEGORIES.map((category) => ({
    key: category,
    label: GUIDE_CATEGORY_LABELS[category],
    pages: pages.filter((page) => page.category === category).sort(byOrder),
  })).filter((group) => group.pages.length > 0);
}

/** The pages in the order the sidebar lists them by category (each page once). */
export function readingOrder(pages: readonly GuideEntry[]): GuideEntry[] {
  return groupByCategory(pages).flatMap((group) => group.pages);
}

/**
 * The pages for a signed-in person: the role page of each of their roles first (in the order the
 * roles are held), then the other pages whose audience names one of their roles, in reading order.
 * Nobody signed in (no roles): nothing.
 */
export function pagesForRoles(pages: readonly GuideEntry[], roles: readonly Role[]): GuideEntry[] {
  if (roles.length === 0) return [];
  const byId = new Map(pages.map((page) => [page.id, page]));
  const picked: GuideEntry[] = [];
  const seen = new Set<string>();
  for (const role of roles) {
    const page = byId.get(ROLE_GUIDE_PAGES[role]);
    if (page && !seen.has(page.id)) {
      picked.push(page);
      seen.add(page.id);
    }
  }
  for (const page of readingOrder(pages)) {
    if (seen.has(page.id)) continue;
    if (page.audience?.some((role) => roles.includes(role))) {
      picked.push(page);
      seen.add(page.id);
    }
  }
  return picked;
}

/** The sidebar's groups: "For you" first when the person has roles, then every category. */
export function sidebarGroups(pages: readonly GuideEntry[], roles: readonly Role[]): GuideGroup[] {
  const forYou = pagesForRoles(pages, roles);
  const categories = groupByCategory(pages);
  return forYou.length > 0
    ? [{ key: 'forYou', label: FOR_YOU_LABEL, pages: forYou }, ...categories]
    : categories;
}

/** The pages before and after `id` in reading order; null at either end (or for an unknown id). */
export function previousAndNext(
  pages: readonly GuideEntry[],
  id: string,
): { previous: GuideEntry | null; next: GuideEntry | null } {
  const order = readingOrder(pages);
  const index = order.findIndex((page) => page.id === id);
  if (index === -1) return { previous: null, next: null };
  return { previous: order[index - 1] ?? null, next: order[index + 1] ?? null };
}

/**
 * Where "Back to the page you were on" leads: a same-origin path from `?from=`, never another
 * site and never the guide itself (that would be a loop, not a way back).
 */
export function backTarget(from: string | null): string | null {
  const target = safeRedirectTarget(from);
  if (!target) return null;
  const path = target.split(/[?#]/)[0] ?? '';
  return path === '/help' || path.startsWith('/help/') ? null : target;
}
