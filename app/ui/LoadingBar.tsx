// The top loading bar (spec §2): it appears only when a navigation lasts longer than the throttle,
// then runs across over LOADING_BAR_DURATION_MS, so quick navigations never flicker.
import { useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from '~/config/constants';

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
        className="h-full origin-left bg-primary"
        style={{ animation: `lc-loading-bar ${LOADING_BAR_DURATION_MS}ms ease-out forwards` }}
      />
    </div>
  );
}
