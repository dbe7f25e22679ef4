// One guide page as an article: its title, description and last update, then the compiled MDX drawn
// with the guide's components. The viewer and the help panel both use it, so a page reads the same
// in both places.
import { useMemo, type ReactNode } from 'react';
import { formatDate } from '~/domain/format';
import { useSettings } from '~/settings/store';
import { guideComponents } from './mdx-components';
import type { LoadedGuidePage } from './load-guide';

export function GuideArticle({
  page,
  headingLevel = 1,
  titleId,
  onGuideLink,
  beforeContent,
}: {
  page: LoadedGuidePage;
  /** 1 on the guide's own page; 2 inside the help panel, whose dialog title is the page's h2. */
  headingLevel?: 1 | 2;
  /** The title's id (what names the article); unique per place the page is shown. */
  titleId?: string;
  onGuideLink?: (target: { id: string; section?: string }) => void;
  /** Shown between the title block and the text (the viewer's "On this page"). */
  beforeContent?: ReactNode;
}) {
  const skin = useSettings((s) => s.skin);
  const components = useMemo(() => guideComponents(onGuideLink), [onGuideLink]);
  const Content = page.module.default;
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = titleId ?? `guide-title-${page.entry.id}`;
  const updated = formatDate(page.entry.lastUpdated);
  return (
    <article aria-labelledby={headingId} className="min-w-0 text-fg">
      <header className="mb-2">
        <Title
          id={headingId}
          className={`font-bold tracking-tight ${headingLevel === 1 ? 'text-2xl sm:text-3xl' : 'text-xl'}`}
        >
          {page.entry.title}
        </Title>
        <p className="mt-1 text-muted">{page.entry.description}</p>
        <p className={`mt-1 text-sm text-muted ${skin.rounded}`}>
          Last updated <time dateTime={page.entry.lastUpdated}>{updated}</time>
        </p>
      </header>
      {beforeContent}
      <Content components={components} />
    </article>
  );
}
