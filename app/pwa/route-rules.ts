// Route rules (spec §2 "Route rules may redirect", §7 builds/meta/{buildId}.json): the build writes
// the rules into its meta file, the app fetches it after idle and turns the rules into a matcher.
// The pattern language is deliberately small, so a rule reads like the URL it catches:
//   /dash/inquiries              an exact path (a trailing slash is ignored)
//   /dash/student/:studentId     `:name` matches one non-empty segment; the target may use :name
//   /dash/parents/**             a trailing `**` matches the rest (zero or more segments); a target
//                                ending in `/**` receives that rest
// A target is a path on this origin ("/dash/families") or an absolute http(s) URL, which the app
// opens with a full page load. The first matching rule wins.
import { z } from 'zod';

export const routeRuleSchema = z.object({
  from: z.string(),
  to: z.string(),
});
export type RouteRule = z.infer<typeof routeRuleSchema>;

/** The build meta file, builds/meta/{buildId}.json. */
export const buildMetaSchema = z.object({
  id: z.string().min(1),
  timestamp: z.number(),
  routeRules: z.array(routeRuleSchema),
});
export type BuildMeta = z.infer<typeof buildMetaSchema>;

/** Returns where a path should go, or null when no rule matches. */
export type RouteMatcher = (pathname: string) => string | null;

export class RouteRuleError extends Error {
  override name = 'RouteRuleError';
}

const PARAM = /^:([A-Za-z_][A-Za-z0-9_]*)$/;
const TARGET_PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

type Segment = { literal: string } | { param: string };

interface CompiledRule {
  segments: Segment[];
  rest: boolean;
  to: string;
}

function normalisePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') : pathname;
}

function compileRule(rule: RouteRule): CompiledRule {
  const { from, to } = rule;
  if (!from.startsWith('/')) throw new RouteRuleError(`Route rule "${from}" must start with /`);
  if (!to.startsWith('/') && !/^https?:\/\//.test(to)) {
    throw new RouteRuleError(`Route rule "${from}" has a target that is neither /path nor http(s)`);
  }
  const path = normalisePath(from);
  const parts = path === '/' ? [] : path.split('/').slice(1);
  const rest = parts.at(-1) === '**';
  if (rest) parts.pop();
  const segments: Segment[] = parts.map((part) => {
    if (part === '' || part.includes('*')) {
      throw new RouteRuleError(`Route rule "${from}" has an empty segment or a misplaced **`);
    }
    const name = PARAM.exec(part)?.[1];
    return name === undefined ? { literal: part } : { param: name };
  });
  const names = new Set(segments.flatMap((s) => ('param' in s ? [s.param] : [])));
  for (const [, name = ''] of to.matchAll(TARGET_PARAM)) {
    if (!names.has(name))
      throw new RouteRuleError(`Route rule "${from}" has no :${name} for its target`);
  }
  if (to.endsWith('/**') && !rest) {
    throw new RouteRuleError(`Route rule "${from}" has no ** for its target's /**`);
  }
  return { segments, rest, to };
}

function apply(rule: CompiledRule, pathname: string): string | null {
  const parts = normalisePath(pathname)
    .split('/')
    .slice(1)
    .filter((part) => part !== '');
  if (parts.length < rule.segments.length) return null;
  if (!rule.rest && parts.length !== rule.segments.length) return null;
  const params = new Map<string, string>();
  for (const [index, segment] of rule.segments.entries()) {
    const part = parts[index] ?? '';
    if ('literal' in segment) {
      if (segment.literal !== part) return null;
    } else {
      params.set(segment.param, part);
    }
  }
  let target = rule.to.replace(TARGET_PARAM, (_, name: string) => params.get(name) ?? '');
  if (target.endsWith('/**')) {
    const tail = parts.slice(rule.segments.length).join('/');
    target = target.slice(0, -3) + (tail ? `/${tail}` : '');
    if (target === '') target = '/';
  }
  return target;
}

/** Compiles rules into a matcher; an invalid rule throws a RouteRuleError naming it. */
export function compileRouteRules(rules: readonly RouteRule[]): RouteMatcher {
  const compiled = rules.map(compileRule);
  return (pathname) => {
    for (const rule of compiled) {
      const target = apply(rule, pathname);
      // A rule that sends a path to itself would loop; it simply does not apply.
      if (target !== null && target !== normalisePath(pathname)) return target;
    }
    return null;
  };
}

export type Redirect = { kind: 'internal'; to: string } | { kind: 'external'; url: string };

/** Says whether a target stays in the app (client navigation) or needs a full page load. */
export function classifyTarget(target: string, origin: string): Redirect {
  const url = new URL(target, origin);
  if (url.origin !== origin) return { kind: 'external', url: url.href };
  return { kind: 'internal', to: `${url.pathname}${url.search}${url.hash}` };
}
