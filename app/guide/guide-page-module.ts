// The shape of one compiled guide page (`virtual:user-guide/page/<id>`), as the viewer uses it.
import type { GuideHeading } from './guide-meta';
import type { ComponentType, ReactNode } from 'react';

/** The components a page's markdown elements are drawn with (h2, a, table …). */
export type GuideComponents = Record<string, ComponentType<Record<string, unknown>> | string>;

export interface GuidePageModule {
  default: ComponentType<{ components?: GuideComponents; children?: ReactNode }>;
  headings: readonly GuideHeading[];
}
