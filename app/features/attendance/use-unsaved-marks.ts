// Leaving a roll call with unsaved marks asks first: a navigation inside the app is held by Remix's
// blocker until the person confirms (the page shows the question), and a reload or a closed tab gets
// the browser's own "leave site?" prompt. Nothing is held once the marks are saved.
import { useBlocker, type Location } from '@remix-run/react';
import { useEffect } from 'react';

function sameLocation(a: Location, b: Location): boolean {
  return a.pathname === b.pathname && a.search === b.search;
}

/** Holds navigations away while `dirty`; the returned blocker says whether one is waiting. */
export function useUnsavedMarksGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !sameLocation(currentLocation, nextLocation),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only ask when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // Saved (or put back) while a navigation was held: let it go on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return blocker;
}
