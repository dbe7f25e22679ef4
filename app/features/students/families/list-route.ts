// What the families list route (/dash/families) loads for a signed-in person, so the route file
// stays thin. Staff get every family and a facilitator the families of their students (the sync's
// per-role scope fills the cache with exactly those), narrowed by the search in the URL. A parent
// linked to a family is sent to it; a role with no access to families gets 403.
import { redirect } from '@remix-run/react';
import type { SessionUser } from '~/auth/session';
import { loadCollection } from '~/data/route-data';
import { syncEngine } from '~/data/sync-status';
import { collectionAccess } from '~/domain/permissions';
import { isStaff } from '~/domain/roles';
import { notAllowed } from '~/ui/responses';
import { familyRecordSchema } from '../profile/load';
import { loadPendingRequestCounts } from './guardian-requests-route';

/** At most this many families are listed; the search narrows the rest down. */
const FAMILIES_SHOWN = 200;

/** Who reads the list: staff (every family), a facilitator (their students'), a parent. */
export type FamilyListViewer = 'staff' | 'facilitator' | 'parent';

/** The list page's data: the search, the matching families (at most FAMILIES_SHOWN), the counts. */
export async function loadFamilyList(user: SessionUser, url: URL) {
  const access = collectionAccess(user.roles, 'families');
  if (access === 'none') throw notAllowed();
  const staff = isStaff(user.roles);
  const facilitator = user.roles.includes('facilitator');
  if (!staff && user.roles.includes('parent') && user.member?.familyId) {
    throw redirect(`/dash/families/${user.member.familyId}`);
  }
  const viewer: FamilyListViewer = staff ? 'staff' : facilitator ? 'facilitator' : 'parent';
  const q = (url.searchParams.get('q') ?? '').trim();
  const needle = q.toLocaleLowerCase();
  // A parent whose account is not linked to a family has no list to read.
  const all =
    viewer === 'parent'
      ? []
      : await loadCollection('families', {
          schema: familyRecordSchema,
          // Several families share a name: the id keeps their order the same on every visit.
          sort: [{ field: 'familyName' }, { field: 'id' }],
        });
  // An empty cache that was never filled (offline since sign-in) is not "no families".
  const downloaded =
    viewer === 'parent' || (await syncEngine.isDue('families')).reason !== 'never-synced';
  // The guardian requests waiting for the office, by family (staff only: it decides them).
  const waiting =
    viewer === 'staff' ? await loadPendingRequestCounts(user) : new Map<string, number>();
  const matches = needle
    ? all.filter(
        (f) =>
          f.familyName.toLocaleLowerCase().includes(needle) ||
          f.guardians.some((g) => g.name.toLocaleLowerCase().includes(needle)),
      )
    : all;
  return {
    q,
    viewer,
    downloaded: downloaded || all.length > 0,
    familiesInCache: all.length,
    total: matches.length,
    families: matches.slice(0, FAMILIES_SHOWN).map((f) => ({
      id: f.id,
      familyName: f.familyName,
      guardians: f.guardians.map((g) => g.name).join(', '),
    })),
    canWrite: access === 'write',
    requestsWaiting: [...waiting]
      .map(([familyId, count]) => ({
        familyId,
        count,
        familyName: all.find((f) => f.id === familyId)?.familyName ?? familyId,
      }))
      .sort((a, b) => a.familyName.localeCompare(b.familyName)),
  };
}

export type FamilyListData = Awaited<ReturnType<typeof loadFamilyList>>;
