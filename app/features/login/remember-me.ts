// The default of the "Keep me signed in" checkbox (issue 29, item 4): the last choice made on this
// device (a device setting, kept across sign-outs: it remembers the choice, not the account);
// without one, on in the installed app, which a person installs on a device of their own, and off
// elsewhere, where the computer may be shared.
import { STORAGE_KEYS } from '~/config/constants';

/** What the default depends on; tests pass their own. */
export interface RememberMeEnvironment {
  storage: Pick<Storage, 'getItem'> | null;
  /** Running as the installed app: `(display-mode: standalone)`, or iOS's navigator.standalone. */
  installed: () => boolean;
}

function runningInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  const standalone =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches;
  return standalone || ('standalone' in navigator && navigator.standalone === true);
}

function browserEnvironment(): RememberMeEnvironment {
  let storage: Storage | null = null;
  try {
    storage = localStorage;
  } catch {
    storage = null;
  }
  return { storage, installed: runningInstalled };
}

export function readDefaultRememberMe(env: RememberMeEnvironment = browserEnvironment()): boolean {
  let stored: string | null = null;
  try {
    stored = env.storage?.getItem(STORAGE_KEYS.defaultRememberMe) ?? null;
  } catch {
    stored = null;
  }
  if (stored === 'true' || stored === 'false') return stored === 'true';
  return env.installed();
}

export function storeDefaultRememberMe(remember: boolean) {
  try {
    localStorage.setItem(STORAGE_KEYS.defaultRememberMe, String(remember));
  } catch {
    // Only the default of the checkbox is lost.
  }
}
