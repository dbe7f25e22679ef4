// A small school in memory for the server decisions' tests: documents by path, read as a host's
// context reads them (a collection lists its direct documents only), and a decision's writes
// applied back, so a test can run one trigger after another.
import type { DocData } from '~/domain/permissions';
import { isDelete, type ServerContext, type ServerWrite } from './outcome';

export function contextOf(docs: ReadonlyMap<string, DocData>, today: string): ServerContext {
  return {
    get: (path) => docs.get(path) ?? null,
    list: (collection) =>
      [...docs]
        .filter(([path]) => {
          const prefix = `${collection}/`;
          return path.startsWith(prefix) && !path.slice(prefix.length).includes('/');
        })
        .map(([path, data]) => ({ id: path.slice(path.lastIndexOf('/') + 1), data })),
    today,
  };
}

/** The writes as the backend stores them (a merge keeps the fields it does not name). */
export function applyWrites(docs: Map<string, DocData>, writes: readonly ServerWrite[]): void {
  for (const write of writes) {
    if (isDelete(write)) docs.delete(write.path);
    else docs.set(write.path, write.merge ? { ...docs.get(write.path), ...write.data } : write.data);
  }
}
