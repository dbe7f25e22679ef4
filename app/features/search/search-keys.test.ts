import { describe, expect, it } from 'vitest';
import { isApplePlatform, isSearchShortcut, searchKeyIntent } from './search-keys';

describe('the search input’s keys', () => {
  it('ArrowDown moves to the next option, from none to the first, and wraps from the last', () => {
    expect(searchKeyIntent('ArrowDown', -1, 3)).toEqual({ kind: 'move', active: 0 });
    expect(searchKeyIntent('ArrowDown', 0, 3)).toEqual({ kind: 'move', active: 1 });
    expect(searchKeyIntent('ArrowDown', 2, 3)).toEqual({ kind: 'move', active: 0 });
  });

  it('ArrowUp moves to the previous option, from none or the first to the last', () => {
    expect(searchKeyIntent('ArrowUp', 2, 3)).toEqual({ kind: 'move', active: 1 });
    expect(searchKeyIntent('ArrowUp', 0, 3)).toEqual({ kind: 'move', active: 2 });
    expect(searchKeyIntent('ArrowUp', -1, 3)).toEqual({ kind: 'move', active: 2 });
  });

  it('PageUp and PageDown jump to the first and the last option', () => {
    expect(searchKeyIntent('PageUp', 2, 3)).toEqual({ kind: 'move', active: 0 });
    expect(searchKeyIntent('PageDown', 0, 3)).toEqual({ kind: 'move', active: 2 });
  });

  it('Enter chooses the active option, or the first when none is active', () => {
    expect(searchKeyIntent('Enter', 1, 3)).toEqual({ kind: 'choose', index: 1 });
    expect(searchKeyIntent('Enter', -1, 3)).toEqual({ kind: 'choose', index: 0 });
    expect(searchKeyIntent('Enter', 7, 3)).toEqual({ kind: 'choose', index: 0 });
  });

  it('does nothing without options, and leaves other keys (Home, End, letters) to the text field', () => {
    expect(searchKeyIntent('ArrowDown', -1, 0)).toEqual({ kind: 'none' });
    expect(searchKeyIntent('Enter', -1, 0)).toEqual({ kind: 'none' });
    expect(searchKeyIntent('Home', 2, 3)).toEqual({ kind: 'none' });
    expect(searchKeyIntent('End', 0, 3)).toEqual({ kind: 'none' });
    expect(searchKeyIntent('a', 0, 3)).toEqual({ kind: 'none' });
  });
});

describe('the search shortcut', () => {
  const press = (key: string, mods: Partial<Record<'ctrl' | 'meta' | 'alt' | 'shift', boolean>>) =>
    isSearchShortcut({
      key,
      ctrlKey: mods.ctrl ?? false,
      metaKey: mods.meta ?? false,
      altKey: mods.alt ?? false,
      shiftKey: mods.shift ?? false,
    });

  it('is Ctrl+K or Cmd+K, whatever the letter’s case', () => {
    expect(press('k', { ctrl: true })).toBe(true);
    expect(press('K', { meta: true })).toBe(true);
  });

  it('is not K alone, nor with Alt or Shift, nor another letter', () => {
    expect(press('k', {})).toBe(false);
    expect(press('k', { ctrl: true, shift: true })).toBe(false);
    expect(press('k', { ctrl: true, alt: true })).toBe(false);
    expect(press('j', { ctrl: true })).toBe(false);
  });

  it('is written ⌘K on Apple devices only', () => {
    expect(isApplePlatform('MacIntel')).toBe(true);
    expect(isApplePlatform('macOS')).toBe(true);
    expect(isApplePlatform('iPhone')).toBe(true);
    expect(isApplePlatform('Linux x86_64')).toBe(false);
    expect(isApplePlatform('Windows')).toBe(false);
  });
});
