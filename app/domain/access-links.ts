// What the production Firestore rules need to know about a person's links to other records.
// The permission matrix's scopes follow links (a parent's children, a facilitator's classrooms and
// the families of their students); the fake resolves them by listing collections
// (resolvePrincipal), but Firestore rules cannot list, and may `get()` only a few documents. So the
// Cloud Functions keep the resolved links on the person's own Members document, as `access`, and
// the generated rules read that one document. Clients never write `access` (the matrix lets a
// member change only their preferences and profile), and the functions recompute it whenever a
// record it was computed from changes.
import { z } from 'zod';
import { memberAudienceKeys } from './audience';
import type { PermissionContext, Principal } from './permissions';

export const accessLinksSchema = z.object({
  /** Families the person is a guardian of (parents). */
  familyIds: z.array(z.string()),
  /** Students of those families (parents). */
  childIds: z.array(z.string()),
  /** Classrooms of those children (parents). */
  childClassroomIds: z.array(z.string()),
  /** Classrooms a facilitator teaches or a student attends. */
  classroomIds: z.array(z.string()),
  /** Families of the students in the classrooms a facilitator teaches. */
  studentFamilyIds: z.array(z.string()),
  studentId: z.string().nullable(),
  facilitatorId: z.string().nullable(),
  /** The person's audience keys (decision 046): events and resources whose keys meet these. */
  audienceKeys: z.array(z.string()),
});
export type AccessLinks = z.infer<typeof accessLinksSchema>;

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** The links of a resolved principal, as the rules read them (sorted, so rewrites are stable). */
export function accessLinksOf(principal: Principal, ctx: PermissionContext): AccessLinks {
  const studentFamilyIds = new Set<string>();
  if (principal.roles.includes('facilitator') && principal.classroomIds.length > 0) {
    for (const student of ctx.list('students')) {
      const classrooms = Array.isArray(student.data.classroomIds) ? student.data.classroomIds : [];
      const familyId = student.data.familyId;
      if (
        typeof familyId === 'string' &&
        classrooms.some((c) => typeof c === 'string' && principal.classroomIds.includes(c))
      ) {
        studentFamilyIds.add(familyId);
      }
    }
  }
  return {
    familyIds: sorted(principal.familyIds),
    childIds: sorted(principal.childIds),
    childClassroomIds: sorted(principal.childClassroomIds),
    classroomIds: sorted(principal.classroomIds),
    studentFamilyIds: sorted(studentFamilyIds),
    studentId: principal.studentId,
    facilitatorId: principal.facilitatorId,
    audienceKeys: memberAudienceKeys({
      roles: principal.roles,
      classroomIds: principal.classroomIds,
      childClassroomIds: principal.childClassroomIds,
      campusIds: principal.campusIds ?? [],
      childCampusIds: principal.childCampusIds ?? [],
    }),
  };
}
