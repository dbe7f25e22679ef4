import { describe, expect, it } from 'vitest';
import { isNewerVersion, parseVersion } from './version';

describe('isNewerVersion', () => {
  it('compares the patch numerically, so 1.0.10 is newer than 1.0.9', () => {
    expect(isNewerVersion('1.0.10', '1.0.9')).toBe(true);
    expect(isNewerVersion('1.0.9', '1.0.10')).toBe(false);
  });

  it('decides by the major first, then the minor', () => {
    expect(isNewerVersion('2.0.0', '1.9.9')).toBe(true);
    expect(isNewerVersion('1.10.0', '1.9.99')).toBe(true);
    expect(isNewerVersion('1.9.9', '2.0.0')).toBe(false);
  });

  it('treats an equal version as no update', () => {
    expect(isNewerVersion('1.0.7', '1.0.7')).toBe(false);
  });

  it('treats a missing offered or current version as no update', () => {
    expect(isNewerVersion(undefined, '1.0.7')).toBe(false);
    expect(isNewerVersion(null, '1.0.7')).toBe(false);
    expect(isNewerVersion('', '1.0.7')).toBe(false);
    expect(isNewerVersion('1.0.8', undefined)).toBe(false);
  });

  it('treats garbage as no update', () => {
    expect(isNewerVersion('banana', '1.0.7')).toBe(false);
    expect(isNewerVersion('1.0', '1.0.7')).toBe(false);
    expect(isNewerVersion('1.0.8-beta', '1.0.7')).toBe(false);
    expect(isNewerVersion(108, '1.0.7')).toBe(false);
    expect(isNewerVersion({ version: '9.9.9' }, '1.0.7')).toBe(false);
  });
});

describe('parseVersion', () => {
  it('accepts a leading v and surrounding spaces', () => {
    expect(parseVersion(' v1.2.3 ')).toEqual([1, 2, 3]);
  });
});
