// Facilitator forms and who may use them. Staff who may write facilitators (the matrix's 'all'
// write scope: admin and superAdmin) edit every field; a facilitator edits only the own-profile
// fields the matrix's 'ownFacilitatorProfile' scope allows (the fake backend refuses anything more).
import { z } from 'zod';
import { PERMISSION_MATRIX } from '~/domain/permissions';
import type { Facilitator } from '~/domain/records';
import type { Role } from '~/domain/roles';
import {
  centrePhoneNumber as phoneNumber,
  optionalEmailAddress,
  personName,
  plainText,
  requiredChoice,
  stringList,
} from '~/ui/form/fields';

export const FACILITATOR_STATUSES = ['active', 'inactive'] as const;

/** Fields a facilitator may change on their own record (permissions.ts, ownFacilitatorProfile). */
export const OWN_PROFILE_FIELDS = ['firstName', 'lastName', 'phone', 'bio'] as const;

/** Whether these roles may create and edit every facilitator. */
export function canManageFacilitators(roles: readonly Role[]): boolean {
  return roles.some((role) => PERMISSION_MATRIX.facilitators[role].write === 'all');
}

/** Whether these roles may edit their own facilitator profile fields. */
export function canEditOwnProfile(roles: readonly Role[]): boolean {
  return roles.some(
    (role) => PERMISSION_MATRIX.facilitators[role].write === 'ownFacilitatorProfile',
  );
}

/** Whether `facilitator` is the signed-in member's own record. */
export function isOwnFacilitator(
  facilitator: Facilitator,
  user: { memberUUID: string; member: { facilitatorId?: string } | null },
): boolean {
  // The backend's rule checks memberUUID, so that is what decides; facilitatorId alone is not enough.
  return facilitator.memberUUID !== '' && facilitator.memberUUID === user.memberUUID;
}

/** What a facilitator may change about themselves. */
export const ownProfileFormSchema = z.object({
  firstName: personName('first name'),
  lastName: personName('last name'),
  phone: phoneNumber,
  bio: plainText(1000),
});

/** The full form for staff; the campus must exist. */
export function staffFacilitatorFormSchema(campusIds: readonly string[]) {
  return z.object({
    firstName: personName('first name'),
    lastName: personName('last name'),
    email: optionalEmailAddress({ invalid: 'Enter an e-mail address.' }),
    phone: phoneNumber,
    campusId: requiredChoice('Choose the campus.').refine(
      (id) => campusIds.includes(id),
      'Choose the campus.',
    ),
    subjectIds: stringList,
    classroomIds: stringList,
    status: z.enum(FACILITATOR_STATUSES, {
      errorMap: () => ({ message: 'Choose active or inactive.' }),
    }),
    bio: plainText(1000),
  });
}

/** The staff form's fields and the own-profile form's, as the conflict check compares them. */
export const STAFF_FORM_FIELDS = Object.keys(staffFacilitatorFormSchema([]).shape);
export const OWN_FORM_FIELDS: readonly string[] = OWN_PROFILE_FIELDS;

/** Each field's label, as the conflict panel names it (decision 052). */
export const FACILITATOR_FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  campusId: 'Campus',
  status: 'Status',
  subjectIds: 'Subjects taught',
  classroomIds: 'Classrooms',
  bio: 'Bio',
};
