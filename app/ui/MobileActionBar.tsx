// The mobile action bar: the page's primary actions, fixed to the bottom on small screens (shown
// inline on larger ones when `inline` is set, e.g. in the examples page).
import type { Skin } from '~/settings/skin';
import { useSettings } from '~/settings/store';
import type { ReactNode } from 'react';

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
  const position = inline ? 'relative' : 'fixed inset-x-0 bottom-0 z-40 sm:hidden';
  return (
    <div role="toolbar" aria-label={label} className={`${position} ${skin.mobileActionBar}`}>
      <div className="flex items-center justify-around gap-2 px-3 py-2">{children}</div>
    </div>
  );
}
