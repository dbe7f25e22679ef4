// @vitest-environment node
// The feature-folder contract (docs/decisions/056-feature-folder-contract.md) is enforced by the
// repo's own ESLint config: these tests lint small snippets as if they were files of app/, with the
// real config and the real tree to resolve against, and check which rule speaks.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

// The first lint loads the config, its plugins and the import resolver: seconds on a quiet machine,
// far more on a loaded one. It is paid once here, so no single test races the per-test timeout.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: 'app/features/home/staff/warm-up.ts' });
}, 180_000);

/** The rule ids that report on this code at this path (files need not exist; imports must). */
async function rulesFiring(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('a feature imports another feature only through its index.ts', () => {
  const file = 'app/features/home/staff/contract-probe.ts';

  it('fails a deep import into another feature', async () => {
    const code =
      "import { loadAttendanceData } from '~/features/attendance/load';\nexport const f = loadAttendanceData;\n";
    expect(await rulesFiring(code, file)).toContain('import-x/no-restricted-paths');
  });

  it('fails a relative deep import into another feature', async () => {
    const code =
      "import { loadAttendanceData } from '../../attendance/load';\nexport const f = loadAttendanceData;\n";
    expect(await rulesFiring(code, file)).toContain('import-x/no-restricted-paths');
  });

  it("passes the same import through the feature's front door", async () => {
    const code =
      "import { loadAttendanceData } from '~/features/attendance';\nexport const f = loadAttendanceData;\n";
    expect(await rulesFiring(code, file)).not.toContain('import-x/no-restricted-paths');
  });

  it('lets a feature import its own modules, and a route import a feature module', async () => {
    const own =
      "import { loadAttendanceData } from '~/features/attendance/load';\nexport const f = loadAttendanceData;\n";
    expect(await rulesFiring(own, 'app/features/attendance/contract-probe.ts')).not.toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesFiring(own, 'app/routes/contract-probe.tsx')).not.toContain(
      'import-x/no-restricted-paths',
    );
  });
});

describe('logic (.ts) never imports a component (.tsx)', () => {
  const rule = 'local/logic-imports-no-component';

  it('fails a .ts module that imports a .tsx one, by alias or by relative path', async () => {
    const byAlias = "import { Badge } from '~/ui/Badge';\nexport const b = Badge;\n";
    expect(await rulesFiring(byAlias, 'app/features/attendance/contract-probe.ts')).toContain(rule);
    const relative =
      "import { NotMarkedPanel } from './home-staff';\nexport const p = NotMarkedPanel;\n";
    expect(await rulesFiring(relative, 'app/features/attendance/contract-probe.ts')).toContain(
      rule,
    );
  });

  it('passes a .ts module that imports logic, or only a type from a component module', async () => {
    const logic = "import { staffToday } from './staff-today';\nexport const s = staffToday;\n";
    expect(await rulesFiring(logic, 'app/features/attendance/contract-probe.ts')).not.toContain(
      rule,
    );
    const typeOnly =
      "import type { BadgeTone } from '~/ui/Badge';\nexport const t: BadgeTone = 'info';\n";
    expect(await rulesFiring(typeOnly, 'app/features/attendance/contract-probe.ts')).not.toContain(
      rule,
    );
  });

  it('lets a component (.tsx) import another component', async () => {
    const code = "import { Badge } from '~/ui/Badge';\nexport const b = Badge;\n";
    expect(await rulesFiring(code, 'app/features/attendance/ContractProbe.tsx')).not.toContain(
      rule,
    );
  });
});

describe('buttons are drawn with Button, ButtonLink or useButtonClasses', () => {
  const rule = 'local/buttons-through-button';
  const file = 'app/features/students/ContractProbe.tsx';

  it("fails a control that takes the skin's button class string, whatever the variant", async () => {
    for (const token of ['button', 'buttonSecondary', 'buttonDanger']) {
      const code = `import { useSettings } from '~/settings/store';
export function Probe() {
  const skin = useSettings((s) => s.skin);
  return <button type="button" className={\`\${skin.${token}} \${skin.rounded}\`}>Go</button>;
}
`;
      expect(await rulesFiring(code, file)).toContain(rule);
    }
    const otherTheme = `import { SKINS } from '~/settings/skin';
export const probe = <a href="/x" className={SKINS.accessible.button}>Go</a>;
`;
    expect(await rulesFiring(otherTheme, file)).toContain(rule);
  });

  it('passes Button, ButtonLink, useButtonClasses and the skin’s other tokens', async () => {
    const code = `import { useSettings } from '~/settings/store';
import { Button, ButtonLink, useButtonClasses } from '~/ui/Button';
export function Probe() {
  const skin = useSettings((s) => s.skin);
  const summary = useButtonClasses({ variant: 'secondary' });
  const examples = { go: { button: 'Go' } };
  return (
    <div className={skin.card}>
      <Button variant="danger">{examples.go.button}</Button>
      <ButtonLink to="/">Home</ButtonLink>
      <details>
        <summary className={summary}>More</summary>
      </details>
      <span className={skin.buttonTone.primary} />
    </div>
  );
}
`;
    expect(await rulesFiring(code, file)).not.toContain(rule);
  });

  it('lets Button itself and the skin read the tokens', async () => {
    const code = `export function classes(skin: { button: string }) {
  return skin.button;
}
`;
    expect(await rulesFiring(code, 'app/ui/Button.tsx')).not.toContain(rule);
    expect(await rulesFiring(code, 'app/settings/skin.ts')).not.toContain(rule);
    expect(await rulesFiring(code, 'app/ui/Card.tsx')).toContain(rule);
  });
});
