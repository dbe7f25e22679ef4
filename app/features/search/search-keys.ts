// The search dialog's keyboard model (WAI-ARIA combobox with a listbox popup), as pure rules so
// they can be tested without a browser. Focus stays in the input; the "active" option is the one
// aria-activedescendant names, moved by the arrow keys over every option of every group in turn.

/** What a key press in the search input asks for. */
export type SearchKeyIntent =
  { kind: 'move'; active: number } | { kind: 'choose'; index: number } | { kind: 'none' };

/**
 * The intent of `key` with `count` options on show and option `active` active (-1 for none).
 * ArrowDown/ArrowUp move one and wrap around; Home/End are left to the text input (it is a text
 * field first); Enter chooses the active option, or the first when none is active yet.
 */
export function searchKeyIntent(key: string, active: number, count: number): SearchKeyIntent {
  if (count <= 0) return { kind: 'none' };
  switch (key) {
    case 'ArrowDown':
      return { kind: 'move', active: active < 0 || active >= count - 1 ? 0 : active + 1 };
    case 'ArrowUp':
      return { kind: 'move', active: active <= 0 ? count - 1 : active - 1 };
    case 'PageDown':
      return { kind: 'move', active: count - 1 };
    case 'PageUp':
      return { kind: 'move', active: 0 };
    case 'Enter':
      return { kind: 'choose', index: active >= 0 && active < count ? active : 0 };
    default:
      return { kind: 'none' };
  }
}

/** Whether a key press is the search shortcut: Ctrl+K, or ⌘K on Apple devices. */
export function isSearchShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): boolean {
  return (
    event.key.toLowerCase() === 'k' &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey
  );
}

/** Whether this device is an Apple one, where the shortcut is written ⌘K rather than Ctrl K. */
export function isApplePlatform(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}
