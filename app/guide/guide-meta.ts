// What the user guide knows about its pages before any page is loaded (spec §2 "Documentation
// pages", §3 "Documentation page"): the categories, the frontmatter every page declares, the pages
// the spec names, and the addresses a page is reached at. The build (scripts/user-guide-plugin.ts)
// validates each page's frontmatter with this schema and stops with the file's name when it fails;
// the app reads the result through `virtual:user-guide`.
import { z } from 'zod';
import { utcDay } from '../domain/clock';
import { ROLES, type Role } from '../domain/roles';

export const GUIDE_CATEGORIES = [
  'general',
  'gettingStarted',
  'features',
  'roles',
  'troubleshooting',
] as const;
export type GuideCategory = (typeof GUIDE_CATEGORIES)[number];

export const GUIDE_CATEGORY_LABELS: Record<GuideCategory, string> = {
  general: 'General',
  gettingStarted: 'Getting started',
  features: 'Features',
  roles: 'Roles',
  troubleshooting: 'Troubleshooting',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A page's frontmatter. YAML reads an unquoted 2026-11-24 as a Date, so both spellings are taken
 * and the result is always the YYYY-MM-DD string.
 */
export const guideFrontmatterSchema = z
  .object({
    title: z.string().trim().min(1).max(80),
    /** One sentence: shown under the title, in search results and as the page's description. */
    description: z.string().trim().min(1).max(200),
    category: z.enum(GUIDE_CATEGORIES),
    /** Position within its category, ascending. */
    order: z.number().int().min(0).max(99),
    lastUpdated: z.union([
      z.string().regex(ISO_DATE, 'Use the form YYYY-MM-DD'),
      // YAML reads a bare date as UTC midnight: its UTC date is the one written.
      z.date().transform(utcDay),
    ]),
    /** The roles the page is mainly for (listed first for them); omitted: everyone. */
    audience: z.array(z.enum(ROLES)).min(1).optional(),
  })
  .strict();
export type GuideFrontmatter = z.infer<typeof guideFrontmatterSchema>;

/** One page of the guide, as the manifest lists it (spec §3: id, title, category, path, lastUpdated). */
export interface GuideEntry {
  /** Its id: the source's path under docs/user-guide without `.mdx`, e.g. 'features/calendar'. */
  id: string;
  title: string;
  description: string;
  category: GuideCategory;
  order: number;
  lastUpdated: string;
  audience: readonly Role[] | null;
  /** Where its markdown is served: /docs/user-guide/<id>.md. */
  path: string;
  /** The number of words of its text (the build counts them; the tests want at least 150). */
  words: number;
}

/** A heading of a page, for its table of contents and links to a section. */
export interface GuideHeading {
  id: string;
  text: string;
  depth: 2 | 3;
}

/** A page's text, for the guide's search. */
export interface GuideSearchDoc {
  id: string;
  title: string;
  description: string;
  category: GuideCategory;
  headings: string;
  text: string;
}

export const GUIDE_HOME_PAGE = 'index';

/** The pages the spec lists, which must all exist. */
export const SPEC_GUIDE_PAGES = [
  'index',
  'getting-started/signing-in',
  'getting-started/dashboard-overview',
  'getting-started/navigation',
  'features/notifications',
  'features/profile-management',
  'features/theme-settings',
  'features/search',
  'features/calendar',
  'roles/administrator',
  'roles/facilitator',
  'roles/parent',
  'roles/student',
  'troubleshooting/common-issues',
  'troubleshooting/getting-help',
  'accessing-documentation',
] as const;

/** Bundled with the guide itself, so they show without a second download (spec §2). */
export const PRELOADED_GUIDE_PAGES = [
  'index',
  'getting-started/signing-in',
  'getting-started/navigation',
  'troubleshooting/common-issues',
] as const;

/** The guide page each role is shown first (its role page). */
export const ROLE_GUIDE_PAGES: Record<Role, string> = {
  admin: 'roles/administrator',
  superAdmin: 'roles/administrator',
  administration: 'roles/administrator',
  facilitator: 'roles/facilitator',
  parent: 'roles/parent',
  student: 'roles/student',
};

/** The viewer's address of a page (and of one of its sections). */
export function guideHref(id: string, section?: string): string {
  const base = id === GUIDE_HOME_PAGE ? '/help' : `/help/${id}`;
  return section ? `${base}#${section}` : base;
}

/** Where a page's markdown source is served (spec §2: fetched under /docs/user-guide/). */
export function guideMarkdownPath(id: string): string {
  return `/docs/user-guide/${id}.md`;
}

/** A page id from a URL's splat or a handle: lower-case words and slashes, nothing else. */
export function isGuideId(value: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/.test(value);
}
