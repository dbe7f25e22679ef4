// The default of the "Keep me signed in" checkbox: the last choice made on this device.
import { STORAGE_KEYS } from '~/config/constants';

export function readDefaultRememberMe(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.defaultRememberMe) === 'true';
  } catch {
    return false;
  }
}

export function storeDefaultRememberMe(remember: boolean) {
  try {
    localStorage.setItem(STORAGE_KEYS.defaultRememberMe, String(remember));
  } catch {
    // Only the default of the checkbox is lost.
  }
}
