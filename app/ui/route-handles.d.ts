// The module scripts/route-handles-plugin.ts builds from every route module's `handle` literal.
declare module 'virtual:route-handles' {
  import type { RouteHandle } from '~/ui/route-handle';

  export interface RouteHandleEntry {
    /** The route module's file name under app/routes. */
    file: string;
    /** Its URL when it has no dynamic segment, else null. */
    path: string | null;
    handle: RouteHandle;
  }

  export const ROUTE_HANDLES: readonly RouteHandleEntry[];
}
