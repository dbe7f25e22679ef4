// The facilitators list page under its heading: the search and status filter (a GET form, so the
// view lives in the URL and can be bookmarked), the count, one row per facilitator with campus,
// subjects and status, and the empty states that tell "none yet" from "not on this device yet".
// The data comes from loadFacilitatorList (list-route.ts) through the route's clientLoader.
import { Form, Link, useSearchParams, useSubmit } from '@remix-run/react';
import { useId } from 'react';
import { useSettings } from '~/settings/store';
import { Button, ButtonLink } from '~/ui/Button';
import { FilterSelect } from '~/ui/form/FilterSelect';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { EmptyState, PageHeading } from '~/ui/PageHeading';
import type { FacilitatorListData, FacilitatorViewer } from './list-route';

/** The route handle's title and description, which head the list for someone who sees every one. */
interface PageText {
  title: string;
  description: string;
}

interface ViewerText {
  title: string;
  lead: string;
  empty: string;
  hint: string;
}

/** The heading, lead and empty state for a parent and for a student. */
const VIEWER_TEXT: Record<Exclude<FacilitatorViewer, 'everyone'>, ViewerText> = {
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

/** The heading, lead and empty state for each kind of viewer; the full list wears the page's own. */
function viewerText(viewer: FacilitatorViewer, page: PageText): ViewerText {
  if (viewer !== 'everyone') return VIEWER_TEXT[viewer];
  return { title: page.title, lead: page.description, empty: 'No facilitators yet.', hint: '' };
}

export function FacilitatorList({ data, page }: { data: FacilitatorListData; page: PageText }) {
  const skin = useSettings((s) => s.skin);
  const submit = useSubmit();
  const [params] = useSearchParams();
  const searchId = useId();
  const { title, lead, empty, hint } = viewerText(data.viewer, page);
  const filtered = data.query !== '' || data.status !== 'all';

  return (
    <>
      <PageHeading
        title={title}
        lead={lead}
        actions={
          data.canManage ? (
            // On a phone these are in the action bar. `hidden` on the buttons themselves would lose
            // to their own inline-flex, so a wrapper hides them.
            <div className="hidden flex-wrap gap-2 sm:flex">
              <ButtonLink to="/dash/facilitators/new">Add facilitator</ButtonLink>
              <ButtonLink variant="secondary" to="/dash/import">
                Import from CSV
              </ButtonLink>
            </div>
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
            <FilterSelect
              label="Status"
              name="status"
              defaultValue={data.status}
              onChange={(event) => {
                const next = new URLSearchParams(params);
                next.set('status', event.currentTarget.value);
                submit(next, { method: 'get', replace: true });
              }}
              selectClassName="w-auto"
              allLabel="All"
              allValue="all"
              options={[
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
            />
            <Button type="submit" variant="secondary">
              Search
            </Button>
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
          <ButtonLink to="/dash/facilitators/new">Add facilitator</ButtonLink>
          <ButtonLink variant="secondary" to="/dash/import">
            Import from CSV
          </ButtonLink>
        </MobileActionBar>
      ) : null}
    </>
  );
}
