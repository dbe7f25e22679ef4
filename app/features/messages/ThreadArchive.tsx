// Archiving a conversation from its thread: nobody deletes a conversation (a report about a child
// must stay), so a participant archives it instead. The control is a disclosure that says what
// archiving does before the button that does it, so one stray click archives nothing. The page's
// banner says when an archived conversation was archived, and by whom.
import { Form, useNavigation } from '@remix-run/react';
import { formatDateTime } from '~/domain/format';
import { useSettings } from '~/settings/store';
import { Button, useButtonClasses } from '~/ui/Button';
import { ARCHIVE_INTENT } from './writes';

export function ArchiveConversation() {
  const skin = useSettings((s) => s.skin);
  // A <summary> opens its disclosure and cannot be a Button: it borrows the secondary look.
  const summaryClasses = useButtonClasses({ variant: 'secondary', className: 'cursor-pointer' });
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === ARCHIVE_INTENT;
  return (
    <details className="mb-4">
      <summary className={summaryClasses}>Archive conversation</summary>
      <Form method="post" className={`mt-2 grid gap-2 p-4 ${skin.card} ${skin.rounded}`}>
        <input type="hidden" name="intent" value={ARCHIVE_INTENT} />
        <p>
          Archiving moves the conversation out of your inbox for everyone in it; nobody can reply
          any more. It is not deleted: it stays under the Archived filter, and the office can still
          read it.
        </p>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Archiving…' : 'Archive'}
          </Button>
        </div>
      </Form>
    </details>
  );
}

/** "Archived by Daniel Mensah on Mon 3 Mar 2025, 14:05.", in the person's campus zone. */
export function ArchivedNotice({
  archived,
  timeZone,
}: {
  archived: { at: string; byName: string };
  timeZone: string;
}) {
  const skin = useSettings((s) => s.skin);
  return (
    <p role="status" className={`mb-4 p-3 ${skin.info} ${skin.rounded}`}>
      Archived by {archived.byName} on {formatDateTime(archived.at, timeZone) || archived.at}.
      Nobody can reply to an archived conversation; start a new one to write again.
    </p>
  );
}
