// The start placeholder (spec §2): a dark-blue cover over the whole screen for START_PLACEHOLDER_MS
// from the start of the page load, while the theme skin loads. The same cover is the root
// HydrateFallback, so it is already painted by index.html and the two join seamlessly. Its title is
// large on purpose: painted first, it stays the largest contentful paint (issue 11, part 5).
import { useEffect, useState } from 'react';
import { START_PLACEHOLDER_MS } from '~/config/constants';

export function StartCoverView() {
  return (
    <div
      data-testid="start-cover"
      className="fixed inset-0 z-[100] flex items-center justify-center bg-cover text-white"
      style={{ backgroundColor: '#0b1f4d' }}
    >
      {/* The largest text of the first paint (index.html), so that it, not something the app
          renders later (the demo banner), is the page's largest contentful paint. */}
      <div className="px-4 text-center">
        <p className="text-5xl font-bold tracking-tight" aria-hidden="true">
          Learning Centre
        </p>
        <p role="status" className="mt-3 text-lg font-semibold tracking-wide">
          Loading Learning Centre…
        </p>
      </div>
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
