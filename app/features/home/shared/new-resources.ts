// The "new resources" tile shared by the home dashboards: the person's resources (the sync holds
// only those they may read, decision 046) added or changed in the last `days` days, newest first,
// each linking to its preview in the library.
import type { SessionUser } from '~/auth/session-user';
import { now as clockNow } from '~/domain/clock';
import { resourceTime, type ResourceRecord } from '~/features/resources';
import { loadResourcesData } from '~/features/resources';

export const RESOURCES_PATH = '/dash/resources';

export interface NewResource {
  id: string;
  title: string;
  /** "File" or "Link". */
  kind: string;
  /** When it was added or last changed (ISO). */
  at: string;
  href: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Resources written within `days` days before `now`, newest first, at most `limit`. */
export function newResources(
  resources: readonly ResourceRecord[],
  now: Date,
  { days = 14, limit = 5 }: { days?: number; limit?: number } = {},
): NewResource[] {
  const since = new Date(now.getTime() - days * DAY_MS).toISOString();
  return resources
    .map((r) => ({ r, at: resourceTime(r) }))
    .filter(({ at }) => at !== '' && at >= since)
    .sort((a, b) => b.at.localeCompare(a.at) || a.r.title.localeCompare(b.r.title))
    .slice(0, limit)
    .map(({ r, at }) => ({
      id: r.id,
      title: r.title,
      kind: r.kind === 'file' ? 'File' : 'Link',
      at,
      href: `${RESOURCES_PATH}?resource=${encodeURIComponent(r.id)}`,
    }));
}

/** The person's new resources from the cache (refreshed first when due). */
export async function loadNewResources(
  user: SessionUser,
  options?: { days?: number; limit?: number },
): Promise<NewResource[]> {
  const { resources } = await loadResourcesData(user);
  return newResources(resources, clockNow(), options);
}
