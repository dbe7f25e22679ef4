// What /dash/messages/new loads and saves: the recipients and children the sender may choose
// (recipients.ts, from the cached messages data), what `?to=<id>&child=<id>` prefill, and the
// action that saves the conversation and its first message through the store in one batch, so it
// works offline and the sync sends it once.
import { redirect } from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import type { SessionUser } from '~/auth/session-user';
import { store } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { settingsStore } from '~/settings/store';
import { formFailure, formValues } from '~/ui/form/parse-form';
import { loadMessagesData } from './load';
import { planNewConversation, recipientLimit } from './new-conversation';
import { childChoices, newConversationLead, recipientOptions, studentName } from './recipients';

/** Said when the device could not store the conversation (IndexedDB failed). */
export const NOT_SAVED_MESSAGE = 'The conversation could not be saved on this device. Try again.';

async function choicesFor(user: SessionUser) {
  const data = await loadMessagesData(user);
  return { recipients: recipientOptions(data), children: childChoices(data) };
}

export async function loadNewConversationPage(request: Request) {
  const user = await requireArea(request, 'messages');
  const { recipients, children } = await choicesFor(user);
  const params = new URL(request.url).searchParams;
  const ids = new Set(recipients.map((r) => r.id));
  const childId = params.get('child');
  return {
    lead: newConversationLead(user.roles),
    recipients,
    children: children.map((s) => ({
      id: s.id,
      label: studentName(s),
      description: s.preferredName ? `Known as ${s.preferredName}` : undefined,
    })),
    // Only what the person may choose is prefilled; anything else in the URL is ignored.
    to: params.getAll('to').filter((id) => ids.has(id)),
    child: childId && children.some((s) => s.id === childId) ? childId : null,
  };
}

export async function startConversationFromRequest(request: Request) {
  const user = await requireArea(request, 'messages');
  const formData = await request.formData();
  const { recipients, children } = await choicesFor(user);
  const plan = planNewConversation(formData, {
    me: user.memberUUID,
    recipients,
    childIds: children.map((s) => s.id),
    maxRecipients: recipientLimit(user.roles),
    now: new Date(),
  });
  // A refused plan (too many people, someone not on the list) returns here, before the store
  // queues anything, online or offline.
  if (!plan.ok) return plan;
  const saved = await store.batch(plan.operations);
  if (saved === 0) {
    settingsStore.setError(NOT_SAVED_MESSAGE);
    return formFailure(formValues(formData), { _form: NOT_SAVED_MESSAGE });
  }
  if (syncEngine.connectivity.isOnline()) {
    settingsStore.notify('Conversation started.', 'success');
  } else {
    settingsStore.notify(
      'Conversation saved on this device. It will be sent when you are back online.',
      'success',
    );
  }
  return redirect(`/dash/messages/${encodeURIComponent(plan.conversationId)}`);
}
