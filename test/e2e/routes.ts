// Every page of the app with a static URL, read from the route modules' own handles (the same
// source the navigation and document titles use), so a new page is walked by the browser tests
// without anyone listing it here.
import { fileURLToPath } from 'node:url';
import { readRouteHandles } from '../../scripts/route-handles-plugin';

export interface PageInfo {
  title: string;
  description: string;
}

const routesDir = fileURLToPath(new URL('../../app/routes', import.meta.url));

export const PAGES: Record<string, PageInfo> = Object.fromEntries(
  readRouteHandles(routesDir).flatMap(({ path, handle }) =>
    path && typeof handle.title === 'string' && typeof handle.description === 'string'
      ? [[path, { title: handle.title, description: handle.description }]]
      : [],
  ),
);
