import type { BadgeTone } from '~/settings/skin';
import { useSettings } from '~/settings/store';
import { Icon, STATUS_ICONS, type LucideIcon } from './icons';
import type { ReactNode } from 'react';

export type { BadgeTone };

export interface BadgeProps {
  /** The words of the status; the colour and the icon only repeat them. */
  children: ReactNode;
  tone?: BadgeTone;
  /** Another icon than the tone's own, or `null` for none (the text still says it all). */
  icon?: LucideIcon | null;
  className?: string;
}

/** A short status or label: "Enrolled", "Offline", "3 pending". Never told by colour alone. */
export function Badge({ children, tone = 'neutral', icon, className = '' }: BadgeProps) {
  const skin = useSettings((s) => s.skin);
  const glyph = icon === undefined ? STATUS_ICONS[tone] : icon;
  return (
    <span
      data-tone={tone}
      // The words may wrap: at large text on a phone a long badge would otherwise widen the page.
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-sm font-medium ${skin.badgeTone[tone]} ${className}`}
    >
      {glyph ? <Icon icon={glyph} className="size-3.5 shrink-0" /> : null}
      {children}
    </span>
  );
}
