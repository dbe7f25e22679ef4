// Reply drafts, one per conversation and person, kept in sessionStorage: a draft survives a reload
// and moving between threads in this tab, but not the tab itself, so a shared family computer does
// not show one person's half-written message to the next (sign-out clears it too, with the rest
// of the session). The key is versioned (style.md rule 8); values are plain strings.

/** Storage key prefix; change the version only with a migration. */
export const DRAFT_KEY_PREFIX = 'lc.messageDraft.v1';

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): DraftStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings): drafts are then not kept, nothing breaks.
    return null;
  }
}

export function draftKey(memberUUID: string, conversationId: string): string {
  return `${DRAFT_KEY_PREFIX}.${memberUUID}.${conversationId}`;
}

export function loadDraft(
  memberUUID: string,
  conversationId: string,
  storage: DraftStorage | null = defaultStorage(),
): string {
  try {
    const value: unknown = storage?.getItem(draftKey(memberUUID, conversationId));
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}

/** Keeps the draft; an empty (or whitespace-only) draft is removed instead. */
export function saveDraft(
  memberUUID: string,
  conversationId: string,
  text: string,
  storage: DraftStorage | null = defaultStorage(),
): void {
  try {
    const key = draftKey(memberUUID, conversationId);
    if (text.trim()) storage?.setItem(key, text);
    else storage?.removeItem(key);
  } catch {
    // A full or blocked storage loses the draft, never the page.
  }
}

export function clearDraft(
  memberUUID: string,
  conversationId: string,
  storage: DraftStorage | null = defaultStorage(),
): void {
  saveDraft(memberUUID, conversationId, '', storage);
}
