import { describe, expect, it } from 'vitest';
import { FAKE_DB_NAME, loadState, openFakeDb, saveState } from './browser';
import { store } from './store';
import { fake, reseed } from './index';

describe('the fake’s IndexedDB persistence', () => {
  it('uses its own database, never the app’s LearningCenterDB', () => {
    expect(FAKE_DB_NAME).toBe('fake-firebase');
  });

  it('restores every document and account after the in-memory state is lost', async () => {
    await fake.ready();
    reseed('demo');
    const db = await openFakeDb();
    await saveState(db, true);
    const students = fake.listDocuments('students').length;
    const messages = fake.listDocuments('conversations/conv-leo-progress/messages').length;
    const accounts = fake.accounts.list().length;

    store.clearDocuments();
    store.accounts.clear();
    expect(fake.listDocuments('students')).toHaveLength(0);

    expect(await loadState(db)).toBe(true);
    expect(fake.listDocuments('students')).toHaveLength(students);
    expect(fake.listDocuments('conversations/conv-leo-progress/messages')).toHaveLength(messages);
    expect(fake.accounts.list()).toHaveLength(accounts);
    db.close();
  });

  it('saves only the collections written since the last save, and deletions too', async () => {
    const db = await openFakeDb();
    await saveState(db, true);
    fake.setDocument('subjects/drama', { name: 'Drama' });
    fake.deleteDocument('campuses/campus-river');
    expect([...store.dirty].sort()).toEqual(['campuses', 'subjects']);
    await saveState(db, false);
    expect(store.dirty.size).toBe(0);

    store.clearDocuments();
    expect(await loadState(db)).toBe(true);
    expect(fake.getDocument('subjects/drama')).toEqual({ name: 'Drama' });
    expect(fake.getDocument('campuses/campus-river')).toBeNull();
    expect(fake.getDocument('campuses/campus-north')).not.toBeNull();
    db.close();
  });
});
