// E-mails the backend sends, as documents of the `mail` collection in the format of Firebase's
// "Trigger Email from Firestore" extension (`to`, `message.subject`, `message.text`,
// `message.html`): the functions write them and the extension delivers them through the school's
// SMTP provider (docs/deploy.md); the fake writes the same documents and the demo mailbox lists
// them. Every e-mail has a plain-text part, its HTML is escaped, and every e-mail about notices
// carries an unsubscribe link to the person's preferences. Pure.

/** The extension's collection. */
export const MAIL_COLLECTION = 'mail';

/** Where a person changes what reaches them (the unsubscribe link of every notice e-mail). */
export const PREFERENCES_PATH = '/dash/profile#notifications';

export interface MailDocument {
  to: string[];
  message: { subject: string; text: string; html: string };
  /** What the e-mail is for: 'invitation', 'notice' or 'digest' (the demo mailbox groups by it). */
  kind: 'invitation' | 'notice' | 'digest';
  /** The member it was written for (their uid), when it is for one. */
  memberUUID?: string;
  /** When it was written (ISO 8601). */
  createdAt: string;
}

export interface MailContent {
  to: string;
  subject: string;
  /** Paragraphs of plain text; never HTML (each is escaped into the HTML part). */
  paragraphs: readonly string[];
  /** One call to action, shown as a link in both parts. */
  action?: { label: string; url: string };
  /** The absolute URL of the preferences page; notices and digests must have one. */
  unsubscribeUrl?: string;
  kind: MailDocument['kind'];
  memberUUID?: string;
  createdAt: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an HTML element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Only http(s) links go into an e-mail (a `javascript:` URL is dropped, not escaped). */
function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** The `mail` document for one e-mail: both parts built from the same paragraphs. */
export function mailDocument(content: MailContent): MailDocument {
  const action = content.action ? safeUrl(content.action.url) : null;
  const unsubscribe = content.unsubscribeUrl ? safeUrl(content.unsubscribeUrl) : null;
  const footer = unsubscribe
    ? `You receive this because of your notification preferences. Change them or unsubscribe: ${unsubscribe}`
    : null;
  const text = [
    ...content.paragraphs,
    ...(action && content.action ? [`${content.action.label}: ${action}`] : []),
    ...(footer ? ['--', footer] : []),
  ].join('\n\n');
  const html = [
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(action && content.action
      ? [`<p><a href="${escapeHtml(action)}">${escapeHtml(content.action.label)}</a></p>`]
      : []),
    ...(unsubscribe
      ? [
          `<hr><p style="font-size:small">You receive this because of your notification preferences. <a href="${escapeHtml(unsubscribe)}">Change them or unsubscribe</a>.</p>`,
        ]
      : []),
  ].join('\n');
  return {
    to: [content.to],
    message: { subject: content.subject, text, html },
    kind: content.kind,
    ...(content.memberUUID ? { memberUUID: content.memberUUID } : {}),
    createdAt: content.createdAt,
  };
}
