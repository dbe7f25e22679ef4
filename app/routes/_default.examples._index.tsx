import { Link, type MetaFunction } from '@remix-run/react';
import { ROUTE_HANDLES } from 'virtual:route-handles';
import { useSettings } from '~/settings/store';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export const handle = {
  title: 'Dashboard Examples',
  description: 'Examples of the dashboard design system.',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

/** The example pages, from their own handles. */
const EXAMPLES = ROUTE_HANDLES.filter((entry) => entry.path?.startsWith('/examples/'));

export default function Examples() {
  const skin = useSettings((s) => s.skin);
  return (
    <>
      <PageHeading title={handle.title} lead={handle.description} />
      <ul className="grid gap-4 sm:grid-cols-2">
        {EXAMPLES.map(({ path, handle: example }) => (
          <li key={path} className={`p-5 ${skin.card} ${skin.rounded}`}>
            <h2 className="text-lg font-semibold">
              <Link to={path ?? '/examples'} className={skin.link}>
                {example.title}
              </Link>
            </h2>
            <p className="mt-1 text-muted">{example.description}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
