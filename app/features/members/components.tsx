// Pieces the members and roles pages share: the search and filter form (state in the URL, so a
// view can be bookmarked), role badges and the pager.
import { Form, Link } from '@remix-run/react';
import { useId } from 'react';
import type { Member } from '~/domain/records';
import { ROLES, type Role } from '~/domain/roles';
import { useSettings } from '~/settings/store';
import { ROLE_LABELS, type ListedMember, type MemberFilters } from './member-rules';

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

export function MemberFilterForm({
  filters,
  showStatus = true,
}: {
  filters: MemberFilters;
  showStatus?: boolean;
}) {
  const skin = useSettings((s) => s.skin);
  const ids = { q: useId(), role: useId(), status: useId() };
  return (
    <Form
      method="get"
      role="search"
      aria-label="Find members"
      className={`mb-4 grid gap-3 p-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end ${skin.card} ${skin.rounded}`}
    >
      <div className="grid gap-1">
        <label htmlFor={ids.q} className="font-medium">
          Search by name or e-mail
        </label>
        <input
          id={ids.q}
          name="q"
          type="search"
          defaultValue={filters.q}
          className={`${skin.input} ${skin.rounded}`}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.role} className="font-medium">
          Role
        </label>
        <select
          id={ids.role}
          name="role"
          defaultValue={filters.role}
          className={`${skin.input} ${skin.rounded}`}
        >
          <option value="">Any role</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
      {showStatus ? (
        <div className="grid gap-1">
          <label htmlFor={ids.status} className="font-medium">
            Status
          </label>
          <select
            id={ids.status}
            name="status"
            defaultValue={filters.status}
            className={`${skin.input} ${skin.rounded}`}
          >
            <option value="">Any status</option>
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
          </select>
        </div>
      ) : null}
      <div>
        <button type="submit" className={`${skin.buttonSecondary} ${skin.rounded} w-full`}>
          Show
        </button>
      </div>
    </Form>
  );
}

export function RoleList({ roles }: { roles: readonly Role[] }) {
  if (roles.length === 0) return <span className="text-muted">No roles</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Roles">
      {roles.map((role) => (
        <li
          key={role}
          className="rounded border border-border bg-page px-2 py-0.5 text-sm font-medium text-fg"
        >
          {ROLE_LABELS[role]}
        </li>
      ))}
    </ul>
  );
}

/** Previous/next links that keep the filters in the URL. */
export function Pager({
  page,
  pageCount,
  params,
  label,
}: {
  page: number;
  pageCount: number;
  params: URLSearchParams;
  label: string;
}) {
  const skin = useSettings((s) => s.skin);
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={`${skin.buttonSecondary} ${skin.rounded}`}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <p className="text-muted">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={`${skin.buttonSecondary} ${skin.rounded}`}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
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
