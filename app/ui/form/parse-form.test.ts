import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionalEmail, requiredText, stringList } from './fields';
import { formValues, nestValues, parseForm, typedList, typedValue } from './parse-form';

function formData(entries: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

const familySchema = z.object({
  familyName: requiredText('family name'),
  guardians: z.array(z.object({ name: requiredText("guardian's name"), email: optionalEmail })),
  classroomIds: stringList,
});

describe('parseForm', () => {
  it('returns the typed data when the form is valid', () => {
    const result = parseForm(
      familySchema,
      formData([
        ['familyName', ' Mensah '],
        ['guardians.0.name', 'Ama'],
        ['guardians.0.email', ''],
        ['classroomIds', 'c1'],
        ['classroomIds', 'c2'],
      ]),
    );
    expect(result).toMatchObject({
      ok: true,
      data: {
        familyName: 'Mensah',
        guardians: [{ name: 'Ama', email: '' }],
        classroomIds: ['c1', 'c2'],
      },
    });
  });

  it('returns status 400 with one message per field, keyed by the field name, and the typed values', () => {
    const result = parseForm(
      familySchema,
      formData([
        ['familyName', ''],
        ['guardians.0.name', 'Ama'],
        ['guardians.0.email', 'not-an-address'],
        ['guardians.1.name', ''],
      ]),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.fieldErrors).toEqual({
      familyName: 'Enter the family name.',
      'guardians.0.email': 'Use an e-mail address like name@example.com, or leave it empty.',
      'guardians.1.name': "Enter the guardian's name.",
    });
    expect(result.values['guardians.0.email']).toBe('not-an-address');
  });

  it('puts errors of the whole object under _form', () => {
    const schema = z
      .object({ a: z.string(), b: z.string() })
      .refine((v) => v.a !== v.b, { message: 'Choose two different things.' });
    const result = parseForm(schema, { a: 'x', b: 'x' });
    expect(result.ok ? null : result.fieldErrors).toEqual({
      _form: 'Choose two different things.',
    });
  });

  it('skips files, which are not form values', () => {
    const data = formData([['name', 'a']]);
    data.append('photo', new Blob(['x']), 'photo.png');
    expect(formValues(data)).toEqual({ name: 'a' });
  });
});

describe('nestValues', () => {
  it('turns dotted names into objects and lists, closing gaps left by removed rows', () => {
    expect(
      nestValues({ 'schedule.0.start': '09:00', 'schedule.2.start': '10:00', name: 'Room' }),
    ).toEqual({ schedule: [{ start: '09:00' }, { start: '10:00' }], name: 'Room' });
  });
});

describe('typed values', () => {
  it('prefer what the person typed over the record', () => {
    expect(typedValue({ name: 'typed' }, 'name', 'stored')).toBe('typed');
    expect(typedValue(undefined, 'name', 'stored')).toBe('stored');
    expect(typedValue(undefined, 'capacity', 24)).toBe('24');
    expect(typedList({ ids: 'a' }, 'ids', ['b'])).toEqual(['a']);
    expect(typedList({}, 'ids', ['b'])).toEqual([]);
    expect(typedList(undefined, 'ids', ['b'])).toEqual(['b']);
  });
});
