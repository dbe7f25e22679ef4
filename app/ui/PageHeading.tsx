import { Icon, type LucideIcon } from './icons';
import type { ReactNode } from 'react';

// EmptyState lives in its own file; this re-export keeps the screens that import it from here working.
export { EmptyState } from './EmptyState';

/** The page's one h1 with an optional icon, lead paragraph and actions. */
export function PageHeading({
  title,
  lead,
  actions,
  icon,
}: {
  title: string;
  lead?: string;
  actions?: ReactNode;
  icon?: LucideIcon;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="flex items-center gap-3 text-2xl font-bold tracking-tight sm:text-3xl">
          {icon ? <Icon icon={icon} className="size-7 text-muted" /> : null}
          {title}
        </h1>
        {lead ? <p className="mt-1 text-muted">{lead}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
