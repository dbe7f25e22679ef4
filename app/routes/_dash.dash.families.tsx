// The families (/dash/families), searchable by family or guardian name: every family for staff, the
// families of their students for a facilitator (the sync's per-role scope fills the cache with
// exactly those). A parent is taken to their own family; a student has no access to families (403).
import {
  Form,
  Link,
  redirect,
  useLoaderData,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { useId } from 'react';
import { requireArea } from '~/auth/guards';
import { loadCollection, useRevalidateOnDataChange } from '~/data/route-data';
import { syncEngine } from '~/data/sync-status';
import { collectionAccess } from '~/domain/permissions';
import { familyRecordSchema } from '~/features/students/profile/load-record';
import { useSettings } from '~/settings/store';
import { GeneralErrorBoundary, notAllowed } from '~/ui/errors';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { EmptyState, PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

/** At most this many families are listed; the search narrows the rest down. */
const FAMILIES_SHOWN = 200;

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  const access = collectionAccess(user.roles, 'families');
  if (access === 'none') throw notAllowed();
  const staff = user.roles.some(
    (r) => r === 'admin' || r === 'superAdmin' || r === 'administration',
  );
  const facilitator = user.roles.includes('facilitator');
  if (!staff && user.roles.includes('parent') && user.member?.familyId) {
    throw redirect(`/dash/families/${user.member.familyId}`);
  }
  const viewer: 'staff' | 'facilitator' | 'parent' = staff
    ? 'staff'
    : facilitator
      ? 'facilitator'
      : 'parent';
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim();
  const needle = q.toLocaleLowerCase();
  // A parent whose account is not linked to a family has no list to read.
  const all =
    viewer === 'parent'
      ? []
      : await loadCollection('families', {
          schema: familyRecordSchema,
          // Several families share a name: the id keeps their order the same on every visit.
          sort: [{ field: 'familyName' }, { field: 'id' }],
        });
  // An empty cache that was never filled (offline since sign-in) is not "no families".
  const downloaded =
    viewer === 'parent' || (await syncEngine.isDue('families')).reason !== 'never-synced';
  const matches = needle
    ? all.filter(
        (f) =>
          f.familyName.toLocaleLowerCase().includes(needle) ||
          f.guardians.some((g) => g.name.toLocaleLowerCase().includes(needle)),
      )
    : all;
  return {
    q,
    viewer,
    downloaded: downloaded || all.length > 0,
    familiesInCache: all.length,
    total: matches.length,
    families: matches.slice(0, FAMILIES_SHOWN).map((f) => ({
      id: f.id,
      familyName: f.familyName,
      guardians: f.guardians.map((g) => g.name).join(', '),
    })),
    canWrite: access === 'write',
  };
}

export const handle = {
  title: 'Families',
  description: 'Families and their guardians.',
  area: 'families',
  nav: { label: 'Families', order: 30 },
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

/** How the page speaks to staff (every family), a facilitator (their students' families), a parent. */
const VIEWER_TEXT = {
  staff: {
    title: handle.title,
    lead: handle.description,
    empty: 'No families yet.',
  },
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
} as const;

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

export default function Families() {
  const data = useLoaderData<typeof clientLoader>();
  const text = VIEWER_TEXT[data.viewer];
  const skin = useSettings((s) => s.skin);
  const searchId = useId();
  useRevalidateOnDataChange(['families']);
  const newFamily = data.canWrite ? (
    <Link to="/dash/families/new" className={`${skin.button} ${skin.rounded}`}>
      New family
    </Link>
  ) : null;
  return (
    <>
      <PageHeading
        title={text.title}
        lead={text.lead}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/dash/students" className={`${skin.buttonSecondary} ${skin.rounded}`}>
              Students
            </Link>
            {newFamily ? <div className="hidden sm:flex">{newFamily}</div> : null}
          </div>
        }
      />
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
          <button type="submit" className={`${skin.buttonSecondary} ${skin.rounded}`}>
            Search
          </button>
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

export { GeneralErrorBoundary as ErrorBoundary };
