import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  calendarDate,
  checkbox,
  dateOfBirth,
  email,
  emailAddress,
  enrolmentDate,
  maxLengthOf,
  notes,
  notBefore,
  optionalEmail,
  optionalEmailAddress,
  optionalPhone,
  optionalPhoneNumber,
  optionalText,
  personName,
  plainText,
  requiredText,
  stringList,
  tooLongMessage,
  wholeNumber,
} from './fields';

const fixedNow = () => new Date('2026-11-23T10:00:00Z');

describe('field schemas', () => {
  it('requiredText trims, refuses an empty value with a message naming the field, and caps length', () => {
    const schema = requiredText('family name', 10);
    expect(schema.parse('  Mensah ')).toBe('Mensah');
    expect(schema.safeParse('   ').error?.issues[0]?.message).toBe('Enter the family name.');
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('Enter the family name.');
    expect(schema.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe(
      'Family name can be at most 10 characters; this is 11.',
    );
  });

  it('text past its limit is refused with the limit and the length typed (trimmed), never cut', () => {
    expect(notes.safeParse('x'.repeat(2150)).error?.issues[0]?.message).toBe(
      'Notes can be at most 2,000 characters; this is 2,150.',
    );
    expect(notes.parse(`  ${'x'.repeat(2000)}  `)).toHaveLength(2000);
    expect(plainText(5).safeParse('123456').error?.issues[0]?.message).toBe(
      'Use at most 5 characters; this is 6.',
    );
    expect(optionalText(5, 'medical notes').safeParse('123456').error?.issues[0]?.message).toBe(
      'Medical notes can be at most 5 characters; this is 6.',
    );
    expect(tooLongMessage(200, 201, 'title')).toBe(
      'Title can be at most 200 characters; this is 201.',
    );
  });

  it('maxLengthOf reads a field’s limit back from its schema, through every wrapper', () => {
    expect(maxLengthOf(notes)).toBe(2000);
    expect(maxLengthOf(requiredText('title', 200))).toBe(200);
    expect(maxLengthOf(optionalText(500))).toBe(500);
    expect(maxLengthOf(personName('first name'))).toBe(80);
    expect(maxLengthOf(z.string().trim().min(1).pipe(z.string().max(300)))).toBe(300);
    expect(maxLengthOf(z.string().max(40).default(''))).toBe(40);
    expect(maxLengthOf(z.string())).toBeUndefined();
    expect(maxLengthOf(z.number())).toBeUndefined();
  });

  it('maxLengthOf reads one field’s limit from a form’s object schema, refined or not', () => {
    const form = z
      .object({ title: requiredText('title', 200), location: plainText(120), when: z.string() })
      .superRefine(() => undefined);
    expect(maxLengthOf(form, 'title')).toBe(200);
    expect(maxLengthOf(form, 'location')).toBe(120);
    expect(maxLengthOf(form, 'when')).toBeUndefined();
    expect(maxLengthOf(form, 'nothing')).toBeUndefined();
  });

  it('a person name is at most 80 characters', () => {
    expect(personName('first name').safeParse('a'.repeat(81)).success).toBe(false);
    expect(personName('first name').parse('Ama')).toBe('Ama');
  });

  it('optionalText leaves an empty value out and plainText keeps it as an empty string', () => {
    expect(optionalText(5).parse('  ')).toBeUndefined();
    expect(optionalText(5).parse(undefined)).toBeUndefined();
    expect(plainText(5).parse(undefined)).toBe('');
    expect(plainText(5).safeParse('123456').success).toBe(false);
  });

  it('email lower-cases a valid address and explains an invalid one', () => {
    expect(email.parse(' Ama@Example.COM ')).toBe('ama@example.com');
    expect(email.safeParse('ama@').error?.issues[0]?.message).toMatch(/name@example\.com/);
    expect(email.safeParse('').error?.issues[0]?.message).toBe('Enter an e-mail address.');
    expect(optionalEmail.parse(undefined)).toBe('');
    expect(optionalEmail.safeParse('nope').success).toBe(false);
  });

  it('emailAddress can word its messages for the form that asks', () => {
    const signInEmail = emailAddress({
      required: 'Enter your e-mail address.',
      invalid: 'Enter a valid e-mail address.',
    });
    expect(signInEmail.safeParse(' ').error?.issues[0]?.message).toBe('Enter your e-mail address.');
    expect(signInEmail.safeParse(undefined).error?.issues[0]?.message).toBe(
      'Enter your e-mail address.',
    );
    expect(signInEmail.safeParse('ama@').error?.issues[0]?.message).toBe(
      'Enter a valid e-mail address.',
    );
    expect(signInEmail.parse('Ama@Example.com')).toBe('ama@example.com');
  });

  it('optionalPhone accepts international formats with at least six digits', () => {
    expect(optionalPhone.parse('+91 98450 00000')).toBe('+91 98450 00000');
    expect(optionalPhone.parse('(020) 555-0100')).toBe('(020) 555-0100');
    expect(optionalPhone.parse('')).toBe('');
    expect(optionalPhone.safeParse('12345').success).toBe(false);
    expect(optionalPhone.safeParse('call me').success).toBe(false);
  });

  it('calendarDate refuses days that do not exist', () => {
    const schema = calendarDate('Enter the date.');
    expect(schema.parse('2024-02-29')).toBe('2024-02-29');
    expect(schema.safeParse('2025-02-29').error?.issues[0]?.message).toBe(
      'Use a real date (YYYY-MM-DD).',
    );
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('Enter the date.');
  });

  it('a date of birth lies between 1900-01-01 and today, and a refusal says which end', () => {
    const schema = dateOfBirth(fixedNow);
    expect(schema.parse('1900-01-01')).toBe('1900-01-01');
    expect(schema.parse('2026-11-23')).toBe('2026-11-23');
    expect(schema.safeParse('1899-12-31').error?.issues[0]?.message).toBe(
      'The date of birth cannot be before 1 Jan 1900.',
    );
    expect(schema.safeParse('2026-11-24').error?.issues).toEqual([
      expect.objectContaining({ message: 'The date of birth cannot be after today.' }),
    ]);
    expect(schema.safeParse('2025-02-30').error?.issues).toEqual([
      expect.objectContaining({ message: 'Use a real date (YYYY-MM-DD).' }),
    ]);
  });

  it('an enrolment date may be empty, and is at most the end of next year, computed from today', () => {
    const schema = enrolmentDate(fixedNow); // today: 2026-11-23
    expect(schema.parse('')).toBeUndefined();
    expect(schema.parse('2027-12-31')).toBe('2027-12-31');
    expect(schema.safeParse('2028-01-01').error?.issues[0]?.message).toBe(
      'Enrolment date can be at most 31 Dec 2027 (the end of next year).',
    );
    expect(schema.safeParse('2099-09-01').success).toBe(false);
    expect(schema.safeParse('2025-02-30').error?.issues).toEqual([
      expect.objectContaining({ message: 'Use a real date (YYYY-MM-DD), or leave it empty.' }),
    ]);
    const nextJanuary = enrolmentDate(() => new Date('2027-01-02T10:00:00Z'));
    expect(nextJanuary.parse('2028-12-31')).toBe('2028-12-31');
  });

  it('notBefore flags an enrolment date earlier than the date of birth on the later field', () => {
    const schema = z
      .object({ dateOfBirth: z.string(), enrolledOn: z.string() })
      .superRefine(notBefore('enrolledOn', 'dateOfBirth', 'Enrolment cannot be before birth.'));
    expect(schema.safeParse({ dateOfBirth: '2018-05-01', enrolledOn: '2022-09-01' }).success).toBe(
      true,
    );
    const failed = schema.safeParse({ dateOfBirth: '2018-05-01', enrolledOn: '2018-04-30' });
    expect(failed.error?.issues[0]).toMatchObject({
      path: ['enrolledOn'],
      message: 'Enrolment cannot be before birth.',
    });
  });

  it('stringList turns one value or repeated values into a list without empties', () => {
    expect(stringList.parse(undefined)).toEqual([]);
    expect(stringList.parse('a')).toEqual(['a']);
    expect(stringList.parse(['a', '', 'b'])).toEqual(['a', 'b']);
  });

  it('checkbox is checked when present', () => {
    expect(checkbox.parse('on')).toBe(true);
    expect(checkbox.parse(undefined)).toBe(false);
  });

  it('wholeNumber refuses text and numbers out of range', () => {
    const schema = wholeNumber('Enter the capacity.', { min: 1, max: 60 });
    expect(schema.parse('24')).toBe(24);
    expect(schema.safeParse('twenty').error?.issues[0]?.message).toBe('Enter the capacity.');
    expect(schema.safeParse('0').error?.issues[0]?.message).toBe('Use a number from 1 to 60.');
  });

  it('wholeNumber, optionalPhoneNumber and optionalEmailAddress can word their messages for the form', () => {
    const capacity = wholeNumber('Enter the capacity.', { min: 1, outOfRange: 'Above 0, please.' });
    expect(capacity.safeParse('0').error?.issues[0]?.message).toBe('Above 0, please.');
    const phone = optionalPhoneNumber({ invalid: 'Enter a phone number, e.g. +91 98450 00000.' });
    expect(phone.safeParse('ring ring').error?.issues[0]?.message).toBe(
      'Enter a phone number, e.g. +91 98450 00000.',
    );
    expect(phone.parse(undefined)).toBe('');
    const optional = optionalEmailAddress({ invalid: 'Enter an e-mail address.' });
    expect(optional.safeParse('nope').error?.issues[0]?.message).toBe('Enter an e-mail address.');
    expect(optional.parse('  ')).toBe('');
  });
});
