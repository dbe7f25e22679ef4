import { Link, useSearchParams, type MetaFunction } from '@remix-run/react';
import { GUIDE_HOME, guidePage } from '~/guide/pages';
import { useSettings } from '~/settings/store';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export const handle = {
  title: 'Help',
  description: 'Help for the page you were on.',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

// Where the help button leads. The user guide itself is a later piece of work; until then this page
// says which guide page belongs to the page the person came from, and takes them back.
export default function Help() {
  const [params] = useSearchParams();
  const skin = useSettings((s) => s.skin);
  const from = params.get('from');
  const safeFrom = from && from.startsWith('/') && !from.startsWith('//') ? from : null;
  const guide = guidePage(params.get('page')) ?? GUIDE_HOME;
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
