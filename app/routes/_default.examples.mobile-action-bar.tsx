import { type MetaFunction } from '@remix-run/react';
import { SKINS } from '~/settings/skin';
import { THEME_LABELS, THEMES } from '~/settings/theme';
import { Button } from '~/ui/Button';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export const handle = {
  title: 'Mobile Action Bar Theme Integration',
  description: 'Example showcasing the enhanced theme integration for mobile action bars',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

// Each theme's bar is rendered inside its own [data-theme] container: the theme's CSS variables
// apply to that subtree, so all three can be compared side by side.
export default function MobileActionBarExample() {
  return (
    <>
      <PageHeading title={handle.title} lead={handle.description} />
      <div className="grid gap-6">
        {THEMES.map((theme) => {
          const skin = SKINS[theme];
          return (
            <section
              key={theme}
              data-theme={theme}
              aria-labelledby={`bar-${theme}`}
              className={`overflow-hidden ${skin.page} ${skin.rounded} border border-border`}
            >
              <h2 id={`bar-${theme}`} className="px-4 pt-4 text-lg font-semibold">
                {THEME_LABELS[theme]} theme
              </h2>
              <p className="px-4 pb-4 text-muted">
                On a phone this bar sits at the bottom of the screen.
              </p>
              <MobileActionBar
                inline
                label={`Student actions, ${THEME_LABELS[theme]} theme`}
                skinOverride={skin}
              >
                <Button skinOverride={skin}>Add student</Button>
                <Button variant="secondary" skinOverride={skin}>
                  Export
                </Button>
                <Button variant="secondary" skinOverride={skin}>
                  Filter
                </Button>
              </MobileActionBar>
            </section>
          );
        })}
      </div>
    </>
  );
}
