import { describe, expect, it } from 'vitest';
import { guideForRoute } from './contextual-help';

describe('contextual help', () => {
  it('maps exact routes to their guide pages', () => {
    expect(guideForRoute('/dash/home').page).toBe('getting-started/dashboard-overview');
    expect(guideForRoute('/dashboard').page).toBe('getting-started/dashboard-overview');
    expect(guideForRoute('/dash/settings').page).toBe('features/theme-settings');
    expect(guideForRoute('/auth/signin').page).toBe('getting-started/signing-in');
  });

  it('falls back to the longest prefix, then the documentation home', () => {
    expect(guideForRoute('/dash/calendar/2026-11').page).toBe('features/calendar');
    expect(guideForRoute('/dash/students').page).toBe('getting-started/navigation');
    expect(guideForRoute('/examples').page).toBe('index');
  });
});
