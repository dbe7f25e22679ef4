import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_AUTO_HIDE_MS } from '~/config/constants';
import { NOTICE_LOG_SIZE, settingsStore } from '~/settings/store';
import { Toast } from './Toast';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => settingsStore.hideNotification());
  cleanup();
  vi.useRealTimers();
});

function recentNotices(): string[] {
  const log = screen.getByRole('log', { name: 'Recent notices' });
  return within(log)
    .queryAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('Toast', () => {
  it('keeps a notice in the "Recent notices" log after the toast has hidden itself', () => {
    render(<Toast />);
    act(() => settingsStore.notify('Profile saved', 'success'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Profile saved');
    expect(screen.getByRole('status')).toHaveTextContent('Profile saved');

    act(() => vi.advanceTimersByTime(NOTIFICATION_AUTO_HIDE_MS));
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(recentNotices().at(-1)).toBe('Profile saved');
  });

  it('logs errors too, and the same message said twice twice, newest last', () => {
    render(<Toast />);
    act(() => settingsStore.notify('Saved', 'success'));
    act(() => settingsStore.notify('Could not save', 'error'));
    act(() => settingsStore.notify('Saved', 'success'));
    act(() => settingsStore.hideNotification());
    // The log belongs to the page's settings store, so an earlier test's notice may come first.
    expect(recentNotices().slice(-3)).toEqual(['Saved', 'Could not save', 'Saved']);
    const items = within(screen.getByRole('log')).getAllByRole('listitem');
    expect(items.slice(-3).map((item) => item.dataset.type)).toEqual([
      'success',
      'error',
      'success',
    ]);
  });

  it('is not announced again (the status and alert regions announce) and keeps the last few', () => {
    render(<Toast />);
    for (let i = 1; i <= NOTICE_LOG_SIZE + 3; i++) {
      act(() => settingsStore.notify(`Notice ${i}`));
    }
    expect(screen.getByRole('log')).toHaveAttribute('aria-live', 'off');
    const notices = recentNotices();
    expect(notices).toHaveLength(NOTICE_LOG_SIZE);
    expect(notices[0]).toBe('Notice 4');
    expect(notices.at(-1)).toBe(`Notice ${NOTICE_LOG_SIZE + 3}`);
  });
});
