import { Link, useSearchParams, type MetaFunction } from '@remix-run/react';
import { GUIDE_HOME, guideForRoute } from '~/guide/contextual-help';
import { useSettings } from '~/settings/store';
import { PageHeading } from '~/ui/PageHeading';
import { pageMeta } from '~/ui/route-meta';

export const meta: MetaFunction = () => pageMeta('/help');

// Where the help button leads. The user guide itself is a later piece of work; until then this page
// says which guide page belongs to the page the person came from, and takes them back.
export default function Help() {
  const [params] = useSearchParams();
  const skin = useSettings((s) => s.skin);
  const from = params.get('from');
  const safeFrom = from && from.startsWith('/') && !from.startsWith('//') ? from : null;
  const guide = safeFrom ? guideForRoute(safeFrom) : GUIDE_HOME;
  return (
    <div className={`mx-auto max-w-2xl p-8 ${skin.card} ${skin.rounded}`}>
      <PageHeading title="Help" lead={`Guide for this page: ${guide.title}`} />
      <p>
        The in-app user guide is on its way. It will open the “{guide.title}” page here. Until then,
        ask the centre’s office if something is unclear.
      </p>
      <p className="mt-2 text-sm text-muted">
        Tip: press Ctrl + ? (or ⌘ + ?) on any page to open help.
      </p>
      {safeFrom ? (
        <p className="mt-6">
          <Link to={safeFrom} className={`${skin.buttonSecondary} ${skin.rounded}`}>
            Back to the page you were on
          </Link>
        </p>
      ) : null}
    </div>
  );
}
