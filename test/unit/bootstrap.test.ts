// @vitest-environment node
// `npm run bootstrap`: the pure plan (scripts/bootstrap-plan.mjs) for every state a project can be
// in, the facts it repeats from the app compared with the app's own, and the CLI's argument and
// credential errors through a real `node scripts/bootstrap.mjs` process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CACHED_COLLECTIONS as APP_CACHED_COLLECTIONS,
  DEFAULT_COLLECTION_VERSION as APP_DEFAULT_COLLECTION_VERSION,
} from '~/config/constants';
import { collectionVersionsSchema, memberSchema } from '~/domain/records';
import { ROLES, rolesFromClaims } from '~/domain/roles';
import {
  BOOTSTRAP_ROLES,
  BootstrapError,
  CACHED_COLLECTIONS,
  DEFAULT_COLLECTION_VERSION,
  ROLES as PLAN_ROLES,
  SERVER_TIME,
  chooseCredentials,
  parseArgs,
  parseServiceAccount,
  planBootstrap,
  resolveServerTime,
  withUid,
} from '../../scripts/bootstrap-plan.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NOW = '2026-11-24T10:00:00.000Z';
const EMAIL = 'head@school.example';

type Plan = ReturnType<typeof planBootstrap>;
type Step = Plan['steps'][number];

function stepOf<K extends Step['kind']>(plan: Plan, kind: K): Extract<Step, { kind: K }> {
  const found = plan.steps.find((s): s is Extract<Step, { kind: K }> => s.kind === kind);
  if (!found) throw new Error(`No ${kind} step in ${plan.steps.map((s) => s.kind).join(', ')}`);
  return found;
}

const fresh = { user: null, member: null, superAdmins: [], versionsExists: false };
const existingUser = {
  uid: 'uid-head',
  email: EMAIL,
  displayName: 'Asha Rao',
  disabled: false,
  customClaims: null,
};

function expectRefusal(run: () => unknown, message: RegExp) {
  expect(run).toThrow(BootstrapError);
  expect(run).toThrow(message);
}

describe('parseArgs', () => {
  it('reads every option, in both spellings, and lower-cases the e-mail', () => {
    expect(
      parseArgs([
        '--email',
        'Head@School.Example',
        '--service-account=key.json',
        '--project',
        'school-prod',
        '--name',
        'Asha Rao',
        '--force',
        '--dry-run',
      ]),
    ).toEqual({
      email: EMAIL,
      serviceAccount: 'key.json',
      project: 'school-prod',
      name: 'Asha Rao',
      force: true,
      dryRun: true,
      help: false,
    });
  });

  it('needs nothing else with --help', () => {
    expect(parseArgs(['--help']).help).toBe(true);
    expect(parseArgs(['-h', '--email', 'not-checked']).help).toBe(true);
  });

  it.each([
    [[], /Missing --email/],
    [['--email'], /--email needs a value/],
    [['--email', '--force'], /--email needs a value/],
    [['--email', 'head@school'], /Not an e-mail address: "head@school"/],
    [['--email', 'head school@x.org'], /Not an e-mail address/],
    [['--email', EMAIL, '--email', 'b@school.example'], /--email is given twice/],
    [['--email', EMAIL, '--admin'], /Unknown option --admin/],
    [['--email', EMAIL, 'extra'], /Unexpected argument "extra"/],
    [['--email', EMAIL, '--project', 'Bad_Project'], /Not a Firebase project id: "Bad_Project"/],
    [['--email', EMAIL, '--name='], /--name is empty/],
    [['--email', EMAIL, '--force=yes'], /--force takes no value/],
  ])('refuses %j', (argv, message) => {
    expectRefusal(() => parseArgs(argv), message);
  });
});

