import { describe, expect, it } from 'vitest';
import { isFsFields, isFsValue } from './values';

describe('stored Firestore values', () => {
  it('accepts null in both the JSON form and the REST enum form the SDK sends', () => {
    expect(isFsValue({ nullValue: null })).toBe(true);
    expect(isFsValue({ nullValue: 'NULL_VALUE' })).toBe(true);
    expect(isFsValue({ nullValue: 'something else' })).toBe(false);
  });

  it('checks nested maps and arrays', () => {
    expect(
      isFsFields({
        name: { stringValue: 'Riverside' },
        tags: { arrayValue: { values: [{ stringValue: 'a' }, { nullValue: 'NULL_VALUE' }] } },
        address: { mapValue: { fields: { city: { stringValue: 'Pune' } } } },
      }),
    ).toBe(true);
    expect(isFsFields({ broken: { stringValue: 3 } })).toBe(false);
  });
});
