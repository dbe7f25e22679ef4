// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  entryDynamicFiles,
  firstLoadFiles,
  matchRoutes,
  parseRemixManifest,
} from '../../scripts/check-js-budget.mjs';

const manifest = parseRemixManifest(
  `window.__remixManifest=${JSON.stringify({
    entry: { module: '/assets/entry.js', imports: ['/assets/react.js'] },
    routes: {
      root: { id: 'root', path: '', module: '/assets/root.js', imports: ['/assets/react.js'] },
      'routes/_default': {
        id: 'routes/_default',
        parentId: 'root',
        module: '/assets/default.js',
        imports: ['/assets/ui.js'],
      },
      'routes/_default.login': {
        id: 'routes/_default.login',
        parentId: 'routes/_default',
        path: 'login',
        module: '/assets/login.js',
        imports: ['/assets/ui.js', '/assets/form.js'],
      },
      'routes/_default._index': {
        id: 'routes/_default._index',
        parentId: 'routes/_default',
        index: true,
        module: '/assets/index.js',
      },
      'routes/_dash': { id: 'routes/_dash', parentId: 'root', module: '/assets/dash.js' },
      'routes/_dash.dash.students_.$studentId': {
        id: 'routes/_dash.dash.students_.$studentId',
        parentId: 'routes/_dash',
        path: 'dash/students/:studentId',
        module: '/assets/student.js',
      },
      'routes/_dash.dash.students_.new': {
        id: 'routes/_dash.dash.students_.new',
        parentId: 'routes/_dash',
        path: 'dash/students/new',
        module: '/assets/new-student.js',
      },
      'routes/$': { id: 'routes/$', parentId: 'root', path: '*', module: '/assets/splat.js' },
    },
  })};`,
);

describe('the JS budget check', () => {
  it('matches a path to its route chain, root first, through pathless layouts', () => {
    expect(matchRoutes(manifest, '/login')).toEqual([
      'root',
      'routes/_default',
      'routes/_default.login',
    ]);
    expect(matchRoutes(manifest, '/')).toEqual([
      'root',
      'routes/_default',
      'routes/_default._index',
    ]);
  });

  it('prefers a static segment to a parameter, and a parameter to the splat', () => {
    expect(matchRoutes(manifest, '/dash/students/new').at(-1)).toBe(
      'routes/_dash.dash.students_.new',
    );
    expect(matchRoutes(manifest, '/dash/students/s1').at(-1)).toBe(
      'routes/_dash.dash.students_.$studentId',
    );
    expect(matchRoutes(manifest, '/no/such/page').at(-1)).toBe('routes/$');
  });

  it('counts the manifest, the entry and each matched route with its static imports, once each', () => {
    const { files } = firstLoadFiles(manifest, '/login', '/assets/manifest-1.js');
    expect(files.sort()).toEqual(
      [
        '/assets/manifest-1.js',
        '/assets/entry.js',
        '/assets/react.js',
        '/assets/root.js',
        '/assets/default.js',
        '/assets/ui.js',
        '/assets/login.js',
        '/assets/form.js',
      ].sort(),
    );
  });

  it('lists the entry’s dynamic imports that the first load does not already include', () => {
    const entry =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/fake.js","assets/react.js","assets/debug.js"])))=>i.map(i=>d[i]);';
    expect(entryDynamicFiles(entry, ['/assets/react.js'])).toEqual([
      '/assets/fake.js',
      '/assets/debug.js',
    ]);
  });
});
