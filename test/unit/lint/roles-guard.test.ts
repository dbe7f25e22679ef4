// @vitest-environment node
// "Is this person staff / an admin?" is answered only in app/domain/roles.ts (issue 30). The repo's
// ESLint config refuses the question asked by role name anywhere else: these tests lint snippets as
// if they were files of the tree, with the real config, and check which rule speaks.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

// The first lint loads the config, its plugins and the import resolver: seconds on a quiet machine,
// far more on a loaded one. It is paid once here, so no single test races the per-test timeout.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: 'app/features/home/staff/warm-up.ts' });
}, 180_000);
const rule = 'no-restricted-syntax';

async function rulesFiring(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('office roles are asked about only in domain/roles.ts', () => {
  it('fails a role set searched for an office role by name, in app, mocks and the functions', async () => {
    const includes =
      "export const f = (roles: string[]) => roles.includes('admin') || roles.includes('superAdmin');\n";
    expect(await rulesFiring(includes, 'app/features/members/roles-probe.ts')).toContain(rule);
    expect(await rulesFiring(includes, 'mocks/roles-probe.ts')).toContain(rule);
    expect(await rulesFiring(includes, 'firebase/functions/src/roles-probe.ts')).toContain(rule);
    const has = "export const f = (roles: Set<string>) => roles.has('administration');\n";
    expect(await rulesFiring(has, 'app/domain/roles-probe.ts')).toContain(rule);
  });

  it('fails a role compared with an office role inline', async () => {
    const inline =
      "export const f = (roles: string[]) => roles.some((r) => r === 'admin' || r === 'superAdmin');\n";
    expect(await rulesFiring(inline, 'app/features/students/roles-probe.ts')).toContain(rule);
  });

  it('passes the named predicates, other roles by name, and roles.ts itself', async () => {
    const named =
      "import { isAdmin } from '~/domain/roles';\nexport const f = (roles: string[]) => isAdmin(roles) || roles.includes('parent');\n";
    expect(await rulesFiring(named, 'app/features/students/roles-probe.ts')).not.toContain(rule);
    const inRoles = "export const f = (roles: string[]) => roles.includes('superAdmin');\n";
    expect(await rulesFiring(inRoles, 'app/domain/roles.ts')).not.toContain(rule);
    // A dashboard type named like a role is not a role set.
    const dashboard = "export const f = (type: string) => type === 'admin';\n";
    expect(await rulesFiring(dashboard, 'app/settings/roles-probe.ts')).not.toContain(rule);
  });
});
