// The families (/dash/families), searchable by family or guardian name, for staff. A parent is
// taken to their own family; a student has no access to families (403).
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
import { collectionAccess } from '~/domain/permissions';
import { notAllowed } from '~/features/students/forms/student-routes';
import { familyRecordSchema } from '~/features/students/profile/load-record';
import { useSettings } from '~/settings/store';
import { GeneralErrorBoundary } from '~/ui/errors';
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
  if (!staff && user.roles.includes('parent') && user.member?.familyId) {
    throw redirect(`/dash/families/${user.member.familyId}`);
  }
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim();
  const needle = q.toLocaleLowerCase();
  const all = await loadCollection('families', {
    schema: familyRecordSchema,
    sort: [{ field: 'familyName' }],
  });
  const matches = needle
    ? all.filter(
        (f) =>
          f.familyName.toLocaleLowerCase().includes(needle) ||
          f.guardians.some((g) => g.name.toLocaleLowerCase().includes(needle)),
      )
    : all;
  return {
    q,
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

export default function Families() {
  const data = useLoaderData<typeof clientLoader>();
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
        title="Families"
        lead="Families and their guardians."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/dash/students" className={`${skin.buttonSecondary} ${skin.rounded}`}>
              Students
            </Link>
            {newFamily ? <div className="hidden sm:flex">{newFamily}</div> : null}
          </div>
        }
      />
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
      <p role="status" className="mb-2 text-muted">
        {data.total === 0
          ? 'No families match.'
          : data.total > data.families.length
            ? `Showing ${data.families.length} of ${data.total} families; search to narrow them down.`
            : `${data.total} ${data.total === 1 ? 'family' : 'families'}`}
      </p>
      {data.families.length === 0 ? (
        <EmptyState title="No families to show." />
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
