// The install state (spec §4 "Installable app"): not installed, can install, installed. A tiny
// external store read with useSyncExternalStore, like app/settings/store.ts.
//
// Chromium fires `beforeinstallprompt` once, early, and only to listeners that exist by then; the
// event is the only way to offer its install dialog. So the browser store starts listening when
// this module is first imported (the root's PwaLayer imports it), keeps the event, and stops the
// browser's own mini-infobar with preventDefault. `prompt()` can be used once per event: after
// any answer the event is dropped, and the browser fires a new one if it offers install again.
//
// Two dismissals, both persisted in localStorage (spec §3):
// - `pwa-dismissed` hides the banner; the settings section still offers Install.
// - `pwa-instructions-dismissed` stops the instructions from opening by themselves (after a
//   declined or failed prompt). When the person asks for them ("How to install"), they open anyway.
// With the PWA flag off (or a broken configuration) the store never starts: no listeners, nothing
// shown.
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { STORAGE_KEYS } from '~/config/constants';
import { getRuntimeConfig } from '~/config/env';
import { takeEarlyInstallPrompt } from './early-install-prompt';

export type InstallState = 'not-installed' | 'can-install' | 'installed';
export type Platform = 'ios' | 'android' | 'desktop';

export interface InstallSnapshot {
  /** False when the PWA flag is off: nothing about installing is shown. */
  enabled: boolean;
  state: InstallState;
  bannerDismissed: boolean;
  instructionsOpen: boolean;
  instructionsDismissed: boolean;
}

/** What `promptInstall` ended with; the UI needs nothing more than the state, tests read this. */
export type InstallOutcome = 'accepted' | 'dismissed' | 'failed' | 'unavailable';

/** Chromium's BeforeInstallPromptEvent (not in TypeScript's DOM library). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<unknown>;
}

const userChoiceSchema = z.object({ outcome: z.enum(['accepted', 'dismissed']) });

export function isInstallPromptEvent(event: Event): event is InstallPromptEvent {
  return (
    'prompt' in event &&
    typeof event.prompt === 'function' &&
    'userChoice' in event &&
    event.userChoice instanceof Promise
  );
}

/** Which instructions fit this browser; iPadOS presents itself as a Mac with a touch screen. */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}

/** What the store needs from the browser; tests pass their own. */
export interface InstallEnvironment {
  enabled: boolean;
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** `(display-mode: standalone)` or iOS's navigator.standalone: running as the installed app. */
  standalone: { matches: () => boolean; onChange: (listener: () => void) => () => void };
}

type Listener = () => void;

