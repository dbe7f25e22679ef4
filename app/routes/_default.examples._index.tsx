import { Link, type MetaFunction } from '@remix-run/react';
import { useSettings } from '~/settings/store';
import { PageHeading } from '~/ui/PageHeading';
import { pageMeta, ROUTE_META } from '~/ui/route-meta';

export const meta: MetaFunction = () => pageMeta('/examples');

const EXAMPLES = ['/examples/modal-buttons', '/examples/mobile-action-bar'] as const;

export default function Examples() {
  const skin = useSettings((s) => s.skin);
  return (
    <>
      <PageHeading
        title={ROUTE_META['/examples'].title}
        lead={ROUTE_META['/examples'].description}
      />
      <ul className="grid gap-4 sm:grid-cols-2">
        {EXAMPLES.map((path) => (
          <li key={path} className={`p-5 ${skin.card} ${skin.rounded}`}>
            <h2 className="text-lg font-semibold">
              <Link to={path} className={skin.link}>
                {ROUTE_META[path].title}
              </Link>
            </h2>
            <p className="mt-1 text-muted">{ROUTE_META[path].description}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
