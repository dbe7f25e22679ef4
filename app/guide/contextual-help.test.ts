import { ROUTE_HANDLES } from 'virtual:route-handles';
import { describe, expect, it } from 'vitest';
import { guideForMatches } from './contextual-help';
import { guidePage } from './pages';

/** The matches Remix would give for a route file under the layouts its name implies. */
function matchesFor(file: string) {
  const layouts = ROUTE_HANDLES.filter((entry) =>
    file.startsWith(entry.file.replace(/\.tsx$/, '.')),
  );
  const route = ROUTE_HANDLES.find((entry) => entry.file === file);
  return [...layouts, ...(route ? [route] : [])].map((entry) => ({ handle: entry.handle }));
}

describe('contextual help', () => {
  it('maps the routes the spec names to their guide pages', () => {
    expect(guideForMatches(matchesFor('_dash.dash.home.tsx')).page).toBe(
      'getting-started/dashboard-overview',
    );
    expect(guideForMatches(matchesFor('_dash.dashboard.tsx')).page).toBe(
      'getting-started/dashboard-overview',
    );
    expect(guideForMatches(matchesFor('_dash.dash.profile.tsx')).page).toBe(
      'features/profile-management',
    );
    expect(guideForMatches(matchesFor('_dash.dash.settings.tsx')).page).toBe(
      'features/theme-settings',
    );
    expect(guideForMatches(matchesFor('_dash.dash.notifications.tsx')).page).toBe(
      'features/notifications',
    );
    expect(guideForMatches(matchesFor('_default.auth.login.tsx')).page).toBe(
      'getting-started/signing-in',
    );
    expect(guideForMatches(matchesFor('_default.auth.signin.tsx')).page).toBe(
      'getting-started/signing-in',
    );
    expect(guideForMatches(matchesFor('_dash.dash.calendar.tsx')).page).toBe('features/calendar');
  });

  it('falls back to the dashboard layout, then to the documentation home', () => {
    expect(guideForMatches([{ handle: { guide: 'getting-started/navigation' } }, {}]).page).toBe(
      'getting-started/navigation',
    );
    expect(guideForMatches([{}, { handle: { title: 'Examples' } }]).page).toBe('index');
    expect(guideForMatches([{ handle: { guide: 'no/such-page' } }]).page).toBe('index');
  });

  it('every guide page a route names exists in the guide', () => {
    for (const { file, handle } of ROUTE_HANDLES) {
      if (handle.guide) expect(guidePage(handle.guide), file).not.toBeNull();
    }
  });
});
