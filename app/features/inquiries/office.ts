// Who works the inquiry pipeline: the roles the permission matrix lets read and write every
// inquiry (the office and admins). Everyone else with the area (parents) sees their own.
import { PERMISSION_MATRIX } from '~/domain/permissions';
import type { Role } from '~/domain/roles';

export function managesInquiries(roles: readonly Role[]): boolean {
  return roles.some((role) => PERMISSION_MATRIX.parentInquiries[role].write === 'all');
}

export const INQUIRIES_PATH = '/dash/parent-inquiries';

/** The conversion screen of an enrolled inquiry: family and student editors, pre-filled. */
export function conversionHref(inquiryId: string): string {
  return `${INQUIRIES_PATH}/${encodeURIComponent(inquiryId)}/convert`;
}
