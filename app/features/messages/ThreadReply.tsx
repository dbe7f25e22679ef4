// The reply box: a textarea ("Reply") and Send, posted to the thread's clientAction through a
// fetcher (the page stays where it is). What is typed is kept as the conversation's draft while
// typing, restored when the person comes back, and cleared once the message is saved.
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { MESSAGE_MAX_LENGTH } from '~/domain/messages';
import { Button } from '~/ui/Button';
import { Field, FormError, type FormState } from '~/ui/form/Field';
import { clearDraft, loadDraft, saveDraft } from './drafts';
import type { ReplyResult } from './writes';

export function ThreadReply({
  conversationId,
  memberUUID,
}: {
  conversationId: string;
  memberUUID: string;
}) {
  const fetcher = useFetcher<ReplyResult>();
  const [text, setText] = useState(() => loadDraft(memberUUID, conversationId));
  const handled = useRef<ReplyResult | undefined>(undefined);
  const result = fetcher.data;
  const sending = fetcher.state !== 'idle';

  // A saved message empties the box and its draft, once per answer of the action.
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      setText('');
      clearDraft(memberUUID, conversationId);
    }
  }, [result, memberUUID, conversationId]);

  const form: FormState | null = result && !result.ok ? result : null;
  return (
    <fetcher.Form
      method="post"
      className="sticky bottom-0 z-20 -mx-3 mt-4 grid gap-2 border-t border-border bg-page px-3 pb-3 pt-2 sm:mx-0 sm:px-0"
    >
      <FormError form={form} />
      {/* A counter, not maxlength: text past the limit is kept and the send says by how much. */}
      <Field
        label="Reply"
        error={form?.fieldErrors?.body}
        count={{ length: text.length, max: MESSAGE_MAX_LENGTH }}
      >
        {(control) => (
          <textarea
            {...control}
            name="body"
            rows={3}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              saveDraft(memberUUID, conversationId, event.target.value);
            }}
            onKeyDown={(event) => {
              // Ctrl/⌘+Enter sends, as in most messaging apps; Enter alone is a new line.
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
          />
        )}
      </Field>
      <div className="flex justify-end">
        {/* The kit's busy button keeps the focus of whoever pressed it while the message goes. */}
        <Button type="submit" busy={sending} busyLabel="Sending…" className="min-w-24">
          Send
        </Button>
      </div>
    </fetcher.Form>
  );
}
