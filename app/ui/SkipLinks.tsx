// The skip links (WCAG 2.4.1 "Bypass blocks"): the first Tab stops of every page, so they are
// rendered by the root ahead of the demo banner, whose buttons would otherwise come first. Hidden
// until focused, then shown in the top-left corner above everything else.
//
// "Skip to content" goes to the page's <main>; on the dashboard "Skip to navigation" goes to the area
// navigation, which sits after the header's nine or so controls and is long for staff. Below the md
// breakpoint the navigation is a closed drawer behind the Menu button (the next Tab stop), so that
// link is left out there.
//
// Activation moves focus itself instead of following the fragment: the URL keeps no "#main" (which
// the last-page memory and a reload would carry along), and focus lands on the target even where a
// browser would only scroll to it.
import { useLocation } from '@remix-run/react';
import { useSettings } from '~/settings/store';
import { DASHBOARD_NAVIGATION_ID, MAIN_CONTENT_ID } from './landmarks';
import type { MouseEvent } from 'react';

function focusTarget(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.focus();
}

export function SkipLinks() {
  const skin = useSettings((s) => s.skin);
  // Every /dash/ page (and the /dashboard alias) is drawn inside the dashboard shell, which holds
  // the navigation.
  const dashboard = /^\/dash(board)?(\/|$)/.test(useLocation().pathname);
  // The card look is on an inner box: on the link itself its border and padding would outlast
  // sr-only (a speck of border, and the text clipped inside a few pixels).
  const classes = `sr-only z-[60] focus:not-sr-only focus:fixed focus:left-2 focus:top-2 ${skin.rounded}`;
  const box = `block px-4 py-2 font-semibold ${skin.popover} ${skin.rounded} ${skin.link}`;
  return (
    <>
      <a
        href={`#${MAIN_CONTENT_ID}`}
        onClick={(event) => focusTarget(event, MAIN_CONTENT_ID)}
        className={classes}
      >
        <span className={box}>Skip to content</span>
      </a>
      {dashboard ? (
        <a
          href={`#${DASHBOARD_NAVIGATION_ID}`}
          onClick={(event) => focusTarget(event, DASHBOARD_NAVIGATION_ID)}
          className={`${classes} max-md:hidden`}
        >
          <span className={box}>Skip to navigation</span>
        </a>
      ) : null}
    </>
  );
}
