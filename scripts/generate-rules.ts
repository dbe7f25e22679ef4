// `npm run rules`: writes firebase/firestore.rules and firebase/storage.rules from the permission
// matrix and the record schemas (scripts/rules). Commit both files; test/unit/rules-generator.test.ts
// fails when they differ from what this writes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateFirestoreRules, generateStorageRules, RULES_FILES } from './rules/generate';

const root = fileURLToPath(new URL('..', import.meta.url));

function write(relative: string, content: string): void {
  const path = join(root, relative);
  let previous: string | null = null;
  try {
    previous = readFileSync(path, 'utf8');
  } catch {
    previous = null;
  }
  if (previous === content) {
    console.log(`${relative} is up to date`);
    return;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  console.log(`${relative} written (${content.length} characters)`);
}

write(RULES_FILES.firestore, generateFirestoreRules());
write(RULES_FILES.storage, generateStorageRules());
