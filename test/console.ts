// Lets a test declare that console.error output is expected (for example, a cache operation that
// must log its failure). Without this, test/setup-unit.ts fails any test that logs an error.
let allowed = false;

/** Permit console.error for the rest of the current test. */
export function allowConsoleErrors(): void {
  allowed = true;
}

/** Internal: read and reset the flag at the end of each test. */
export function consumeConsoleErrorAllowance(): boolean {
  const was = allowed;
  allowed = false;
  return was;
}
