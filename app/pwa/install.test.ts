import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '~/config/constants';
import { THEMES } from '~/settings/theme';
import {
  createInstallStore,
  detectPlatform,
  isInstallPromptEvent,
  type InstallEnvironment,
  type InstallPromptEvent,
} from './install';
import { applyThemeColor, THEME_COLORS } from './theme-color';

/** A stand-in for Chromium's BeforeInstallPromptEvent. */
function installPrompt(
  choice: Promise<unknown> = Promise.resolve({ outcome: 'accepted', platform: 'web' }),
  prompt: () => Promise<unknown> = async () => undefined,
): InstallPromptEvent {
  return Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: choice,
  });
}

function setup(options: { enabled?: boolean; standalone?: boolean } = {}) {
  const events = new EventTarget();
  const saved = new Map<string, string>();
  let standalone = options.standalone ?? false;
  const displayModeListeners = new Set<() => void>();
  const env: InstallEnvironment = {
    enabled: options.enabled ?? true,
    events,
    storage: {
      getItem: (key) => saved.get(key) ?? null,
      setItem: (key, value) => void saved.set(key, value),
      removeItem: (key) => void saved.delete(key),
    },
    standalone: {
      matches: () => standalone,
      onChange(listener) {
        displayModeListeners.add(listener);
        return () => displayModeListeners.delete(listener);
      },
    },
  };
  const store = createInstallStore(env);
  const stop = store.start();
  return {
    store,
    stop,
    events,
    saved,
    /** A second page load with the same storage. */
    reload: () => createInstallStore(env),
    openAsApp() {
      standalone = true;
      displayModeListeners.forEach((listener) => listener());
    },
  };
}

