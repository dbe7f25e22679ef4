// The route rules this build ships in builds/meta/{buildId}.json (scripts/build-info.ts reads this
// module; the app never imports it, it fetches the rules after idle instead). Add a rule when a
// page moves, so bookmarks, links in old e-mails and the guide's screenshots keep working.
// The pattern language is described in ./route-rules.ts.
import type { RouteRule } from './route-rules';

export const ROUTE_RULES: readonly RouteRule[] = [
  // The inquiries page was renamed when parent inquiries got their own area.
  { from: '/dash/inquiries', to: '/dash/parent-inquiries' },
  // Families used to be called parents (/dash/parents/f-1/edit → /dash/families/f-1/edit).
  { from: '/dash/parents/**', to: '/dash/families/**' },
  // Early links to one student used the singular.
  { from: '/dash/student/:studentId', to: '/dash/students/:studentId' },
  // Help lives outside the dashboard layout; people guess it is under /dash.
  { from: '/dash/help', to: '/help' },
];
