// A page frame for an area whose contents come in a later issue: its heading and an empty state.
import { EmptyState, PageHeading } from './PageHeading';
import { ROUTE_META, type MetaPath } from './route-meta';

export function AreaPage({ path, empty }: { path: MetaPath; empty: string }) {
  const { title, description } = ROUTE_META[path];
  return (
    <>
      <PageHeading title={title} lead={description} />
      <EmptyState title={empty} />
    </>
  );
}
