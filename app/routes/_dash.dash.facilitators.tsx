// The facilitators list (/dash/facilitators): search by name and a status filter, both kept in the
// URL so a view can be bookmarked. Everyone sees what their cache holds, which the sync scopes to
// the role (staff and facilitators: everyone; parents and students: possibly none).
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
import { campusSchema, facilitatorSchema, subjectSchema } from '~/domain/records';
import { canManageFacilitators, FACILITATOR_STATUSES } from '~/features/facilitators/schemas';
import { useSettings } from '~/settings/store';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { EmptyState, PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

const statusFilterSchema = z.enum(['all', ...FACILITATOR_STATUSES]).catch('all');

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
  const needle = query.toLowerCase();
  const facilitators = all.filter(
    (f) =>
      (status === 'all' || f.status === status) &&
      (needle === '' || `${f.firstName} ${f.lastName} ${f.email}`.toLowerCase().includes(needle)),
  );
  return {
    facilitators,
    total: all.length,
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

export default function FacilitatorsList() {
  const data = useLoaderData<typeof clientLoader>();
  useRevalidateOnDataChange(['facilitators', 'campuses', 'subjects']);
  const skin = useSettings((s) => s.skin);
  const submit = useSubmit();
  const [params] = useSearchParams();
  const searchId = useId();
  const statusId = useId();
  const { title, description } = handle;
  const filtered = data.query !== '' || data.status !== 'all';

  return (
    <>
      <PageHeading
        title={title}
        lead={description}
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
      {data.total === 0 ? (
        <EmptyState title="No facilitators to show.">
          {data.canManage
            ? 'Use “Add facilitator” to add the first one.'
            : 'None of the facilitators is shared with your account yet. The office can tell you who teaches your classes.'}
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
          <p role="status" className="mb-2 text-sm text-muted">
            {filtered
              ? `${data.facilitators.length} of ${data.total} facilitators match.`
              : `${data.total} facilitators.`}
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
