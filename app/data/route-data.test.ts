import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { parseOnce } from './route-data';

describe('parsing cached records for route loaders', () => {
  it('parses an unchanged record once per schema, and a replaced record again', () => {
    const check = vi.fn((value: string) => value.length > 0);
    const schema = z.object({ id: z.string(), name: z.string().refine(check) });
    const record = { id: 's1', name: 'Ivy' };

    expect(parseOnce(schema, record).success).toBe(true);
    expect(parseOnce(schema, record).success).toBe(true);
    expect(check).toHaveBeenCalledTimes(1);

    // The cache replaces a record object when it changes, so the new object is parsed afresh.
    const changed = { ...record, name: '' };
    expect(parseOnce(schema, changed).success).toBe(false);
    expect(check).toHaveBeenCalledTimes(2);

    // Another schema over the same record has its own result.
    const other = z.object({ id: z.literal('nope') });
    expect(parseOnce(other, record).success).toBe(false);
  });
});
