// @vitest-environment node
// One naming scheme for route-support modules (docs/decisions/057-route-support-names.md): what a
// file in app/routes calls for its clientLoader or clientAction lives in a feature module named
// `<screen>-route.ts`, or in the feature's shared read, `load.ts`. The old names (`-routes`,
// `-actions`, `actions`, `-page`, `load-record`) are gone, and this keeps them gone.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = 'app/features';
const ROUTES = 'app/routes';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A function a route calls for its loader or action: load…, …Loader, …Action, …FromRequest. */
const ROUTE_SUPPORT =
  /^(load[A-Z]\w*|\w+Loader|\w+Action|\w+FromRequest|clientLoader|clientAction)$/;
const RETIRED = /(-routes|-actions|^actions|-page|^load-.+)(\.[a-z]+)?\.tsx?$/;

/** `{ a, type B, c as d }` from `~/features/x/y` in one route file: [specifier, imported names]. */
function featureImports(source: string): Array<[string, string[]]> {
  const found: Array<[string, string[]]> = [];
  const pattern = /(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'~\/(features\/[^']+)'/g;
  for (const match of source.matchAll(pattern)) {
    const names = (match[1] ?? '')
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '',
      )
      .filter(Boolean);
    found.push([match[2] ?? '', names]);
  }
  return found;
}

describe('route-support modules have one naming scheme', () => {
  it('no feature module keeps a retired name', () => {
    const retired = filesUnder(FEATURES).filter((path) => RETIRED.test(basename(path)));
    expect(retired).toEqual([]);
  });

  it("the loaders and actions routes call come from '<screen>-route.ts' or 'load.ts'", () => {
    const misnamed: string[] = [];
    for (const route of filesUnder(ROUTES)) {
      for (const [specifier, names] of featureImports(readFileSync(route, 'utf8'))) {
        const support = names.filter((name) => ROUTE_SUPPORT.test(name));
        const module = basename(specifier);
        if (support.length > 0 && !/-route$/.test(module) && module !== 'load') {
          misnamed.push(`${route}: ${support.join(', ')} from ${specifier}`);
        }
      }
    }
    expect(misnamed).toEqual([]);
  });

  it('the checks can fail: a retired name and a misnamed source are both caught', () => {
    expect(RETIRED.test('thread-actions.ts')).toBe(true);
    expect(RETIRED.test('actions.test.ts')).toBe(true);
    expect(RETIRED.test('school-routes.ts')).toBe(true);
    expect(RETIRED.test('thread-route.ts')).toBe(false);
    expect(RETIRED.test('load.ts')).toBe(false);
    expect(featureImports("import { loadX, type Y as Z } from '~/features/a/b-page';")).toEqual([
      ['features/a/b-page', ['loadX', 'Y']],
    ]);
    expect(ROUTE_SUPPORT.test('loadX')).toBe(true);
    expect(ROUTE_SUPPORT.test('libraryAction')).toBe(true);
    expect(ROUTE_SUPPORT.test('downloads')).toBe(false);
  });
});
