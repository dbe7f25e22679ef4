import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsStore } from '~/settings/store';
import { checkForWorkerUpdate } from './service-worker';
import {
  checkForNewVersion,
  CURRENT_VERSION,
  loadRouteRules,
  startVersionChecks,
} from './version-check';

vi.mock('./service-worker', () => ({
  checkForWorkerUpdate: vi.fn(() => Promise.resolve()),
  activateWaitingWorker: vi.fn(() => Promise.resolve(false)),
}));

function answerLatest(body: unknown, status = 200) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(() => Promise.resolve(Response.json(body, { status })));
}

describe('the new-version check', () => {
  beforeEach(() => settingsStore.setNewVersionAvailable(false));
  afterEach(() => settingsStore.setNewVersionAvailable(false));

  it('marks a newer build and asks the service worker to update', async () => {
    const fetch = answerLatest({ id: 'b', timestamp: 1, version: '99.0.0' });
    expect(await checkForNewVersion()).toBe(true);
    expect(settingsStore.getState().newVersionAvailable).toBe(true);
    expect(checkForWorkerUpdate).toHaveBeenCalled();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/^\/builds\/latest\.json\?t=\d+$/);
    expect(init).toEqual({ cache: 'no-store' });
  });

  it('ignores the same version', async () => {
    answerLatest({ id: 'a', timestamp: 1, version: CURRENT_VERSION });
    expect(await checkForNewVersion()).toBe(false);
    expect(settingsStore.getState().newVersionAvailable).toBe(false);
  });

  it('stays quiet when offline or when the file is missing or damaged', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await checkForNewVersion()).toBe(false);
    answerLatest({}, 404);
    expect(await checkForNewVersion()).toBe(false);
    answerLatest({ version: 7 });
    expect(await checkForNewVersion()).toBe(false);
    expect(settingsStore.getState().newVersionAvailable).toBe(false);
    expect(debug).toHaveBeenCalledTimes(3);
  });

  it('stores this build’s version and checks again when the tab becomes visible and every 5 minutes', async () => {
    vi.useFakeTimers();
    try {
      const fetch = answerLatest({ id: 'a', timestamp: 1, version: CURRENT_VERSION });
      const stop = startVersionChecks();
      expect(settingsStore.getState().appVersion).toBe(CURRENT_VERSION);
      expect(localStorage.getItem('appVersion')).toBe(CURRENT_VERSION);
      expect(fetch).toHaveBeenCalledTimes(1);
      document.dispatchEvent(new Event('visibilitychange'));
      expect(fetch).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(5 * 60 * 1000);
      expect(fetch).toHaveBeenCalledTimes(3);
      stop();
      await vi.advanceTimersByTimeAsync(5 * 60 * 1000);
      expect(fetch).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the route rules', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs no console error when offline, and a warning when the file is missing or damaged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    // Offline: fetch rejects with "Failed to fetch"; that is normal for this app (issue 30).
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await loadRouteRules('build-1');
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledTimes(1);
    // Online, a missing or damaged file is a real failure: a warning (spec §8), still no error.
    answerLatest({}, 404);
    await loadRouteRules('build-1');
    answerLatest({ id: 'build-1', timestamp: 1, routeRules: 'none' });
    await loadRouteRules('build-1');
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(
      'The route rules of this build could not be loaded',
      expect.any(Error),
    );
    expect(error).not.toHaveBeenCalled();
  });
});
