// The default of "Keep me signed in" (issue 29, item 4): the last choice made on this device, else
// on in the installed app and off elsewhere; the choice outlives a sign-out and the clean-up after
// a browser session (it is the device's, not the account's).
import { afterEach, describe, expect, it } from 'vitest';
import { forgetPersonalLocalStorage } from '~/auth/shared-device';
import { STORAGE_KEYS } from '~/config/constants';
import { readDefaultRememberMe, storeDefaultRememberMe } from './remember-me';

afterEach(() => localStorage.clear());

function environment(stored: string | null, installed: boolean) {
  return { storage: { getItem: () => stored }, installed: () => installed };
}

describe('the default of "Keep me signed in"', () => {
  it.each([
    { stored: null, installed: true, expected: true },
    { stored: null, installed: false, expected: false },
    { stored: 'true', installed: false, expected: true },
    { stored: 'false', installed: true, expected: false },
    { stored: 'nonsense', installed: false, expected: false },
  ])(
    'last choice $stored, installed app $installed: $expected',
    ({ stored, installed, expected }) => {
      expect(readDefaultRememberMe(environment(stored, installed))).toBe(expected);
    },
  );

  it('is the last choice made on this device, kept when the person’s keys are forgotten', () => {
    const browser = { storage: localStorage, installed: () => false };
    expect(readDefaultRememberMe(browser)).toBe(false);
    storeDefaultRememberMe(true);
    forgetPersonalLocalStorage();
    expect(localStorage.getItem(STORAGE_KEYS.defaultRememberMe)).toBe('true');
    expect(readDefaultRememberMe(browser)).toBe(true);
  });
});
