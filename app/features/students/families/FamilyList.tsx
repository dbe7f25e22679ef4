// The families list page under its heading: the search (a GET form, so it lives in the URL), the
// count, one row per family with its guardians' names, and the empty states that tell "none yet"
// from "not on this device yet" and from "nothing matches". The data comes from loadFamilyList
// (family-list.ts) through the route's clientLoader.
import { Form, Link } from '@remix-run/react';
import { useId } from 'react';
import { useSettings } from '~/settings/store';
import { Button, ButtonLink } from '~/ui/Button';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { EmptyState, PageHeading } from '~/ui/PageHeading';
import type { FamilyListData, FamilyListViewer } from './list-route';

/** The route handle's title and description, which head the list for staff. */
interface PageText {
  title: string;
  description: string;
}

interface ViewerText {
  title: string;
  lead: string;
  empty: string;
}

/** How the page speaks to a facilitator (their students' families) and to a parent. */
const VIEWER_TEXT: Record<Exclude<FamilyListViewer, 'staff'>, ViewerText> = {
  facilitator: {
    title: 'Your students’ families',
    lead: 'The families of the students in the classrooms you teach.',
    empty: 'No students are in your classrooms yet, so there are no families to show.',
  },
  parent: {
    title: 'Your family',
    lead: 'Your family and its guardians.',
    empty: 'No family is linked to your account yet.',
  },
};

/** How the page speaks to each viewer; staff, who see every family, get the page's own heading. */
function viewerText(viewer: FamilyListViewer, page: PageText): ViewerText {
  if (viewer !== 'staff') return VIEWER_TEXT[viewer];
  return { title: page.title, lead: page.description, empty: 'No families yet.' };
}

function statusText(data: { q: string; total: number; shown: number }): string {
  const noun = (n: number) => (n === 1 ? 'family' : 'families');
  if (data.total > data.shown) {
    return `Showing ${data.shown} of ${data.total} families; search to narrow them down.`;
  }
  if (data.q) {
    return `${data.total} ${data.total === 1 ? 'family matches' : 'families match'} “${data.q}”.`;
  }
  return `${data.total} ${noun(data.total)}`;
}

function requestCountText(count: number): string {
  return count === 1
    ? '1 request to add or remove a guardian waits for a decision:'
    : `${count} requests to add or remove a guardian wait for a decision:`;
}

export function FamilyList({ data, page }: { data: FamilyListData; page: PageText }) {
  const text = viewerText(data.viewer, page);
  const skin = useSettings((s) => s.skin);
  const searchId = useId();
  const newFamily = data.canWrite ? (
    <ButtonLink to="/dash/families/new">New family</ButtonLink>
  ) : null;
  return (
    <>
      <PageHeading
        title={text.title}
        lead={text.lead}
        actions={
          <div className="flex flex-wrap gap-2">
            <ButtonLink variant="secondary" to="/dash/students">
              Students
            </ButtonLink>
            {newFamily ? <div className="hidden sm:flex">{newFamily}</div> : null}
          </div>
        }
      />
      {data.requestsWaiting.length > 0 ? (
        <section
          aria-label="Guardian requests waiting"
          className={`mb-4 p-4 ${skin.info} ${skin.rounded}`}
        >
          <p className="font-medium">
            {requestCountText(data.requestsWaiting.reduce((sum, r) => sum + r.count, 0))}
          </p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {data.requestsWaiting.map((r) => (
              <li key={r.familyId}>
                <Link to={`/dash/families/${r.familyId}`} className={skin.link}>
                  The {r.familyName} family
                </Link>
                {r.count > 1 ? ` (${r.count})` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.familiesInCache > 0 ? (
        <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <label htmlFor={searchId} className="font-medium">
              Search families
            </label>
            <input
              id={searchId}
              type="search"
              name="q"
              defaultValue={data.q}
              className={`${skin.input} ${skin.rounded}`}
            />
          </div>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>
      ) : null}
      <p role="status" className="mb-2 text-muted" data-testid="families-count">
        {data.familiesInCache === 0
          ? ''
          : statusText({ q: data.q, total: data.total, shown: data.families.length })}
      </p>
      {!data.downloaded ? (
        <EmptyState title="The families are not on this device yet.">
          They download when this page opens with a connection to the server. Check the connection
          and open the page again.
        </EmptyState>
      ) : data.familiesInCache === 0 ? (
        <EmptyState title={text.empty}>
          {data.canWrite ? (
            <Link to="/dash/families/new" className={skin.link}>
              Add the first family
            </Link>
          ) : data.viewer === 'parent' ? (
            'Ask the office to link your account to your family.'
          ) : null}
        </EmptyState>
      ) : data.families.length === 0 ? (
        <EmptyState title={`No families match “${data.q}”.`}>
          Try another family or guardian name.
        </EmptyState>
      ) : (
        <ul className={`${skin.card} ${skin.rounded}`}>
          {data.families.map((f) => (
            <li key={f.id} className={`px-4 py-3 ${skin.listItem}`}>
              <Link to={`/dash/families/${f.id}`} className={skin.link}>
                The {f.familyName} family
              </Link>
              {f.guardians ? <span className="ml-2 text-muted">{f.guardians}</span> : null}
            </li>
          ))}
        </ul>
      )}
      {newFamily ? (
        <>
          <div aria-hidden="true" className="h-20 sm:hidden" />
          <MobileActionBar label="Family actions">{newFamily}</MobileActionBar>
        </>
      ) : null}
    </>
  );
}
