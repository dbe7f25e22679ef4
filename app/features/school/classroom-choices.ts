// Which classrooms a classroom filter offers a person, and how its options are named. Shared by the
// calendar's and the resources library's filters, so the two pages agree. Pure.
//
// - Staff filter by any classroom. Everyone else filters by their own (taught, attended, or their
//   children's): another classroom's events and resources are not theirs to see, so choosing it
//   would only ever show an empty page. Someone with no classroom of their own is offered them all.
// - Two campuses may use the same classroom names ("Comets (ages 10–11)" at both): an option whose
//   name repeats in the list also names its campus, so the two can be told apart.
import type { Principal } from '~/domain/permissions';
import { isStaff } from '~/domain/roles';

type ClassroomPrincipal = Pick<Principal, 'roles' | 'classroomIds' | 'childClassroomIds'>;

export interface ClassroomOption {
  id: string;
  /** The classroom's name, followed by its campus's when another classroom has the same name. */
  label: string;
  campusId: string;
}

/** The person's own classrooms, sorted: taught or attended, and their children's. */
export function ownClassroomIds(principal: ClassroomPrincipal): string[] {
  const own = new Set<string>();
  if (principal.roles.some((r) => r === 'facilitator' || r === 'student')) {
    for (const id of principal.classroomIds) own.add(id);
  }
  if (principal.roles.includes('parent')) for (const id of principal.childClassroomIds) own.add(id);
  return [...own].sort();
}

/** The classrooms a filter offers this person: 'all' for staff and for those with none of their own. */
export function filterableClassroomIds(principal: ClassroomPrincipal): 'all' | ReadonlySet<string> {
  if (isStaff(principal.roles)) return 'all';
  const own = ownClassroomIds(principal);
  return own.length === 0 ? 'all' : new Set(own);
}

/**
 * A classroom filter's options, in the classrooms' order: those the person may filter by (plus
 * `keep`, the one chosen now, so a shared link still shows what it filters), of `campusId` when one
 * is chosen, each labelled with its campus when its name repeats among the options.
 */
export function classroomFilterOptions(
  classrooms: ReadonlyArray<{ id: string; name: string; campusId: string }>,
  campuses: ReadonlyArray<{ id: string; name: string }>,
  {
    offered,
    campusId = '',
    keep = '',
  }: { offered: 'all' | ReadonlySet<string>; campusId?: string; keep?: string },
): ClassroomOption[] {
  const shown = classrooms
    .filter((c) => !campusId || c.campusId === campusId)
    .filter((c) => offered === 'all' || offered.has(c.id) || (keep !== '' && c.id === keep));
  const uses = new Map<string, number>();
  for (const c of shown) uses.set(c.name, (uses.get(c.name) ?? 0) + 1);
  const campusName = new Map(campuses.map((c) => [c.id, c.name]));
  return shown.map((c) => ({
    id: c.id,
    label:
      (uses.get(c.name) ?? 0) > 1
        ? `${c.name} · ${campusName.get(c.campusId) ?? c.campusId}`
        : c.name,
    campusId: c.campusId,
  }));
}
