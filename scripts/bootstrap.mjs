#!/usr/bin/env node
// `npm run bootstrap -- --email someone@school.org [--service-account key.json] [--project id]
// [--name "Display Name"] [--force] [--dry-run]`: makes the first superAdmin of a fresh Firebase
// project (docs/deploy.md, "Bootstrap"). Nobody can promote anyone before a superAdmin exists, and
// the rules let no client write roles, so the first one is made with the Admin SDK and a service
// account: the Auth account (found by e-mail, or created with a password-reset link to print), its
// Members profile, its custom claims, and system/collectionVersions when missing.
//
// What to write is decided in scripts/bootstrap-plan.mjs (pure, unit-tested); this file reads the
// project, asks the plan, and performs its steps in order. Errors the person can fix are printed
// as one line and exit with status 1.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  BootstrapError,
  USAGE,
  chooseCredentials,
  parseArgs,
  parseServiceAccount,
  planBootstrap,
  resolveServerTime,
  withUid,
} from './bootstrap-plan.mjs';

/**
 * @param {string} path
 * @returns {import('./bootstrap-plan.mjs').ServiceAccount}
 */
function readServiceAccount(path) {
  let text;
  try {
    text = readFileSync(resolve(path), 'utf8');
  } catch (error) {
    const code = /** @type {{ code?: string }} */ (error).code;
    throw new BootstrapError(
      code === 'ENOENT'
        ? `Service account key not found: ${path}`
        : `Cannot read the service account key ${path} (${code ?? String(error)})`,
    );
  }
  return parseServiceAccount(text, path);
}

/** Firebase Admin's error codes that mean "wrong key or not allowed", said in plain words. */
function explainAdminError(error) {
  const code = typeof error?.code === 'string' ? error.code : '';
  const message = error instanceof Error ? error.message : String(error);
  if (/PERMISSION_DENIED|permission-denied|insufficient-permission/i.test(`${code} ${message}`)) {
    return `The service account may not do this (${message}). Give it the "Firebase Admin SDK Administrator Service Agent" role, or create the key from Project settings → Service accounts`;
  }
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(message)) {
    return `Cannot reach the server (${message}): check the network, or that the emulators are running`;
  }
  if (/configuration-not-found|CONFIGURATION_NOT_FOUND/i.test(`${code} ${message}`)) {
    return 'Firebase Authentication is not set up in this project: open Authentication in the console, click "Get started" and enable Email/Password';
  }
  if (/NOT_FOUND|database .* does not exist/i.test(message)) {
    return `Firestore is not created in this project yet: create the database first (docs/deploy.md, step 1). (${message})`;
  }
  return null;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const credentials = chooseCredentials(args, process.env);
  const key = credentials.kind === 'key' ? readServiceAccount(credentials.keyPath ?? '') : null;
  const projectId = args.project ?? key?.projectId ?? '';
  if (key && args.project && args.project !== key.projectId) {
    console.warn(
      `Note: the key belongs to ${key.projectId}; writing to ${args.project} as --project says.`,
    );
  }

  // Loaded only now, so argument errors are reported at once without loading the Admin SDK.
  const [{ cert, deleteApp, initializeApp }, { getAuth }, { FieldValue, getFirestore }] =
    await Promise.all([
      import('firebase-admin/app'),
      import('firebase-admin/auth'),
      import('firebase-admin/firestore'),
    ]);
  const app = initializeApp(
    key
      ? {
          credential: cert({
            projectId: key.projectId,
            clientEmail: key.clientEmail,
            privateKey: key.privateKey,
          }),
          projectId,
        }
      : { projectId },
    'bootstrap',
  );
  try {
    await run(args, app, { getAuth, getFirestore, FieldValue }, projectId, credentials);
  } finally {
    // The Firestore client keeps a connection open; without this the process would not exit.
    await deleteApp(app);
  }
}

async function run(args, app, { getAuth, getFirestore, FieldValue }, projectId, credentials) {
  const auth = getAuth(app);
  const db = getFirestore(app);
  const where =
    credentials.kind === 'emulator'
      ? `the emulators of ${projectId} (${credentials.emulators.map((v) => process.env[v]).join(', ')})`
      : `project ${projectId}`;
  console.log(`Bootstrap of ${args.email} in ${where}`);

  // What the project holds now.
  let user = null;
  try {
    const record = await auth.getUserByEmail(args.email);
    user = {
      uid: record.uid,
      email: record.email ?? args.email,
      displayName: record.displayName ?? null,
      disabled: record.disabled,
      customClaims: record.customClaims ?? null,
    };
  } catch (error) {
    if (/** @type {{ code?: string }} */ (error).code !== 'auth/user-not-found') throw error;
  }
  const [memberSnap, superAdminSnap, versionsSnap] = await Promise.all([
    user ? db.doc(`Members/${user.uid}`).get() : Promise.resolve(null),
    db.collection('Members').where('roles', 'array-contains', 'superAdmin').get(),
    db.doc('system/collectionVersions').get(),
  ]);
  const plan = planBootstrap(args, {
    user,
    member: memberSnap?.exists ? (memberSnap.data() ?? null) : null,
    superAdmins: superAdminSnap.docs.map((d) => ({
      uid: d.id,
      email: typeof d.get('email') === 'string' ? d.get('email') : '',
    })),
    versionsExists: versionsSnap.exists,
  });
  for (const note of plan.notes) console.log(`  - ${note}`);
  if (args.dryRun) {
    console.log('Dry run: nothing was written.');
    return;
  }

  let uid = plan.uid;
  for (const planned of plan.steps) {
    const step = uid ? withUid(planned, uid) : planned;
    switch (step.kind) {
      case 'createUser': {
        const created = await auth.createUser({
          email: step.email,
          displayName: step.displayName,
          emailVerified: false,
        });
        uid = created.uid;
        console.log(`Created the account ${step.email} (uid ${uid}).`);
        break;
      }
      case 'writeMember':
        await db
          .doc(step.path)
          .set(resolveServerTime(step.data, FieldValue.serverTimestamp()), { merge: true });
        console.log(`Wrote ${step.path}.`);
        break;
      case 'setClaims':
        if (!uid) throw new Error('No uid for the custom claims');
        await auth.setCustomUserClaims(uid, step.claims);
        console.log(`Set the custom claims of ${uid}: roles ${step.claims.roles.join(', ')}.`);
        break;
      case 'initVersions':
        try {
          // create(), not set(): if the app or a function made it meanwhile, theirs is kept.
          await db
            .doc(step.path)
            .create(resolveServerTime(step.data, FieldValue.serverTimestamp()));
          console.log(`Created ${step.path}.`);
        } catch (error) {
          if (/** @type {{ code?: number }} */ (error).code !== 6) throw error;
          console.log(`${step.path} appeared meanwhile: kept as it is.`);
        }
        break;
      case 'resetLink': {
        const link = await auth.generatePasswordResetLink(step.email);
        console.log(
          `\nThe account has no password yet. Open this link (valid for one hour) to choose one:\n${link}\n`,
        );
        break;
      }
    }
  }
  console.log(
    `Done: ${args.email} is superAdmin and admin. Sign in to the app; if you were signed in, sign out and in again.`,
  );
}

main().catch((error) => {
  if (error instanceof BootstrapError) {
    console.error(`bootstrap: ${error.message}`);
  } else {
    const plain = explainAdminError(error);
    console.error(
      `bootstrap: ${plain ?? (error instanceof Error ? error.message : String(error))}`,
    );
  }
  process.exitCode = 1;
});
