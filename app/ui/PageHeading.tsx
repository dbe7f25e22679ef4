import type { ReactNode } from 'react';

/** The page's one h1 with an optional lead paragraph and actions. */
export function PageHeading({
  title,
  lead,
  actions,
}: {
  title: string;
  lead?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        {lead ? <p className="mt-1 text-muted">{lead}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** What an area shows while it has nothing to list (or until its contents are built). */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-border-strong bg-card p-8 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children ? <div className="mt-2 text-muted">{children}</div> : null}
    </div>
  );
}
