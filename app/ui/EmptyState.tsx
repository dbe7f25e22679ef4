import { useSettings } from '~/settings/store';
import { Icon, type LucideIcon } from './icons';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  icon?: LucideIcon;
  /** What to do about it, in a sentence or two. */
  children?: ReactNode;
  /** A button or link that starts filling the list. */
  action?: ReactNode;
}

/** What an area shows while it has nothing to list (or until its contents are built). */
export function EmptyState({ title, icon, children, action }: EmptyStateProps) {
  const skin = useSettings((s) => s.skin);
  return (
    <div
      className={`flex flex-col items-center border border-dashed border-border-strong bg-card px-6 py-10 text-center ${skin.rounded}`}
    >
      {icon ? (
        <span className="mb-3 rounded-full bg-hover p-3 text-muted">
          <Icon icon={icon} className="size-6" />
        </span>
      ) : null}
      <h2 className="text-lg font-semibold">{title}</h2>
      {children ? <div className="mt-2 max-w-prose text-muted">{children}</div> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
