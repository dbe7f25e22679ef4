// The members list's paging and rows: logic the list page (member-route.ts) and its parts share.
import type { Member } from '~/domain/records';
import type { ListedMember } from './member-rules';

/** Rows per page: enough to scan, few enough to keep the page light. */
export const MEMBERS_PAGE_SIZE = 25;

export function toListed(member: Member): ListedMember & { member: Member } {
  return {
    id: member.id ?? member.memberUUID,
    email: member.email,
    displayName: member.displayName,
    roles: member.roles,
    status: member.status,
    member,
  };
}

/** The requested page number, clamped to the pages that exist. */
export function pageOf(
  params: URLSearchParams,
  total: number,
): { page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));
  const requested = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(requested) ? Math.min(Math.max(requested, 1), pageCount) : 1;
  return { page, pageCount };
}
