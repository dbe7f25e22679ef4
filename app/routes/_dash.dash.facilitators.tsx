// The facilitators list (/dash/facilitators): search by name and a status filter, both kept in the
// URL so a view can be bookmarked. Everyone sees what their cache holds, which the sync scopes to
// the role: staff and facilitators every facilitator, a parent those who teach their children's
// classrooms, a student those who teach their own classrooms.
import {
  Form,
  Link,
  useLoaderData,
  useSearchParams,
  useSubmit,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { useId } from 'react';
import { z } from 'zod';
import { requireArea } from '~/auth/guards';
import { loadCollection, useRevalidateOnDataChange } from '~/data/route-data';
import { syncEngine } from '~/data/sync-status';
import { PERMISSION_MATRIX } from '~/domain/permissions';
import { campusSchema, facilitatorSchema, subjectSchema } from '~/domain/records';
import type { Role } from '~/domain/roles';
import { canManageFacilitators, FACILITATOR_STATUSES } from '~/features/facilitators/schemas';
import { useSettings } from '~/settings/store';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { EmptyState, PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

const statusFilterSchema = z.enum(['all', ...FACILITATOR_STATUSES]).catch('all');

type Viewer = 'everyone' | 'parent' | 'student';

/** Whose facilitators the person sees: all of them, their children's, or their own classrooms'. */
function viewerOf(roles: readonly Role[]): Viewer {
  if (roles.some((role) => PERMISSION_MATRIX.facilitators[role].read === 'all')) return 'everyone';
  return roles.includes('parent') ? 'parent' : 'student';
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  const url = new URL(request.url);
  const query = (url.searchParams.get('q') ?? '').trim();
  const status = statusFilterSchema.parse(url.searchParams.get('status') ?? 'all');
  const [all, campuses, subjects] = await Promise.all([
    loadCollection('facilitators', {
      schema: facilitatorSchema,
      sort: [{ field: 'lastName' }, { field: 'firstName' }],
    }),
    loadCollection('campuses', { schema: campusSchema }),
    loadCollection('subjects', { schema: subjectSchema }),
  ]);
  // An empty cache that was never filled (offline since sign-in) is not "no facilitators".
  const downloaded =
    all.length > 0 || (await syncEngine.isDue('facilitators')).reason !== 'never-synced';
  const needle = query.toLowerCase();
  const facilitators = all.filter(
    (f) =>
      (status === 'all' || f.status === status) &&
      (needle === '' || `${f.firstName} ${f.lastName} ${f.email}`.toLowerCase().includes(needle)),
  );
  return {
    facilitators,
    total: all.length,
    downloaded,
    viewer: viewerOf(user.roles),
    query,
    status,
    canManage: canManageFacilitators(user.roles),
    memberUUID: user.memberUUID,
    campusNames: Object.fromEntries(campuses.flatMap((c) => (c.id ? [[c.id, c.name]] : []))),
    subjectNames: Object.fromEntries(subjects.flatMap((s) => (s.id ? [[s.id, s.name]] : []))),
  };
}

export const handle = {
  title: 'Facilitators',
  description: 'Facilitators, their subjects and classrooms.',
  area: 'facilitators',
  nav: { label: 'Facilitators', order: 40 },
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

/** The heading, lead and empty state for each kind of viewer. */
const VIEWER_TEXT: Record<Viewer, { title: string; lead: string; empty: string; hint: string }> = {
  everyone: {
    title: handle.title,
    lead: handle.description,
    empty: 'No facilitators yet.',
    hint: '',
  },
  parent: {
    title: 'Your children’s facilitators',
    lead: 'The facilitators who teach your children’s classrooms.',
    empty: 'No facilitator teaches your children’s classrooms yet.',
    hint: 'A child who is not placed in a classroom yet has no facilitators. The office can tell you more.',
  },
  student: {
    title: 'Your facilitators',
    lead: 'The facilitators who teach your classrooms.',
    empty: 'No facilitator teaches your classrooms yet.',
    hint: 'The office can tell you who will teach your classes.',
  },
};

export default function FacilitatorsList() {
  const data = useLoaderData<typeof clientLoader>();
  useRevalidateOnDataChange(['facilitators', 'campuses', 'subjects']);
  const skin = useSettings((s) => s.skin);
  const submit = useSubmit();
  const [params] = useSearchParams();
  const searchId = useId();
  const statusId = useId();
  const { title, lead, empty, hint } = VIEWER_TEXT[data.viewer];
  const filtered = data.query !== '' || data.status !== 'all';

  return (
    <>
      <PageHeading
        title={title}
        lead={lead}
        actions={
          data.canManage ? (
            <Link
              to="/dash/facilitators/new"
              className={`${skin.button} ${skin.rounded} hidden sm:inline-flex`}
            >
              Add facilitator
            </Link>
          ) : undefined
        }
      />
      {!data.downloaded ? (
        <EmptyState title="The facilitators are not on this device yet.">
          They download when this page opens with a connection to the server. Check the connection
          and open the page again.
        </EmptyState>
      ) : data.total === 0 ? (
        <EmptyState title={empty}>
          {data.canManage ? 'Use “Add facilitator” to add the first one.' : hint || null}
        </EmptyState>
      ) : (
        <>
          <Form
            method="get"
            role="search"
            aria-label="Filter facilitators"
            className="mb-4 flex flex-wrap items-end gap-3"
          >
            <div className="grid gap-1">
              <label htmlFor={searchId} className="font-medium">
                Search by name or e-mail
              </label>
              <input
                id={searchId}
                type="search"
                name="q"
                defaultValue={data.query}
                className={`${skin.input} ${skin.rounded}`}
              />
            </div>
            <div className="grid gap-1">
              <label htmlFor={statusId} className="font-medium">
                Status
              </label>
              <select
                id={statusId}
                name="status"
                defaultValue={data.status}
                onChange={(event) => {
                  const next = new URLSearchParams(params);
                  next.set('status', event.currentTarget.value);
                  submit(next, { method: 'get', replace: true });
                }}
                className={`${skin.input} ${skin.rounded} w-auto`}
              >
                <option value="all">All</option>
                <option value="active">Active</option>
                <option value="inactive">Inactive</option>
              </select>
            </div>
            <button type="submit" className={`${skin.buttonSecondary} ${skin.rounded}`}>
              Search
            </button>
          </Form>
          <p role="status" className="mb-2 text-sm text-muted" data-testid="facilitators-count">
            {filtered
              ? `${data.facilitators.length} of ${data.total} ${data.total === 1 ? 'facilitator matches' : 'facilitators match'}.`
              : `${data.total} ${data.total === 1 ? 'facilitator' : 'facilitators'}.`}
          </p>
          {data.facilitators.length === 0 ? (
            <EmptyState title="No facilitators match.">
              Try another name, or set the status to “All”.
            </EmptyState>
          ) : (
            <ul className={`${skin.card} ${skin.rounded} overflow-hidden`}>
              {data.facilitators.map((f) => (
                <li
                  key={f.id}
                  className={`flex flex-wrap items-center justify-between gap-2 px-4 py-3 ${skin.listItem}`}
                >
                  <div className="min-w-0">
                    <Link
                      to={`/dash/facilitators/${f.id ?? ''}`}
                      className={`font-semibold ${skin.link}`}
                    >
                      {f.firstName} {f.lastName}
                    </Link>
                    {f.memberUUID !== '' && f.memberUUID === data.memberUUID ? (
                      <span className="ml-2 text-sm text-muted">(you)</span>
                    ) : null}
                    <p className="text-sm text-muted">
                      {[
                        data.campusNames[f.campusId] ?? null,
                        f.subjectIds
                          .map((id) => data.subjectNames[id])
                          .filter(Boolean)
                          .join(', ') || null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <span
                    className={`px-2 py-0.5 text-sm ${f.status === 'active' ? skin.success : skin.warning} ${skin.rounded}`}
                  >
                    {f.status === 'active' ? 'Active' : 'Inactive'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {data.canManage ? (
        <MobileActionBar label="Facilitator actions">
          <Link to="/dash/facilitators/new" className={`${skin.button} ${skin.rounded}`}>
            Add facilitator
          </Link>
        </MobileActionBar>
      ) : null}
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';
