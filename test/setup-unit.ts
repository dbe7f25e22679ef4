// Shared vitest setup. Order matters: fake-indexeddb must be installed before anything imports
// localforage, or localforage silently falls back to localStorage (toolchain.md).
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import { consumeConsoleErrorAllowance } from './console';

// A React warning must not pass unseen: console.error fails the test (style.md rule 12).
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  const errors = consoleErrors;
  consoleErrors = [];
  if (!consumeConsoleErrorAllowance() && errors.length > 0) {
    throw new Error(`console.error was called:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