describe('the install store', () => {
  it('starts as not installed and can install once the browser offers a prompt', () => {
    const { store, events } = setup();
    expect(store.getSnapshot().state).toBe('not-installed');
    const event = installPrompt();
    events.dispatchEvent(event);
    expect(store.getSnapshot().state).toBe('can-install');
    expect(event.defaultPrevented).toBe(true);
  });

  it('ignores a beforeinstallprompt event without prompt() and userChoice', () => {
    const { store, events } = setup();
    events.dispatchEvent(new Event('beforeinstallprompt'));
    expect(store.getSnapshot().state).toBe('not-installed');
  });

  it('is installed when the page runs as the standalone app', () => {
    expect(setup({ standalone: true }).store.getSnapshot().state).toBe('installed');
    const later = setup();
    later.openAsApp();
    expect(later.store.getSnapshot().state).toBe('installed');
  });

  it('becomes installed and clears the prompt after appinstalled', async () => {
    const { store, events } = setup();
    events.dispatchEvent(installPrompt());
    events.dispatchEvent(new Event('appinstalled'));
    expect(store.getSnapshot().state).toBe('installed');
    // No prompt is left to show, so asking again only offers the instructions.
    expect(await store.promptInstall()).toBe('unavailable');
  });

  it('is installed after the person accepts the prompt, without opening the instructions', async () => {
    const { store, events } = setup();
    events.dispatchEvent(installPrompt());
    expect(await store.promptInstall()).toBe('accepted');
    expect(store.getSnapshot()).toMatchObject({ state: 'installed', instructionsOpen: false });
  });

  it('opens the instructions when the prompt is declined, and spends the prompt', async () => {
    const { store, events } = setup();
    events.dispatchEvent(installPrompt(Promise.resolve({ outcome: 'dismissed', platform: '' })));
    expect(await store.promptInstall()).toBe('dismissed');
    expect(store.getSnapshot()).toMatchObject({ state: 'not-installed', instructionsOpen: true });
  });

  it('opens the instructions when the prompt fails or answers something unknown', async () => {
    const failing = setup();
    failing.events.dispatchEvent(
      installPrompt(undefined, () => Promise.reject(new Error('NotAllowedError'))),
    );
    expect(await failing.store.promptInstall()).toBe('failed');
    expect(failing.store.getSnapshot().instructionsOpen).toBe(true);

    const odd = setup();
    odd.events.dispatchEvent(installPrompt(Promise.resolve({ outcome: 'maybe' })));
    expect(await odd.store.promptInstall()).toBe('failed');
    expect(odd.store.getSnapshot().instructionsOpen).toBe(true);
  });

  it('opens the instructions when no prompt is available', async () => {
    const { store } = setup();
    expect(await store.promptInstall()).toBe('unavailable');
    expect(store.getSnapshot().instructionsOpen).toBe(true);
  });

  it('keeps the banner dismissed across page loads', () => {
    const { store, saved, reload } = setup();
    store.dismissBanner();
    expect(store.getSnapshot().bannerDismissed).toBe(true);
    expect(saved.get(STORAGE_KEYS.pwaDismissed)).toBe('true');
    expect(reload().getSnapshot().bannerDismissed).toBe(true);
  });

  it('does not open the instructions by itself after "Don\'t show this again", but does when asked', async () => {
    const { store, events, saved, reload } = setup();
    store.setInstructionsDismissed(true);
    expect(saved.get(STORAGE_KEYS.pwaInstructionsDismissed)).toBe('true');
    expect(reload().getSnapshot().instructionsDismissed).toBe(true);

    events.dispatchEvent(installPrompt(Promise.resolve({ outcome: 'dismissed' })));
    await store.promptInstall();
    expect(await store.promptInstall()).toBe('unavailable');
    expect(store.getSnapshot().instructionsOpen).toBe(false);

    store.openInstructions();
    expect(store.getSnapshot().instructionsOpen).toBe(true);
    store.closeInstructions();
    store.setInstructionsDismissed(false);
    expect(saved.has(STORAGE_KEYS.pwaInstructionsDismissed)).toBe(false);
  });

  it('does nothing when the PWA flag is off', async () => {
    const { store, events } = setup({ enabled: false });
    events.dispatchEvent(installPrompt());
    expect(store.getSnapshot()).toMatchObject({ enabled: false, state: 'not-installed' });
    expect(await store.promptInstall()).toBe('unavailable');
    expect(store.getSnapshot().instructionsOpen).toBe(false);
  });

  it('stops listening after its clean-up', () => {
    const { store, events, stop } = setup();
    stop();
    events.dispatchEvent(installPrompt());
    expect(store.getSnapshot().state).toBe('not-installed');
  });

  it('recognises only events that carry prompt() and userChoice', () => {
    expect(isInstallPromptEvent(installPrompt())).toBe(true);
    expect(isInstallPromptEvent(new Event('beforeinstallprompt'))).toBe(false);
  });
});

describe('the platform for the install instructions', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Safari',
      0,
      'ios',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari', 5, 'ios'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile', 5, 'android'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36', 0, 'desktop'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/126', 0, 'desktop'],
  ])('%s with %i touch points is %s', (userAgent, touchPoints, platform) => {
    expect(detectPlatform(userAgent, touchPoints)).toBe(platform);
  });
});

describe('the browser colour per theme', () => {
  it('matches each theme header colour in tailwind.css', () => {
    const css = readFileSync(join(import.meta.dirname, '../tailwind.css'), 'utf8');
    for (const theme of THEMES) {
      const block = css.split(`[data-theme='${theme}'] {`)[1]?.split('}')[0] ?? '';
      const header = /--lc-header:\s*(#[0-9a-f]{3,8})/i.exec(block)?.[1];
      expect(header?.toLowerCase(), theme).toBe(THEME_COLORS[theme]);
    }
  });

  it('updates the theme-color meta element, adding one when the page has none', () => {
    document.head.querySelector('meta[name="theme-color"]')?.remove();
    applyThemeColor('dark');
    expect(document.head.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      THEME_COLORS.dark,
    );
    applyThemeColor('accessible');
    expect(document.head.querySelectorAll('meta[name="theme-color"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      '#000000',
    );
  });
});
