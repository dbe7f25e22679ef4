import { describe, expect, it } from 'vitest';
import { clearDraft, draftKey, loadDraft, saveDraft } from './drafts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('reply drafts', () => {
  it('keeps one draft per conversation and person', () => {
    const storage = memoryStorage();
    saveDraft('parent-1', 'conv-a', 'Hello Daniel,\nabout Leo', storage);
    saveDraft('parent-1', 'conv-b', 'Another draft', storage);
    saveDraft('parent-2', 'conv-a', 'Someone else', storage);
    expect(loadDraft('parent-1', 'conv-a', storage)).toBe('Hello Daniel,\nabout Leo');
    expect(loadDraft('parent-1', 'conv-b', storage)).toBe('Another draft');
    expect(loadDraft('parent-2', 'conv-a', storage)).toBe('Someone else');
    expect(loadDraft('parent-1', 'conv-c', storage)).toBe('');
  });

  it('removes the draft when it is cleared or emptied', () => {
    const storage = memoryStorage();
    saveDraft('m', 'c', 'text', storage);
    clearDraft('m', 'c', storage);
    expect(storage.values.has(draftKey('m', 'c'))).toBe(false);
    saveDraft('m', 'c', 'text', storage);
    saveDraft('m', 'c', '   ', storage);
    expect(storage.values.size).toBe(0);
  });

  it('uses a versioned key', () => {
    expect(draftKey('m1', 'conv-1')).toBe('lc.messageDraft.v1.m1.conv-1');
  });

  it('loses the draft, not the page, when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => saveDraft('m', 'c', 'text', blocked)).not.toThrow();
    expect(loadDraft('m', 'c', blocked)).toBe('');
    expect(loadDraft('m', 'c', null)).toBe('');
  });
});
