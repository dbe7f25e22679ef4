// Initialisation: failures carry the spec's messages, and the SDK is only ever loaded lazily.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('firebase/functions');
  vi.doUnmock('firebase/auth');
  vi.doUnmock('firebase/firestore/lite');
  vi.resetModules();
});

async function freshApp() {
  vi.resetModules();
  return import('./app');
}

function breakModule(name: string) {
  vi.doMock(name, () => {
    throw new Error(`${name} failed to load`);
  });
}

describe('initializeBackend', () => {
  it('starts auth and functions without touching Firestore', async () => {
    const { initializeBackend } = await freshApp();
    await expect(initializeBackend()).resolves.toBeUndefined();
  });

  it('reports a functions failure as "One or more Firebase services failed to initialize"', async () => {
    breakModule('firebase/functions');
    const { getFunctionsInstance, initializeBackend } = await freshApp();
    const error = await initializeBackend().catch((e: unknown) => e);
    // resetModules gives this import its own copy of errors.ts, so compare by name.
    expect(error).toHaveProperty('name', 'BackendError');
    expect(error).toMatchObject({
      message: 'One or more Firebase services failed to initialize',
      permanent: false,
    });
    expect(Reflect.get(Object(error), 'cause')).toMatchObject({
      message: 'Firebase Functions not initialized',
    });
    await expect(getFunctionsInstance()).rejects.toThrow('Firebase Functions not initialized');
  });

  it('names auth when firebase/auth cannot load', async () => {
    breakModule('firebase/auth');
    const { getAuthInstance } = await freshApp();
    await expect(getAuthInstance()).rejects.toThrow('Firebase Auth not initialized');
  });

  it('names Firestore when firestore/lite cannot load, and data calls surface that message', async () => {
    breakModule('firebase/firestore/lite');
    const { getLiteFirestore } = await freshApp();
    await expect(getLiteFirestore()).rejects.toThrow('Firestore not initialized');
    const { listDocuments } = await import('./documents');
    const { z } = await import('zod');
    const error = await listDocuments('subjects', z.unknown()).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Firestore not initialized', permanent: false });
  });
});

describe('lazy loading', () => {
  it('never imports a Firebase module statically outside tests, so each SDK loads on first use', () => {
    const dir = import.meta.dirname;
    const sources = readdirSync(dir).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'test-helpers.ts',
    );
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) {
      const text = readFileSync(join(dir, file), 'utf8');
      const staticImports = text.match(/^import (?!type )[^;]*from 'firebase\/[^']+';/gm) ?? [];
      expect(staticImports, file).toEqual([]);
    }
  });
});
