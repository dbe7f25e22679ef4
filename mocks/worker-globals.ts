// Imported first by mocks/worker.ts, before msw: msw's cookie store takes a worker for a browser
// and insists on `localStorage`, which workers lack. Firebase's REST calls carry no cookies, so an
// in-memory store for this worker's life is all it needs.
if (typeof globalThis.localStorage === 'undefined') {
  const items = new Map<string, string>();
  const memoryStorage: Storage = {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
  Reflect.set(globalThis, 'localStorage', memoryStorage);
}

export {};
