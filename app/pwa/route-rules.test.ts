import { describe, expect, it } from 'vitest';
import { ROUTE_RULES } from './redirects';
import { classifyTarget, compileRouteRules, RouteRuleError } from './route-rules';

describe('compileRouteRules', () => {
  it('matches an exact path and ignores a trailing slash', () => {
    const match = compileRouteRules([{ from: '/dash/inquiries', to: '/dash/parent-inquiries' }]);
    expect(match('/dash/inquiries')).toBe('/dash/parent-inquiries');
    expect(match('/dash/inquiries/')).toBe('/dash/parent-inquiries');
    expect(match('/dash/inquiries/1')).toBeNull();
    expect(match('/dash/inquiri')).toBeNull();
  });

  it('carries a :param segment into the target', () => {
    const match = compileRouteRules([{ from: '/dash/student/:id', to: '/dash/students/:id' }]);
    expect(match('/dash/student/abc-1')).toBe('/dash/students/abc-1');
    expect(match('/dash/student')).toBeNull();
  });

  it('hands the rest of the path matched by ** to a target ending in /**', () => {
    const match = compileRouteRules([{ from: '/dash/guide/**', to: '/help/**' }]);
    expect(match('/dash/guide/features/theme-settings')).toBe('/help/features/theme-settings');
    expect(match('/dash/guide')).toBe('/help');
    expect(match('/dash/guidebook')).toBeNull();
  });

  it('lets the first matching rule win and skips a rule that points at the same path', () => {
    const match = compileRouteRules([
      { from: '/a', to: '/a' },
      { from: '/a', to: '/b' },
      { from: '/a', to: '/c' },
    ]);
    expect(match('/a')).toBe('/b');
  });

  it('keeps an external target as it is', () => {
    const match = compileRouteRules([{ from: '/handbook/:page', to: 'https://example.org/:page' }]);
    expect(match('/handbook/start')).toBe('https://example.org/start');
  });

  it('can catch every path with /**', () => {
    expect(compileRouteRules([{ from: '/**', to: '/x/**' }])('/a/b')).toBe('/x/a/b');
  });

  it('rejects rules it cannot apply, naming the rule', () => {
    expect(() => compileRouteRules([{ from: 'dash', to: '/x' }])).toThrow(RouteRuleError);
    expect(() => compileRouteRules([{ from: '/a/**/b', to: '/x' }])).toThrow(/a\/\*\*\/b/);
    expect(() => compileRouteRules([{ from: '/a', to: 'ftp://x' }])).toThrow(RouteRuleError);
    expect(() => compileRouteRules([{ from: '/a/:id', to: '/b/:other' }])).toThrow(/:other/);
    expect(() => compileRouteRules([{ from: '/a', to: '/b/**' }])).toThrow(RouteRuleError);
  });

  it('compiles every rule this build ships', () => {
    const match = compileRouteRules(ROUTE_RULES);
    expect(match('/dash/inquiries')).toBe('/dash/parent-inquiries');
    expect(match('/dash/parents')).toBe('/dash/families');
    expect(match('/dash/parents/f-1/edit')).toBe('/dash/families/f-1/edit');
    expect(match('/dash/student/s-1')).toBe('/dash/students/s-1');
    expect(match('/dash/home')).toBeNull();
  });
});

describe('classifyTarget', () => {
  it('keeps a same-origin target in the app and sends another origin to a full page load', () => {
    const origin = 'http://127.0.0.1:4173';
    expect(classifyTarget('/dash/home?x=1', origin)).toEqual({
      kind: 'internal',
      to: '/dash/home?x=1',
    });
    expect(classifyTarget(`${origin}/dash/home`, origin)).toEqual({
      kind: 'internal',
      to: '/dash/home',
    });
    expect(classifyTarget('https://example.org/a', origin)).toEqual({
      kind: 'external',
      url: 'https://example.org/a',
    });
  });
});
