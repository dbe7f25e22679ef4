import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_STORAGE_KEY,
  createChunkReloadGuard,
  installChunkReloadGuard,
  isChunkLoadError,
} from './chunk-reload';

function setup() {
  let time = 1_000_000;
  const reload = vi.fn();
  const storage = new Map<string, string>();
  const handle = createChunkReloadGuard({
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
    },
    now: () => time,
    reload,
  });
  return { handle, reload, storage, advance: (ms: number) => (time += ms) };
}

describe('the chunk-reload guard', () => {
  it('reloads on the first chunk error of a path', () => {
    const { handle, reload } = setup();
    expect(handle('/dash/home')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload the same path again within 10 seconds', () => {
    const { handle, reload, advance } = setup();
    handle('/dash/home');
    advance(9_999);
    expect(handle('/dash/home')).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads the same path again once 10 seconds have passed', () => {
    const { handle, reload, advance } = setup();
    handle('/dash/home');
    advance(10_000);
    expect(handle('/dash/home')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('treats another path independently', () => {
    const { handle, reload, advance } = setup();
    handle('/dash/home');
    advance(1_000);
    expect(handle('/dash/students')).toBe(true);
    expect(handle('/dash/home')).toBe(false);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('remembers the last reload in storage, so a fresh page after the reload still holds back', () => {
    const first = setup();
    first.handle('/dash/home');
    const reload = vi.fn();
    const again = createChunkReloadGuard({
      storage: {
        getItem: (key) => first.storage.get(key) ?? null,
        setItem: (key, value) => void first.storage.set(key, value),
      },
      now: () => 1_000_000 + 500,
      reload,
    });
    expect(again('/dash/home')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('starts afresh from a damaged record instead of failing', () => {
    const { handle, reload, storage } = setup();
    storage.set(CHUNK_RELOAD_STORAGE_KEY, '{"/dash/home":"soon"');
    expect(handle('/dash/home')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads without storage, because it could not stop a loop', () => {
    const reload = vi.fn();
    const handle = createChunkReloadGuard({ storage: null, now: () => 0, reload });
    expect(handle('/dash/home')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it('recognises the browsers’ failed dynamic import messages', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
  });

  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('Failed to save item'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('installChunkReloadGuard', () => {
  afterEach(() => sessionStorage.clear());

  it('reacts to Vite’s preload error once per path', () => {
    const reload = vi.fn();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const original = window.location;
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...original, pathname: '/dash/home', reload },
    });
    const stop = installChunkReloadGuard();
    try {
      const fire = () => {
        const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
          payload: new TypeError('Failed to fetch dynamically imported module: /assets/x.js'),
        });
        window.dispatchEvent(event);
      };
      fire();
      fire();
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      stop();
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});
