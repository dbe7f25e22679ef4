// Cross-tab mutual exclusion. Web Locks (navigator.locks) when the browser has them; otherwise an
// in-process stand-in with the same semantics, which is what unit tests (jsdom) and old browsers get.
// The stand-in is shared by every instance in this JavaScript realm, so two cache or sync instances
// in one test contend exactly like two tabs do in a browser.

export interface LockProvider {
  /** Runs `fn` while holding `name`, waiting for it if another holder has it. */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Runs `fn` holding `name` only if it is free right now; returns `{ acquired: false }` otherwise. */
  ifAvailable<T>(
    name: string,
    fn: () => Promise<T>,
  ): Promise<{ acquired: true; value: T } | { acquired: false }>;
}

class InProcessLocks implements LockProvider {
  private tails = new Map<string, Promise<unknown>>();
  private held = new Set<string>();

  async exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(name) ?? Promise.resolve();
    let release: () => void = () => {};
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    this.tails.set(name, tail);
    await previous.catch(() => undefined);
    this.held.add(name);
    try {
      return await fn();
    } finally {
      this.held.delete(name);
      release();
      if (this.tails.get(name) === tail) this.tails.delete(name);
    }
  }

  async ifAvailable<T>(
    name: string,
    fn: () => Promise<T>,
  ): Promise<{ acquired: true; value: T } | { acquired: false }> {
    if (this.held.has(name) || this.tails.has(name)) return { acquired: false };
    const value = await this.exclusive(name, fn);
    return { acquired: true, value };
  }
}

class WebLocks implements LockProvider {
  constructor(private readonly locks: LockManager) {}

  async exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
    // Wrapped so the lock manager's Promise<Promise<T>> typing flattens without a cast.
    const result = await this.locks.request(name, { mode: 'exclusive' }, async () => ({
      value: await fn(),
    }));
    return result.value;
  }

  async ifAvailable<T>(
    name: string,
    fn: () => Promise<T>,
  ): Promise<{ acquired: true; value: T } | { acquired: false }> {
    return this.locks.request(name, { mode: 'exclusive', ifAvailable: true }, async (lock) => {
      if (!lock) return { acquired: false as const };
      return { acquired: true as const, value: await fn() };
    });
  }
}

const inProcess = new InProcessLocks();

/** The best lock provider this environment offers. */
export function defaultLocks(): LockProvider {
  if (typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks) {
    return new WebLocks(navigator.locks);
  }
  return inProcess;
}
