import path from 'node:path';
import { ROUTE_HANDLES } from 'virtual:route-handles';
import { describe, expect, it } from 'vitest';
import { extractHandle, readRouteHandles, routePathOf } from '../../scripts/route-handles-plugin';

const routesDir = path.join(process.cwd(), 'app/routes');

describe('route handles', () => {
  it('derives the URL of a static flat route and none for a dynamic one or a layout', () => {
    expect(routePathOf('_dash.dash.students.tsx')).toBe('/dash/students');
    expect(routePathOf('_dash.dash.students_.new.tsx')).toBe('/dash/students/new');
    expect(routePathOf('_dash.dash.parent-inquiries.tsx')).toBe('/dash/parent-inquiries');
    expect(routePathOf('_default._index.tsx')).toBe('/');
    expect(routePathOf('_dash.dash.students_.$studentId.tsx')).toBeNull();
    expect(routePathOf('$.tsx')).toBeNull();
    expect(routePathOf('_dash.tsx')).toBeNull();
  });

  it('refuses a handle that is not a plain literal, naming the file', () => {
    expect(() => extractHandle('export const handle = { title: makeTitle() };', 'x.tsx')).toThrow(
      /x\.tsx.*plain object literal/,
    );
    expect(extractHandle('export const meta = 1;', 'y.tsx')).toBeNull();
    expect(
      extractHandle(
        "export const handle = { title: 'A', nav: { order: -1 } } satisfies H;",
        'z.tsx',
      ),
    ).toBe("{ title: 'A', nav: { order: -1 } }");
  });

  it('the app module and the file reader agree on every route', () => {
    const fromFiles = readRouteHandles(routesDir);
    expect(ROUTE_HANDLES.map((entry) => entry.file)).toEqual(fromFiles.map((entry) => entry.file));
    expect(ROUTE_HANDLES.map((entry) => entry.handle)).toEqual(
      fromFiles.map((entry) => entry.handle),
    );
  });

  it('every page in the navigation has a static URL and an area, and no two share an order', () => {
    const nav = ROUTE_HANDLES.filter((entry) => entry.handle.nav);
    expect(nav.length).toBeGreaterThanOrEqual(15);
    for (const entry of nav) {
      expect(entry.path, entry.file).not.toBeNull();
      expect(entry.handle.area, entry.file).toBeDefined();
    }
    const orders = nav.map((entry) => entry.handle.nav?.order);
    expect(new Set(orders).size).toBe(orders.length);
  });

  it('every dashboard page declares the area it belongs to', () => {
    for (const entry of ROUTE_HANDLES) {
      if (entry.file.startsWith('_dash.dash') || entry.file === '_dash.dashboard.tsx') {
        expect(entry.handle.area, entry.file).toBeDefined();
      }
    }
  });
});
