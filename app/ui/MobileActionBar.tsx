// The mobile action bar: the page's primary actions, fixed to the bottom on small screens (shown
// inline on larger ones when `inline` is set, e.g. in the examples page).
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { Skin } from '~/settings/skin';
import { useSettings } from '~/settings/store';

/**
 * The fixed bar's height, for what floats above it (toasts, the update notice, the install banner):
 * its buttons may wrap to two lines on a narrow phone, so the height is measured, not assumed.
 */
const ACTION_BAR_HEIGHT_VAR = '--action-bar-height';

function usePublishedHeight(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    // In the page (a short viewport) it covers nothing, so nothing needs to float above it.
    const publish = () => {
      const fixed = getComputedStyle(element).position === 'fixed';
      root.style.setProperty(ACTION_BAR_HEIGHT_VAR, `${fixed ? element.offsetHeight : 0}px`);
    };
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(ACTION_BAR_HEIGHT_VAR);
    };
  }, [enabled]);
  return ref;
}

export interface MobileActionBarProps {
  label: string;
  children: ReactNode;
  /** Render in the flow instead of fixed to the bottom of the viewport. */
  inline?: boolean;
  /** Use another theme's skin (the examples page shows every theme at once). */
  skinOverride?: Skin;
}

export function MobileActionBar({
  label,
  children,
  inline = false,
  skinOverride,
}: MobileActionBarProps) {
  const currentSkin = useSettings((s) => s.skin);
  const skin = skinOverride ?? currentSkin;
  // On a short viewport (`short`, app/tailwind.css) it stays in the page instead of covering it.
  const position = inline ? 'relative' : 'fixed inset-x-0 bottom-0 z-40 short:static sm:hidden';
  const ref = usePublishedHeight(!inline);
  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={label}
      className={`${position} ${skin.mobileActionBar}`}
    >
      {/* The buttons go to a second row when they do not fit beside each other (large text). */}
      <div className="flex flex-wrap items-center justify-around gap-2 px-3 py-2">{children}</div>
    </div>
  );
}
