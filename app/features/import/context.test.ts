import { describe, expect, it } from 'vitest';
import { importableKinds } from './context';

describe('who may import what (the permission matrix)', () => {
  it('lets admins import both kinds', () => {
    expect(importableKinds(['admin'])).toEqual(['students', 'facilitators']);
    expect(importableKinds(['superAdmin'])).toEqual(['students', 'facilitators']);
  });

  it('lets administration import families and students, not facilitators', () => {
    expect(importableKinds(['administration'])).toEqual(['students']);
  });

  it('lets no one else import anything', () => {
    for (const role of ['facilitator', 'parent', 'student'] as const) {
      expect(importableKinds([role])).toEqual([]);
    }
  });
});
