// After a navigation inside a layout, focus that was on something the old page drew (the link
// pressed, a row's button) falls to <body>: the next Tab starts again at the top of the document and
// a screen reader is left nowhere. In that case, and only then, focus moves to the new page's <main>
// (tabIndex -1), so the next Tab is the page's first control. A page that places focus itself (its
// effects run before its layout's) and focus that outlived the navigation (a navigation link, a
// filter) are left alone. The layout's first page is a fresh start, like a page load, and keeps
// "Skip to content" as its first Tab stop.
import { useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { MAIN_CONTENT_ID } from './landmarks';

export function useFocusMainAfterNavigation(): void {
  const location = useLocation();
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key === firstKey.current) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [location.key]);
}
