// What demo mode offers the UI: the known accounts (listed on the login page), the fake Google
// account chooser, and a reset of the invented data. entry.client.tsx registers it after installing
// the fake; app code never imports mocks/ directly, so none of this is in a production bundle's
// main chunk.

export interface DemoAccountInfo {
  role: string;
  email: string;
  password: string;
  displayName: string;
}

export interface DemoGoogleAccountInfo {
  email: string;
  displayName: string;
  registered: boolean;
}

export interface DemoControl {
  /** Re-seeds the fake with the original demo data. */
  reset(): Promise<void>;
  accounts: readonly DemoAccountInfo[];
  googleAccounts: readonly DemoGoogleAccountInfo[];
  /** An ID token the fake's Google sign-in accepts for this account (stands in for Google). */
  createGoogleIdToken(email: string, displayName?: string): string;
}

let control: DemoControl | null = null;
let pending: Promise<DemoControl | null> | null = null;

export function registerDemoControl(next: DemoControl): void {
  control = next;
}

/**
 * Registers a control that is still loading (entry.client.tsx hydrates the app while the demo
 * accounts load); whenDemoControl() waits for it.
 */
export function registerDemoControlLater(next: Promise<DemoControl>): void {
  pending = next.then(
    (loaded) => {
      control = loaded;
      return loaded;
    },
    (error: unknown) => {
      console.error('The demo backend did not start', error);
      return null;
    },
  );
}

/** The control once registered (null outside demo mode, or when it failed to load). */
export async function whenDemoControl(): Promise<DemoControl | null> {
  return pending ? pending : control;
}

export function getDemoControl(): DemoControl | null {
  return control;
}
