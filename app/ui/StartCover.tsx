// The start placeholder (spec §2): a dark-blue cover over the whole screen for START_PLACEHOLDER_MS
// from the start of the page load, while the theme skin loads. The same cover is the root
// HydrateFallback, so it is already painted by index.html and the two join seamlessly.
import { useEffect, useState } from 'react';
import { START_PLACEHOLDER_MS } from '~/config/constants';

export function StartCoverView() {
  return (
    <div
      data-testid="start-cover"
      className="fixed inset-0 z-[100] flex items-center justify-center bg-cover text-white"
      style={{ backgroundColor: '#0b1f4d' }}
    >
      <p role="status" className="text-lg font-semibold tracking-wide">
        Loading Learning Centre…
      </p>
    </div>
  );
}

/** Keeps the cover until START_PLACEHOLDER_MS after the page load started, then removes it. */
export function StartCover() {
  const [visible, setVisible] = useState(
    () => typeof performance === 'undefined' || performance.now() < START_PLACEHOLDER_MS,
  );
  useEffect(() => {
    if (!visible) return;
    const remaining = Math.max(0, START_PLACEHOLDER_MS - performance.now());
    const timer = setTimeout(() => setVisible(false), remaining);
    return () => clearTimeout(timer);
  }, [visible]);
  return visible ? <StartCoverView /> : null;
}
