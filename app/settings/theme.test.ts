import { describe, expect, it } from 'vitest';
import { initialTheme, nextTheme, parseTheme, THEME_BOOT_SCRIPT, toggleDarkTheme } from './theme';

describe('theme choice', () => {
  it('accepts only default, dark and accessible', () => {
    expect(parseTheme('default')).toBe('default');
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('accessible')).toBe('accessible');
    expect(parseTheme('Dark')).toBeNull();
    expect(parseTheme('neon')).toBeNull();
    expect(parseTheme(null)).toBeNull();
    expect(parseTheme(3)).toBeNull();
  });

  it('cycles default, dark, accessible and back to default', () => {
    expect(nextTheme('default')).toBe('dark');
    expect(nextTheme('dark')).toBe('accessible');
    expect(nextTheme('accessible')).toBe('default');
  });

  it('toggles between dark and default', () => {
    expect(toggleDarkTheme('default')).toBe('dark');
    expect(toggleDarkTheme('dark')).toBe('default');
    expect(toggleDarkTheme('accessible')).toBe('dark');
  });

  it('prefers the stored choice, then the system preference', () => {
    expect(initialTheme('accessible', true)).toBe('accessible');
    expect(initialTheme(null, true)).toBe('dark');
    expect(initialTheme(null, false)).toBe('default');
    expect(initialTheme('bogus', true)).toBe('dark');
    expect(initialTheme('bogus', false)).toBe('default');
  });

  it('applies the same rule in the inline boot script before first paint', () => {
    localStorage.setItem('theme', 'accessible');
    new Function(THEME_BOOT_SCRIPT)();
    expect(document.documentElement.dataset.theme).toBe('accessible');
    localStorage.setItem('theme', 'neon');
    new Function(THEME_BOOT_SCRIPT)();
    expect(document.documentElement.dataset.theme).toBe('default');
  });
});
