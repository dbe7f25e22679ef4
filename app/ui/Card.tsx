import { useId, type ReactNode } from 'react';
import { useSettings } from '~/settings/store';
import { Icon, type LucideIcon } from './icons';

export interface CardProps {
  /** With a title the card is a labelled region; without one it is a plain box. */
  title?: ReactNode;
  /** The heading level of the title in the page's outline (h2 by default). */
  level?: 2 | 3 | 4;
  icon?: LucideIcon;
  /** Buttons or links at the right of the title row. */
  actions?: ReactNode;
  /** Padding inside: `none` for lists and tables that reach the edges. */
  padding?: 'none' | 'md';
  className?: string;
  children?: ReactNode;
}

const HEADINGS = { 2: 'h2', 3: 'h3', 4: 'h4' } as const;

/** A surface for one topic: a panel on the home dashboard, a block of a record's details. */
export function Card({
  title,
  level = 2,
  icon,
  actions,
  padding = 'md',
  className = '',
  children,
}: CardProps) {
  const skin = useSettings((s) => s.skin);
  const headingId = useId();
  const frame = `${skin.card} ${skin.rounded} ${padding === 'md' ? 'p-5' : ''} ${className}`;
  if (title === undefined) return <div className={frame}>{children}</div>;
  const Heading = HEADINGS[level];
  return (
    <section aria-labelledby={headingId} className={frame}>
      <div
        className={`flex flex-wrap items-center justify-between gap-2 ${padding === 'none' ? 'px-5 pt-5' : ''} ${children ? 'mb-3' : ''}`}
      >
        <Heading id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          {icon ? <Icon icon={icon} className="size-5 text-muted" /> : null}
          {title}
        </Heading>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
