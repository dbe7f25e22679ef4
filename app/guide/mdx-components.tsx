// How a guide page's markdown is drawn: the theme's colours (no typography plugin), headings that
// can be linked (each h2/h3 carries the id rehype-slug gave it and a "link to this section" anchor),
// in-app links through the router (so the help panel can keep a guide link inside itself), and
// tables that scroll on their own on a phone instead of widening the page.
import { Link } from '@remix-run/react';
import type { GuideComponents } from './guide-page-module';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

/** A link inside the guide to another guide page: `/help/<id>#section`. */
export function guideLinkTarget(href: string): { id: string; section?: string } | null {
  const match = /^\/help(?:\/([^#?]*))?(?:#(.*))?$/.exec(href);
  if (!match) return null;
  const id = match[1] ? match[1].replace(/\/$/, '') : 'index';
  return { id: id || 'index', section: match[2] || undefined };
}

function SectionHeading({
  level,
  id,
  children,
}: {
  level: 2 | 3;
  id?: string;
  children?: ReactNode;
}) {
  const Tag = level === 2 ? 'h2' : 'h3';
  const size = level === 2 ? 'mt-8 text-xl' : 'mt-6 text-lg';
  return (
    <Tag id={id} className={`group scroll-mt-24 font-semibold ${size}`}>
      {children}
      {id ? (
        <a
          href={`#${id}`}
          className="ml-2 text-muted no-underline opacity-70 group-hover:opacity-100 focus-visible:opacity-100"
        >
          <span aria-hidden="true">#</span>
          <span className="sr-only">Link to this section</span>
        </a>
      ) : null}
    </Tag>
  );
}

/**
 * The components for a page. `onGuideLink` (the help panel) takes links to other guide pages;
 * without it they navigate like any other in-app link.
 */
export function guideComponents(
  onGuideLink?: (target: { id: string; section?: string }) => void,
): GuideComponents {
  const components = {
    h2: (props: ComponentPropsWithoutRef<'h2'>) => (
      <SectionHeading level={2} id={props.id}>
        {props.children}
      </SectionHeading>
    ),
    h3: (props: ComponentPropsWithoutRef<'h3'>) => (
      <SectionHeading level={3} id={props.id}>
        {props.children}
      </SectionHeading>
    ),
    h4: ({ children, ...props }: ComponentPropsWithoutRef<'h4'>) => (
      <h4 className="mt-4 font-semibold" {...props}>
        {children}
      </h4>
    ),
    p: (props: ComponentPropsWithoutRef<'p'>) => <p className="mt-3 leading-relaxed" {...props} />,
    ul: (props: ComponentPropsWithoutRef<'ul'>) => (
      <ul className="mt-3 list-disc space-y-1 pl-6" {...props} />
    ),
    ol: (props: ComponentPropsWithoutRef<'ol'>) => (
      <ol className="mt-3 list-decimal space-y-1 pl-6" {...props} />
    ),
    li: (props: ComponentPropsWithoutRef<'li'>) => <li className="leading-relaxed" {...props} />,
    blockquote: (props: ComponentPropsWithoutRef<'blockquote'>) => (
      <blockquote className="mt-4 border-l-4 border-info bg-info-soft px-4 py-2" {...props} />
    ),
    code: (props: ComponentPropsWithoutRef<'code'>) => (
      <code className="rounded bg-hover px-1 py-0.5 font-mono text-[0.9em]" {...props} />
    ),
    kbd: (props: ComponentPropsWithoutRef<'kbd'>) => (
      <kbd
        className="rounded border border-border-strong bg-card px-1.5 py-0.5 font-mono text-[0.85em]"
        {...props}
      />
    ),
    table: (props: ComponentPropsWithoutRef<'table'>) => (
      <div
        className="relative mt-4 max-w-full overflow-x-auto"
        // A focusable scroll region (WCAG 2.1.1): a keyboard user can scroll a wide table.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label="Table"
      >
        <table className="w-full border-collapse text-left text-sm" {...props} />
      </div>
    ),
    th: (props: ComponentPropsWithoutRef<'th'>) => (
      <th
        className="border-b-2 border-border-strong px-3 py-2 align-bottom font-semibold"
        {...props}
      />
    ),
    td: (props: ComponentPropsWithoutRef<'td'>) => (
      <td className="border-b border-border px-3 py-2 align-top" {...props} />
    ),
    hr: () => <hr className="my-6 border-border" />,
    a: ({ href = '', children }: ComponentPropsWithoutRef<'a'>) => {
      const className = 'font-medium text-link underline underline-offset-2';
      if (href.startsWith('#')) {
        return (
          <a href={href} className={className}>
            {children}
          </a>
        );
      }
      const guide = guideLinkTarget(href);
      if (guide && onGuideLink) {
        return (
          <a
            href={href}
            className={className}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              onGuideLink(guide);
            }}
          >
            {children}
          </a>
        );
      }
      if (href.startsWith('/')) {
        return (
          <Link to={href} className={className}>
            {children}
          </Link>
        );
      }
      return (
        <a href={href} className={className} target="_blank" rel="noreferrer">
          {children}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      );
    },
  };
  return components as unknown as GuideComponents;
}
