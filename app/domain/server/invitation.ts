// The invitation e-mail (issue 31): an invited person gets a link to set their own password, never a
// password passed by hand through the office. The functions take the link from Firebase Auth
// (`generatePasswordResetLink`, its action URL pointing at the app's /auth/action page, see
// docs/deploy.md); the fake builds the same kind of link from its own oob code (actionLink). Pure.
import { mailDocument, type MailDocument } from './mail';

/** The centre's name in e-mails: the app's own name (public/manifest.webmanifest). */
export const CENTRE_NAME = 'Learning Centre';

/** The app's page that handles Auth's e-mail actions (the Auth template's action URL). */
export const AUTH_ACTION_PATH = '/auth/action';

/** Where the person goes once the password is set. */
export const AFTER_ACTION_PATH = '/login';

/** How long a password-reset link works (Firebase Auth's own lifetime for these codes). */
export const RESET_CODE_LIFETIME_MS = 60 * 60 * 1000;

/**
 * The link of an Auth e-mail action, in the shape Firebase's own e-mails use:
 * `<origin>/auth/action?mode=resetPassword&oobCode=…&apiKey=…&continueUrl=<origin>/login`.
 */
export function actionLink(input: {
  origin: string;
  oobCode: string;
  apiKey: string;
  mode?: 'resetPassword';
}): string {
  const url = new URL(AUTH_ACTION_PATH, input.origin);
  url.searchParams.set('mode', input.mode ?? 'resetPassword');
  url.searchParams.set('oobCode', input.oobCode);
  url.searchParams.set('apiKey', input.apiKey);
  url.searchParams.set('continueUrl', new URL(AFTER_ACTION_PATH, input.origin).toString());
  return url.toString();
}

export interface InvitationInput {
  /** The invited person's address. */
  to: string;
  /** Their name as the office typed it ('' when none was). */
  displayName: string;
  /** Who invited them: their display name, or '' when the profile has none. */
  inviterName: string;
  /** The link that lets them set a password (valid for an hour, once). */
  link: string;
  /** Their uid (the Members document). */
  memberUUID: string;
  /** When the e-mail is written (ISO 8601). */
  createdAt: string;
  centreName?: string;
}

/**
 * The invitation as a `mail` document: who invited them, the centre's name, and the link in both
 * parts. No unsubscribe link: it is not a notice a preference can turn off.
 */
export function invitationMail(input: InvitationInput): MailDocument {
  const centre = input.centreName ?? CENTRE_NAME;
  const inviter = input.inviterName.trim() || `The ${centre} office`;
  const greeting = input.displayName.trim() ? `Hello ${input.displayName.trim()},` : 'Hello,';
  return mailDocument({
    to: input.to,
    subject: `You are invited to ${centre}`,
    paragraphs: [
      greeting,
      `${inviter} invited you to ${centre}, where you can follow attendance, messages, events and resources.`,
      `To start, set a password for ${input.to} with the link below. It works once, for one hour; if it has expired, ask the office to send the invitation again.`,
      'If you did not expect this e-mail, you can ignore it.',
    ],
    action: { label: 'Set your password', url: input.link },
    kind: 'invitation',
    memberUUID: input.memberUUID,
    createdAt: input.createdAt,
  });
}
