// Holds the first Firebase request until the backend can answer it. In in-page demo mode the fake
// Firebase is installed by entry.client.tsx while the app hydrates (issue 11, part 5: the demo
// backend loads in parallel, not before the app), so app/backend/app.ts waits for this gate before
// it initialises the SDK, and nothing reaches the network before the fake is in place.
let gate: Promise<void> = Promise.resolve();

/** Makes every first Firebase use wait for `ready` (a rejection fails those uses). */
export function holdBackendUntil(ready: Promise<unknown>): void {
  gate = ready.then(() => undefined);
}

export function backendReady(): Promise<void> {
  return gate;
}