describe('chooseCredentials', () => {
  const args = { serviceAccount: null, project: null };

  it('says how to give a key when there is none', () => {
    expectRefusal(
      () => chooseCredentials(args, {}),
      /^No service account: set GOOGLE_APPLICATION_CREDENTIALS or pass --service-account$/,
    );
  });

  it('takes --service-account over GOOGLE_APPLICATION_CREDENTIALS', () => {
    expect(chooseCredentials(args, { GOOGLE_APPLICATION_CREDENTIALS: '/k/env.json' })).toEqual({
      kind: 'key',
      keyPath: '/k/env.json',
      emulators: [],
    });
    expect(
      chooseCredentials(
        { ...args, serviceAccount: 'flag.json' },
        { GOOGLE_APPLICATION_CREDENTIALS: '/k/env.json' },
      ).keyPath,
    ).toBe('flag.json');
  });

  it('uses the emulators only when both are set, and then needs --project', () => {
    const env = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expectRefusal(() => chooseCredentials(args, env), /set FIRESTORE_EMULATOR_HOST too/);
    const both = { ...env, FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' };
    expectRefusal(() => chooseCredentials(args, both), /pass --project/);
    expect(chooseCredentials({ ...args, project: 'demo-school' }, both).kind).toBe('emulator');
  });
});

describe('parseServiceAccount', () => {
  const key = {
    type: 'service_account',
    project_id: 'school-prod',
    client_email: 'firebase-adminsdk@school-prod.iam.gserviceaccount.com',
    private_key: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n',
  };

  it('reads the three fields the Admin SDK needs', () => {
    expect(parseServiceAccount(JSON.stringify(key), 'key.json')).toEqual({
      projectId: 'school-prod',
      clientEmail: key.client_email,
      privateKey: key.private_key,
    });
  });

  it.each([
    ['{not json', /key.json is not JSON/],
    ['[]', /not a service account key \(expected a JSON object\)/],
    [
      JSON.stringify({ ...key, type: 'authorized_user' }),
      /"type" is "authorized_user", expected "service_account"/,
    ],
    [JSON.stringify({ ...key, client_email: '' }), /key.json has no "client_email"/],
    [JSON.stringify({ ...key, private_key: 'abc' }), /"private_key" is not a PEM private key/],
  ])('refuses %s', (text, message) => {
    expectRefusal(() => parseServiceAccount(text, 'key.json'), message);
  });
});

describe('planBootstrap', () => {
  const args = { email: EMAIL, name: null, force: false };

  it('on a fresh project: creates the account, profile, claims and version document, then a reset link', () => {
    const plan = planBootstrap({ ...args, name: 'Asha Rao' }, fresh);
    expect(plan.uid).toBeNull();
    expect(plan.steps.map((s) => s.kind)).toEqual([
      'createUser',
      'writeMember',
      'setClaims',
      'initVersions',
      'resetLink',
    ]);
    expect(stepOf(plan, 'createUser')).toEqual({
      kind: 'createUser',
      email: EMAIL,
      displayName: 'Asha Rao',
    });

    // The uid is known only after createUser: withUid fills it in.
    const member = withUid(stepOf(plan, 'writeMember'), 'uid-new');
    if (member.kind !== 'writeMember') throw new Error('writeMember expected');
    expect(member.path).toBe('Members/uid-new');
    const stored = memberSchema.parse(resolveServerTime(member.data, NOW));
    expect(stored).toMatchObject({
      memberUUID: 'uid-new',
      email: EMAIL,
      displayName: 'Asha Rao',
      roles: ['superAdmin', 'admin'],
      status: 'active',
      preferences: { persistLogin: true },
      createdAt: NOW,
      updatedBy: 'uid-new',
    });

    const claims = stepOf(plan, 'setClaims');
    expect(claims.claims).toEqual({ roles: ['superAdmin', 'admin'] });
    // Read as the app reads a token, with no staff domain to help.
    expect(rolesFromClaims(claims.claims, EMAIL, [])).toMatchObject({
      isAdmin: true,
      isSuperAdmin: true,
    });
  });

  it('initialises system/collectionVersions in the shape the sync engine reads', () => {
    const step = stepOf(planBootstrap(args, fresh), 'initVersions');
    expect(step.path).toBe('system/collectionVersions');
    const versions = collectionVersionsSchema.parse(resolveServerTime(step.data, NOW));
    expect(Object.keys(versions.collections).sort()).toEqual([...APP_CACHED_COLLECTIONS].sort());
    for (const entry of Object.values(versions.collections)) {
      expect(entry).toEqual({ version: APP_DEFAULT_COLLECTION_VERSION, updatedAt: NOW });
    }
    expect(versions.lastUpdated).toBe(NOW);
  });

  it('leaves an existing version document alone', () => {
    const plan = planBootstrap(args, { ...fresh, versionsExists: true });
    expect(plan.steps.some((s) => s.kind === 'initVersions')).toBe(false);
  });

  it('names a new account after the e-mail when no --name is given', () => {
    expect(stepOf(planBootstrap(args, fresh), 'createUser').displayName).toBe('head');
  });

  it('promotes an existing account and keeps its profile, other roles and claims', () => {
    const plan = planBootstrap(args, {
      ...fresh,
      user: { ...existingUser, customClaims: { roles: ['parent'], tokens: { x: 'y' }, tier: 2 } },
      member: {
        memberUUID: 'uid-head',
        email: EMAIL,
        displayName: 'Asha R.',
        photoURL: 'https://example.org/a.png',
        roles: ['parent', 'wizard'],
        status: 'active',
        familyId: 'fam-1',
        preferences: { persistLogin: false, theme: 'dark' },
      },
    });
    expect(plan.uid).toBe('uid-head');
    expect(plan.steps.map((s) => s.kind)).toEqual(['writeMember', 'setClaims', 'initVersions']);
    const member = stepOf(plan, 'writeMember');
    expect(member.path).toBe('Members/uid-head');
    expect(member.data).toMatchObject({
      memberUUID: 'uid-head',
      displayName: 'Asha R.',
      photoURL: 'https://example.org/a.png',
      roles: ['superAdmin', 'admin', 'parent'],
      preferences: { persistLogin: false, theme: 'dark' },
      updatedAt: SERVER_TIME,
    });
    // A merge: the profile keeps its createdAt and its familyId.
    expect(member.data).not.toHaveProperty('createdAt');
    expect(member.data).not.toHaveProperty('familyId');
    // The roles replace the old ones; the account's other claims stay.
    expect(stepOf(plan, 'setClaims').claims).toEqual({
      roles: ['superAdmin', 'admin', 'parent'],
      tokens: { x: 'y' },
      tier: 2,
    });
  });

  it('refuses when another superAdmin exists, unless forced', () => {
    const state = {
      ...fresh,
      user: existingUser,
      superAdmins: [{ uid: 'uid-other', email: 'owner@school.example' }],
    };
    expectRefusal(
      () => planBootstrap(args, state),
      /already has a superAdmin \(owner@school\.example\)\. Promote people from the Members page, or pass --force/,
    );
    expect(planBootstrap({ ...args, force: true }, state).steps[0]?.kind).toBe('writeMember');
  });

  it('lets the same account run it again to finish a run that was cut short', () => {
    const plan = planBootstrap(args, {
      ...fresh,
      user: existingUser,
      member: { memberUUID: 'uid-head', email: EMAIL, roles: ['superAdmin'], status: 'active' },
      superAdmins: [{ uid: 'uid-head', email: EMAIL }],
      versionsExists: true,
    });
    expect(plan.steps.map((s) => s.kind)).toEqual(['writeMember', 'setClaims']);
  });

  it('refuses a disabled account and a suspended profile', () => {
    expectRefusal(
      () => planBootstrap(args, { ...fresh, user: { ...existingUser, disabled: true } }),
      /is disabled: enable it in the Firebase console/,
    );
    expectRefusal(
      () =>
        planBootstrap(args, {
          ...fresh,
          user: existingUser,
          member: { memberUUID: 'uid-head', email: EMAIL, roles: [], status: 'suspended' },
        }),
      /is suspended/,
    );
  });

  it('refuses an account whose e-mail is not the one asked for', () => {
    expectRefusal(
      () => planBootstrap(args, { ...fresh, user: { ...existingUser, email: 'x@school.example' } }),
      /has the e-mail x@school\.example, not head@school\.example/,
    );
  });
});

describe('what the plan repeats from the app', () => {
  it('grants roles the app knows, the cached collections and default version of the app', () => {
    for (const role of BOOTSTRAP_ROLES) expect(ROLES).toContain(role);
    expect([...PLAN_ROLES].sort()).toEqual([...ROLES].sort());
    expect([...CACHED_COLLECTIONS]).toEqual([...APP_CACHED_COLLECTIONS]);
    expect(DEFAULT_COLLECTION_VERSION).toBe(APP_DEFAULT_COLLECTION_VERSION);
  });
});

describe('the CLI', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bootstrap-test-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // A clean environment: no key and no emulator from the machine running the tests.
  function cli(args: string[], env: Record<string, string> = {}) {
    const result = spawnSync(process.execPath, ['scripts/bootstrap.mjs', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
      timeout: 30_000,
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('prints the usage with --help and exits 0', () => {
    const run = cli(['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('npm run bootstrap -- --email someone@school.org');
  });

  it.each([
    [[], 'bootstrap: Missing --email: the address of the first superAdmin'],
    [
      ['--email', 'nobody'],
      'bootstrap: Not an e-mail address: "nobody" (expected name@school.org)',
    ],
    [['--email', EMAIL, '--emial', 'x'], 'bootstrap: Unknown option --emial (see --help)'],
    [
      ['--email', EMAIL],
      'bootstrap: No service account: set GOOGLE_APPLICATION_CREDENTIALS or pass --service-account',
    ],
  ])('exits 1 for %j with one clear line', (args, message) => {
    const run = cli(args);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(message);
    expect(run.stdout).toBe('');
  });

  it('names a missing or broken key file', () => {
    const missing = join(dir, 'missing.json');
    expect(cli(['--email', EMAIL, '--service-account', missing]).stderr.trim()).toBe(
      `bootstrap: Service account key not found: ${missing}`,
    );
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"type": "service_account"');
    const run = cli(['--email', EMAIL], { GOOGLE_APPLICATION_CREDENTIALS: broken });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${broken} is not JSON`);
  });
});
