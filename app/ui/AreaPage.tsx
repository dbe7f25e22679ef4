// A page frame for an area whose contents come in a later issue: its heading and an empty state.
import { EmptyState } from './EmptyState';
import { AREA_ICONS } from './icons';
import { PageHeading } from './PageHeading';
import type { RouteHandle } from './route-handle';

export function AreaPage({ handle, empty }: { handle: RouteHandle; empty: string }) {
  const icon = handle.area ? AREA_ICONS[handle.area] : undefined;
  return (
    <>
      <PageHeading title={handle.title} lead={handle.description} />
      <EmptyState title={empty} icon={icon} />
    </>
  );
}
