// The e-mails the backend writes for the Trigger Email extension: both parts from the same text,
// everything a person typed escaped in the HTML, and links only when they are http(s).
import { describe, expect, it } from 'vitest';
import { escapeHtml, mailDocument, MAIL_COLLECTION, PREFERENCES_PATH } from './mail';

const AT = '2026-11-28T09:00:00.000Z';

describe('mailDocument', () => {
  it('writes the extension’s fields, with a plain-text part and an HTML part', () => {
    const mail = mailDocument({
      to: 'grace@example.com',
      subject: 'New event: Museum trip',
      paragraphs: ['Museum trip on Fri 4 Dec 2026.', 'Bring a packed lunch.'],
      action: { label: 'Open the calendar', url: 'https://centre.example/dash/calendar' },
      unsubscribeUrl: `https://centre.example${PREFERENCES_PATH}`,
      kind: 'notice',
      memberUUID: 'uid-grace',
      createdAt: AT,
    });
    expect(MAIL_COLLECTION).toBe('mail');
    expect(mail.to).toEqual(['grace@example.com']);
    expect(mail.message.subject).toBe('New event: Museum trip');
    expect(mail.message.text).toBe(
      [
        'Museum trip on Fri 4 Dec 2026.',
        'Bring a packed lunch.',
        'Open the calendar: https://centre.example/dash/calendar',
        '--',
        'You receive this because of your notification preferences. Change them or unsubscribe: https://centre.example/dash/profile#notifications',
      ].join('\n\n'),
    );
    expect(mail.message.html).toContain('<p>Bring a packed lunch.</p>');
    expect(mail.message.html).toContain(
      '<a href="https://centre.example/dash/profile#notifications">Change them or unsubscribe</a>',
    );
    expect(mail).toMatchObject({ kind: 'notice', memberUUID: 'uid-grace', createdAt: AT });
  });

  it('escapes what people typed in the HTML part and keeps it as typed in the text part', () => {
    const typed = 'Tom & Jerry <script>alert("x")</script>';
    const mail = mailDocument({
      to: 'a@example.com',
      subject: typed,
      paragraphs: [typed],
      kind: 'notice',
      createdAt: AT,
    });
    expect(mail.message.html).toBe(
      '<p>Tom &amp; Jerry &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>',
    );
    expect(mail.message.text).toBe(typed);
    expect(mail.message.html).not.toContain('<script>');
  });

  it('drops a link that is not http(s) instead of writing it', () => {
    const mail = mailDocument({
      to: 'a@example.com',
      subject: 'Hello',
      paragraphs: ['Hi'],
      action: { label: 'Click', url: 'javascript:alert(1)' },
      unsubscribeUrl: 'data:text/html,x',
      kind: 'invitation',
      createdAt: AT,
    });
    expect(mail.message.html).toBe('<p>Hi</p>');
    expect(mail.message.text).toBe('Hi');
    expect(mail).not.toHaveProperty('memberUUID');
  });

  it('escapes quotes so a link cannot leave its attribute', () => {
    expect(escapeHtml(`"'><`)).toBe('&quot;&#39;&gt;&lt;');
    const mail = mailDocument({
      to: 'a@example.com',
      subject: 'x',
      paragraphs: [],
      action: { label: 'Go', url: 'https://centre.example/a"onmouseover="x' },
      kind: 'notice',
      createdAt: AT,
    });
    expect(mail.message.html).not.toContain('"onmouseover');
  });
});
