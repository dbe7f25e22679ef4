import { describe, expect, it } from 'vitest';
import { canOpenArea } from './areas';

describe('dashboard areas per role', () => {
  it('opens every area to admins', () => {
    for (const area of ['students', 'members', 'roles', 'parentInquiries', 'attendance'] as const) {
      expect(canOpenArea(['admin'], area)).toBe(true);
    }
  });

  it('keeps members, roles and inquiries from facilitators', () => {
    expect(canOpenArea(['facilitator'], 'members')).toBe(false);
    expect(canOpenArea(['facilitator'], 'roles')).toBe(false);
    expect(canOpenArea(['facilitator'], 'parentInquiries')).toBe(false);
    expect(canOpenArea(['facilitator'], 'attendance')).toBe(true);
  });

  it('lets parents see their inquiries but not the members list', () => {
    expect(canOpenArea(['parent'], 'parentInquiries')).toBe(true);
    expect(canOpenArea(['parent'], 'members')).toBe(false);
    expect(canOpenArea(['parent'], 'students')).toBe(true);
  });

  it('gives students no inquiries and no members', () => {
    expect(canOpenArea(['student'], 'parentInquiries')).toBe(false);
    expect(canOpenArea(['student'], 'members')).toBe(false);
    expect(canOpenArea(['student'], 'resources')).toBe(true);
  });

  it('opens home, profile, settings and notifications to everyone', () => {
    for (const area of ['home', 'profile', 'settings', 'notifications'] as const) {
      expect(canOpenArea(['student'], area)).toBe(true);
    }
  });

  it('lets administration read the members list', () => {
    expect(canOpenArea(['administration'], 'members')).toBe(true);
  });
});
