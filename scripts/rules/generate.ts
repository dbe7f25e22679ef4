// The rules generator's entry points, for the CLI (scripts/generate-rules.ts) and the tests.
export { generateFirestoreRules } from './firestore';
export { generateStorageRules } from './storage';

/** Where the generated files are committed, relative to the repository root. */
export const RULES_FILES = {
  firestore: 'firebase/firestore.rules',
  storage: 'firebase/storage.rules',
} as const;
