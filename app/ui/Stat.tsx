import { useSettings } from '~/settings/store';
import { Icon, type LucideIcon } from './icons';
import type { ReactNode } from 'react';

export interface StatProps {
  /** What the figure counts, read before the figure. */
  label: string;
  value: ReactNode;
  /** A line under the figure: a comparison, a period, a status badge. */
  hint?: ReactNode;
  icon?: LucideIcon;
}

/**
 * One figure with its label, for the home dashboards. The label comes first in the document so a
 * screen reader says "Enrolled students, 312" rather than a bare number.
 */
export function Stat({ label, value, hint, icon }: StatProps) {
  const skin = useSettings((s) => s.skin);
  return (
    <div className={`flex items-start gap-4 p-5 ${skin.card} ${skin.rounded}`}>
      {icon ? (
        <span className="rounded-lg bg-selected p-2.5 text-on-selected">
          <Icon icon={icon} className="size-5" />
        </span>
      ) : null}
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted">{label}</p>
        <p className="mt-1 text-3xl font-semibold tracking-tight tabular-nums">{value}</p>
        {hint ? <div className="mt-1 text-sm text-muted">{hint}</div> : null}
      </div>
    </div>
  );
}