export function createInstallStore(env: InstallEnvironment) {
  let promptEvent: InstallPromptEvent | null = null;
  let installed = false;
  let snapshot: InstallSnapshot = {
    enabled: env.enabled,
    state: 'not-installed',
    bannerDismissed: readFlag(STORAGE_KEYS.pwaDismissed),
    instructionsOpen: false,
    instructionsDismissed: readFlag(STORAGE_KEYS.pwaInstructionsDismissed),
  };
  const listeners = new Set<Listener>();

  function readFlag(key: string): boolean {
    try {
      return env.storage?.getItem(key) === 'true';
    } catch {
      return false;
    }
  }

  function writeFlag(key: string, value: boolean) {
    try {
      if (value) env.storage?.setItem(key, 'true');
      else env.storage?.removeItem(key);
    } catch {
      // Storage can be unavailable (private mode, quota): the choice then lasts for this page.
    }
  }

  function set(patch: Partial<InstallSnapshot>) {
    const state: InstallState = installed
      ? 'installed'
      : promptEvent
        ? 'can-install'
        : 'not-installed';
    snapshot = { ...snapshot, ...patch, state };
    listeners.forEach((listener) => listener());
  }

  function onBeforeInstallPrompt(event: Event) {
    if (!isInstallPromptEvent(event)) return;
    // Keep the browser's own infobar away: the banner and the settings offer install instead.
    event.preventDefault();
    promptEvent = event;
    set({});
  }

  function onInstalled() {
    installed = true;
    promptEvent = null;
    set({ instructionsOpen: false });
  }

  function onDisplayModeChange() {
    if (env.standalone.matches()) onInstalled();
  }

  /** The instructions opening by themselves: not after "Don't show this again". */
  function offerInstructions() {
    if (!snapshot.instructionsDismissed) set({ instructionsOpen: true });
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Starts listening to the browser. Returns a clean-up; does nothing with the flag off. */
    start(): () => void {
      if (!env.enabled) return () => {};
      if (env.standalone.matches()) onInstalled();
      env.events.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
      env.events.addEventListener('appinstalled', onInstalled);
      const early = takeEarlyInstallPrompt();
      if (early) onBeforeInstallPrompt(early);
      const stopWatching = env.standalone.onChange(onDisplayModeChange);
      return () => {
        env.events.removeEventListener('beforeinstallprompt', onBeforeInstallPrompt);
        env.events.removeEventListener('appinstalled', onInstalled);
        stopWatching();
      };
    },
    /**
     * Shows the browser's install dialog. Accepted → installed. Declined, failed, or no dialog to
     * show → the instructions (unless the person asked not to see them again).
     */
    async promptInstall(): Promise<InstallOutcome> {
      const event = promptEvent;
      if (!env.enabled) return 'unavailable';
      if (!event) {
        offerInstructions();
        return 'unavailable';
      }
      // One prompt() per event: whatever happens next, this one is spent.
      promptEvent = null;
      let outcome: InstallOutcome;
      try {
        await event.prompt();
        const choice = userChoiceSchema.safeParse(await event.userChoice);
        outcome = choice.success ? choice.data.outcome : 'failed';
      } catch {
        outcome = 'failed';
      }
      if (outcome === 'accepted') onInstalled();
      else {
        set({});
        offerInstructions();
      }
      return outcome;
    },
    dismissBanner() {
      writeFlag(STORAGE_KEYS.pwaDismissed, true);
      set({ bannerDismissed: true });
    },
    /** The person asked for the instructions: they open even after "Don't show this again". */
    openInstructions: () => set({ instructionsOpen: true }),
    closeInstructions: () => set({ instructionsOpen: false }),
    setInstructionsDismissed(dismissed: boolean) {
      writeFlag(STORAGE_KEYS.pwaInstructionsDismissed, dismissed);
      set({ instructionsDismissed: dismissed });
    },
  };
}

export type InstallStore = ReturnType<typeof createInstallStore>;

function pwaEnabled(): boolean {
  try {
    return getRuntimeConfig().pwaEnabled;
  } catch {
    // A configuration error is shown by the root; installing is then simply not offered.
    return false;
  }
}

function browserEnvironment(): InstallEnvironment {
  if (typeof window === 'undefined') {
    // The build prerenders index.html in Node: nothing to listen to there.
    return {
      enabled: false,
      events: { addEventListener() {}, removeEventListener() {} },
      storage: null,
      standalone: { matches: () => false, onChange: () => () => {} },
    };
  }
  const query =
    typeof window.matchMedia === 'function'
      ? window.matchMedia('(display-mode: standalone)')
      : null;
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return {
    enabled: pwaEnabled(),
    events: window,
    storage,
    standalone: {
      matches: () =>
        (query?.matches ?? false) || ('standalone' in navigator && navigator.standalone === true),
      onChange(listener) {
        query?.addEventListener('change', listener);
        return () => query?.removeEventListener('change', listener);
      },
    },
  };
}

/** The app's one install store; it listens from the moment this module loads. */
export const installStore = createInstallStore(browserEnvironment());
installStore.start();

export function useInstall(): InstallSnapshot {
  return useSyncExternalStore(
    installStore.subscribe,
    installStore.getSnapshot,
    installStore.getSnapshot,
  );
}

/** The platform whose instructions to highlight; desktop when there is no browser. */
export function currentPlatform(): Platform {
  if (typeof navigator === 'undefined') return 'desktop';
  return detectPlatform(navigator.userAgent, navigator.maxTouchPoints);
}
