// The dashboard navigation: every route whose handle has a `nav` entry, in its order. The route
// modules declare it themselves; the permission matrix decides, per area, who sees it.
import { ROUTE_HANDLES } from 'virtual:route-handles';
import type { Area } from '~/domain/areas';

export interface NavItem {
  to: string;
  label: string;
  /** The area the page belongs to; undefined for pages everyone signed in may open. */
  area: Area | undefined;
}

export const NAV_ITEMS: readonly NavItem[] = ROUTE_HANDLES.flatMap(({ path, handle }) =>
  handle.nav && path
    ? [{ to: path, label: handle.nav.label, area: handle.area, order: handle.nav.order }]
    : [],
)
  .sort((a, b) => a.order - b.order)
  .map(({ to, label, area }) => ({ to, label, area }));
