// Shared vitest setup. Order matters twice over:
// - The fake Firebase server must listen before any test imports firebase: Firebase's Node build
//   captures `fetch` when it is imported (toolchain.md). This file runs before every test file.
// - fake-indexeddb must be installed before anything imports localforage, or localforage silently
//   falls back to localStorage.
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { server } from '../mocks/node';
import { consumeConsoleErrorAllowance } from './console';

server.listen({ onUnhandledRequest: 'error' });
afterAll(() => server.close());

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
    throw new Error(
      `console.error was called:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
