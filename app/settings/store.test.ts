import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_AUTO_HIDE_MS } from '~/config/constants';
import { SKINS } from './skin';
import { createInitialSettings, createSettingsStore, isLoading } from './store';

describe('the dashboard settings store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts with the spec defaults', () => {
    const state = createInitialSettings();
    expect(state).toMatchObject({
      progress: false,
      processing: false,
      error: null,
      notification: { show: false, message: '', type: 'info' },
      theme: 'default',
      disableInputs: false,
      appVersion: '1.0.7',
      newVersionAvailable: false,
      dashboardType: 'admin',
    });
    expect(state.skin).toBe(SKINS.default);
  });

  it('reports loading while progress or processing is true', () => {
    expect(isLoading({ progress: false, processing: false })).toBe(false);
    expect(isLoading({ progress: true, processing: false })).toBe(true);
    expect(isLoading({ progress: false, processing: true })).toBe(true);
  });

  it('shows a notice as info by default and hides it after 5000 ms', () => {
    const store = createSettingsStore();
    store.notify('Saved');
    expect(store.getState().notification).toEqual({ show: true, message: 'Saved', type: 'info' });
    vi.advanceTimersByTime(NOTIFICATION_AUTO_HIDE_MS - 1);
    expect(store.getState().notification.show).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getState().notification.show).toBe(false);
  });

  it('restarts the auto-hide timer when a second notice replaces the first', () => {
    const store = createSettingsStore();
    store.notify('First');
    vi.advanceTimersByTime(4000);
    store.notify('Second', 'success');
    vi.advanceTimersByTime(4000);
    expect(store.getState().notification).toEqual({
      show: true,
      message: 'Second',
      type: 'success',
    });
    vi.advanceTimersByTime(1000);
    expect(store.getState().notification.show).toBe(false);
  });

  it('shows an error notice when an error is set', () => {
    const store = createSettingsStore();
    store.setError('Failed to get data');
    expect(store.getState().error).toBe('Failed to get data');
    expect(store.getState().notification).toEqual({
      show: true,
      message: 'Failed to get data',
      type: 'error',
    });
  });

  it('cycles the theme, swaps the skin and stores the choice', () => {
    const store = createSettingsStore();
    store.cycleTheme();
    expect(store.getState().theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    store.cycleTheme();
    expect(store.getState().theme).toBe('accessible');
    expect(store.getState().skin).toBe(SKINS.accessible);
    store.cycleTheme();
    expect(store.getState().theme).toBe('default');
  });

  it('writes the theme cookie with a one-year max-age and SameSite=Lax', () => {
    const cookie = vi.spyOn(document, 'cookie', 'set');
    createSettingsStore().setTheme('accessible');
    expect(cookie).toHaveBeenCalledWith('theme=accessible; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('notifies subscribers on every change', () => {
    const store = createSettingsStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setProgress(true);
    store.setProcessing(true);
    unsubscribe();
    store.setProgress(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
