import { describe, expect, it } from 'vitest';
import { detectDashboardType } from './dashboard-type';

describe('dashboard type detection', () => {
  it('uses the host name first', () => {
    expect(
      detectDashboardType({ hostname: 'parent.school.example', pathname: '/student/x' }),
    ).toEqual({
      type: 'parent',
      source: 'host',
    });
  });

  it('matches host labels whole, so administration is not mistaken for admin', () => {
    expect(
      detectDashboardType({ hostname: 'administration.school.example', pathname: '/' }).type,
    ).toBe('administration');
    expect(detectDashboardType({ hostname: 'admin.school.example', pathname: '/' }).type).toBe(
      'admin',
    );
    expect(detectDashboardType({ hostname: 'administrators.example', pathname: '/' }).source).toBe(
      'default',
    );
  });

  it('falls back to the path prefix and gives the path without it', () => {
    expect(
      detectDashboardType({ hostname: 'localhost', pathname: '/facilitator/dash/home' }),
    ).toEqual({
      type: 'facilitator',
      source: 'path',
      pathWithoutPrefix: '/dash/home',
    });
    expect(detectDashboardType({ hostname: 'localhost', pathname: '/administration' })).toEqual({
      type: 'administration',
      source: 'path',
      pathWithoutPrefix: '/',
    });
  });

  it('defaults to admin', () => {
    expect(detectDashboardType({ hostname: '127.0.0.1', pathname: '/dash/home' })).toEqual({
      type: 'admin',
      source: 'default',
    });
  });
});
