import { describe, expect, it } from 'vitest';
import { parseForm } from '~/ui/form/parse-form';
import { loginActionSchema } from './sign-in';

describe('the sign-in form', () => {
  it('asks for the person’s own e-mail address, and for a valid one', () => {
    expect(parseForm(loginActionSchema, { intent: 'email', email: ' ' })).toMatchObject({
      status: 400,
      fieldErrors: { email: 'Enter your e-mail address.' },
    });
    expect(
      parseForm(loginActionSchema, { intent: 'email', email: 'not-an-address' }),
    ).toMatchObject({
      status: 400,
      fieldErrors: { email: 'Enter a valid e-mail address, like name@example.com.' },
      values: { email: 'not-an-address' },
    });
  });

  it('needs a password at the password step and keeps it untrimmed', () => {
    expect(
      parseForm(loginActionSchema, { intent: 'signin', email: 'a@example.com', password: '' }),
    ).toMatchObject({ fieldErrors: { password: 'Enter your password.' } });
    expect(
      parseForm(loginActionSchema, {
        intent: 'signin',
        email: 'A@Example.com',
        password: ' secret ',
        remember: 'on',
      }),
    ).toMatchObject({
      ok: true,
      data: { email: 'a@example.com', password: ' secret ', remember: true },
    });
  });
});
