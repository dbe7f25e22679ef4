// One tile of a home dashboard: a titled card whose contents wait for their own data. Each tile
// resolves on its own, so a slow figure (a first sync of attendance) never holds back the others;
// until then the tile shows a skeleton, and a failure says so in the tile rather than break the page.
import { Await, Link } from '@remix-run/react';
import { Suspense, type ReactNode } from 'react';
import { Card } from './Card';
import { Skeleton } from './Skeleton';
import type { LucideIcon } from './icons';

export interface HomeTileProps<T> {
  title: string;
  /** The page the tile summarises: a "View all" link in the title row. */
  href?: string;
  /** What the "View all" link says to a screen reader, when "View all" alone is unclear. */
  hrefLabel?: string;
  icon?: LucideIcon;
  /** The tile's data; a plain value renders at once. */
  data: Promise<T> | T;
  /** How many skeleton lines to show while loading. */
  skeletonLines?: number;
  children: (value: T) => ReactNode;
  className?: string;
}

export function HomeTile<T>({
  title,
  href,
  hrefLabel,
  icon,
  data,
  skeletonLines = 3,
  children,
  className = '',
}: HomeTileProps<T>) {
  const actions = href ? (
    <Link to={href} className="text-sm font-medium underline underline-offset-2">
      View all<span className="sr-only"> {hrefLabel ?? title.toLowerCase()}</span>
    </Link>
  ) : undefined;
  return (
    <Card title={title} level={3} icon={icon} actions={actions} className={`h-full ${className}`}>
      <Suspense
        fallback={<Skeleton lines={skeletonLines} label={`Loading ${title.toLowerCase()}`} />}
      >
        <Await
          resolve={data}
          errorElement={
            <p className="text-sm">This could not be loaded. Try reloading the page.</p>
          }
        >
          {(value: T) => children(value)}
        </Await>
      </Suspense>
    </Card>
  );
}
