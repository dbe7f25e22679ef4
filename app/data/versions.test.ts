import { describe, expect, it } from 'vitest';
import { compareVersions, isNewerMajorVersion, isNewerVersion } from './versions';

describe('versions', () => {
  it('compares major, minor and patch numerically rather than as text', () => {
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareVersions('2.0.0', '10.0.0')).toBeLessThan(0);
    expect(compareVersions('1.0.7', '1.0.7')).toBe(0);
    expect(compareVersions('1.0', '1.0.0')).toBe(0);
  });

  it('offers an update only for a strictly greater version, never for an equal or missing one', () => {
    expect(isNewerVersion('1.0.8', '1.0.7')).toBe(true);
    expect(isNewerVersion('1.0.7', '1.0.7')).toBe(false);
    expect(isNewerVersion(undefined, '1.0.7')).toBe(false);
    expect(isNewerVersion('garbage', '1.0.7')).toBe(false);
    expect(isNewerVersion('1.0.6', '1.0.7')).toBe(false);
  });

  it('recognises a higher major version as needing a full resync', () => {
    expect(isNewerMajorVersion('2.0.0', '1.9.9')).toBe(true);
    expect(isNewerMajorVersion('1.9.0', '1.0.0')).toBe(false);
  });
});
