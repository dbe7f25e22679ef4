// Pieces the members and roles pages share: the search and filter form (state in the URL, so a
// view can be bookmarked), role and status badges, and the pager.
import { Form } from '@remix-run/react';
import { isAdminRole, ROLES, type Role } from '~/domain/roles';
import { Badge } from '~/ui/Badge';
import { Button, ButtonLink } from '~/ui/Button';
import { Card } from '~/ui/Card';
import { SelectField, TextField } from '~/ui/form/Field';
import { ACTION_ICONS } from '~/ui/icons';
import { ROLE_LABELS, type ListedMember, type MemberFilters } from './member-rules';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
];

export function MemberFilterForm({
  filters,
  showStatus = true,
}: {
  filters: MemberFilters;
  showStatus?: boolean;
}) {
  return (
    <Card className="mb-4">
      <Form
        method="get"
        role="search"
        aria-label="Find members"
        className={`grid gap-3 sm:items-end ${showStatus ? 'sm:grid-cols-[2fr_1fr_1fr_auto]' : 'sm:grid-cols-[2fr_1fr_auto]'}`}
      >
        <TextField
          name="q"
          label="Search by name or e-mail"
          type="search"
          defaultValue={filters.q}
        />
        <SelectField
          name="role"
          label="Role"
          placeholder="Any role"
          options={ROLE_OPTIONS}
          defaultValue={filters.role}
        />
        {showStatus ? (
          <SelectField
            name="status"
            label="Status"
            placeholder="Any status"
            options={STATUS_OPTIONS}
            defaultValue={filters.status}
          />
        ) : null}
        <Button type="submit" variant="secondary" icon={ACTION_ICONS.search}>
          Show
        </Button>
      </Form>
    </Card>
  );
}

/** A member's roles as badges (a role is told by its name, not by a colour). */
export function RoleList({ roles }: { roles: readonly Role[] }) {
  if (roles.length === 0) return <span className="text-muted">No roles</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Roles">
      {roles.map((role) => (
        <li key={role}>
          <Badge tone={isAdminRole(role) ? 'info' : 'neutral'} icon={null}>
            {ROLE_LABELS[role]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** Active or suspended, in words with a matching icon. */
export function MemberStatus({ status }: { status: ListedMember['status'] }) {
  return status === 'active' ? (
    <Badge tone="success">Active</Badge>
  ) : (
    <Badge tone="danger">Suspended</Badge>
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
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      {page > 1 ? (
        <ButtonLink to={hrefFor(page - 1)} variant="secondary">
          Previous page
        </ButtonLink>
      ) : (
        <span />
      )}
      <p className="text-muted">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <ButtonLink to={hrefFor(page + 1)} variant="secondary">
          Next page
        </ButtonLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
