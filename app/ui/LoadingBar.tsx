// The top loading bar (spec §2): it appears only when a navigation lasts longer than the throttle,
// then runs across over LOADING_BAR_DURATION_MS, so quick navigations never flicker. With reduced
// motion it does not run: a still, full-width bar says the same thing, and goes when the page is in.
import { useNavigation } from '@remix-run/react';
import { useEffect, useState, type CSSProperties } from 'react';
import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from '~/config/constants';

/** The run's length for the `animate-loading-bar` keyframes in app/tailwind.css. */
const DURATION_STYLE = {
  '--lc-loading-bar-duration': `${LOADING_BAR_DURATION_MS}ms`,
} as CSSProperties;

export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), LOADING_BAR_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[60] h-1 bg-transparent"
    >
      <div
        className="h-full origin-left bg-primary motion-safe:animate-loading-bar"
        style={DURATION_STYLE}
      />
    </div>
  );
}
