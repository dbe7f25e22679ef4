// The page of members both the members list and the roles page show: filters from the URL, one
// page of rows from the members cache, and the counts the pager needs.
import { loadCollection } from '~/data/route-data';
import { memberSchema } from '~/domain/records';
import { MEMBERS_PAGE_SIZE, pageOf, toListed } from './components';
import { filterMembers, readMemberFilters } from './member-rules';

export async function loadMemberPage(request: Request) {
  const params = new URL(request.url).searchParams;
  const filters = readMemberFilters(params);
  const all = (await loadCollection('members', { schema: memberSchema })).map(toListed);
  const matching = filterMembers(all, filters);
  const { page, pageCount } = pageOf(params, matching.length);
  const start = (page - 1) * MEMBERS_PAGE_SIZE;
  const rows = matching
    .slice(start, start + MEMBERS_PAGE_SIZE)
    .map(({ member: _member, ...row }) => row);
  return { filters, rows, total: all.length, matching: matching.length, page, pageCount };
}
