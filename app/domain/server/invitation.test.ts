// The invitation e-mail (issue 31): who invited whom to which centre, the link in both parts, the
// names escaped in the HTML, and no unsubscribe footer (an invitation is no notice).
import { describe, expect, it } from 'vitest';
import { actionLink, invitationMail } from './invitation';

const LINK = actionLink({ origin: 'https://centre.example', oobCode: 'abc-123', apiKey: 'key' });

describe('actionLink', () => {
  it('opens the app’s /auth/action page with the mode, the code and where to go afterwards', () => {
    const url = new URL(LINK);
    expect(url.origin + url.pathname).toBe('https://centre.example/auth/action');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      mode: 'resetPassword',
      oobCode: 'abc-123',
      apiKey: 'key',
      continueUrl: 'https://centre.example/login',
    });
  });
});

describe('invitationMail', () => {
  const mail = invitationMail({
    to: 'efua@mail.example',
    displayName: 'Efua <script>alert(1)</script>',
    inviterName: 'Grace & Co',
    link: LINK,
    memberUUID: 'uid-1',
    createdAt: '2026-11-28T10:00:00.000Z',
  });

  it('is an invitation to the invitee, from the inviter, naming the centre', () => {
    expect(mail).toMatchObject({
      to: ['efua@mail.example'],
      kind: 'invitation',
      memberUUID: 'uid-1',
      createdAt: '2026-11-28T10:00:00.000Z',
      message: { subject: 'You are invited to Learning Centre' },
    });
    expect(mail.message.text).toContain('Grace & Co invited you to Learning Centre');
    expect(mail.message.text).toContain('set a password for efua@mail.example');
  });

  it('carries the link in the text and in the HTML (escaped as an attribute)', () => {
    expect(mail.message.text).toContain(`Set your password: ${LINK}`);
    expect(mail.message.html).toContain(`<a href="${LINK.replaceAll('&', '&amp;')}">`);
  });

  it('escapes the names in the HTML and has no unsubscribe footer', () => {
    expect(mail.message.html).toContain('Efua &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.message.html).toContain('Grace &amp; Co');
    expect(mail.message.html).not.toContain('<script>');
    expect(mail.message.text).not.toMatch(/unsubscribe/i);
    expect(mail.message.html).not.toMatch(/unsubscribe/i);
  });

  it('names the office when the inviter has no name, and greets without a name', () => {
    const plain = invitationMail({
      to: 'x@mail.example',
      displayName: ' ',
      inviterName: '',
      link: LINK,
      memberUUID: 'uid-2',
      createdAt: '2026-11-28T10:00:00.000Z',
    });
    expect(plain.message.text.startsWith('Hello,\n\nThe Learning Centre office invited you')).toBe(
      true,
    );
  });
});
