// The long soak, run by `npm run soak` through test/soak/soak.config.ts (not part of `npm test`).
// scripts/soak.mjs passes the arguments in SOAK_* variables; one run per tab mode listed.
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { failed, runSoak, summary, type SoakResult, type TabMode } from './engine';

function tabModes(value: string | undefined): TabMode[] {
  const modes = (value ?? '2').split(',').map((v): TabMode => {
    if (v === '1') return 1;
    if (v === '2') return 2;
    if (v === '3') return 3;
    if (v === 'mix') return 'mix';
    throw new Error(`--tabs takes 1, 2, 3 or mix (or a comma list), not ${v}`);
  });
  return modes;
}

test('the soak run loses, duplicates and hides nothing', async ({ browser, baseURL }) => {
  const seed = Number(process.env.SOAK_SEED);
  const iterations = Number(process.env.SOAK_ITERATIONS ?? 200);
  expect(Number.isInteger(seed), 'SOAK_SEED must be an integer').toBe(true);
  const results: SoakResult[] = [];
  for (const tabs of tabModes(process.env.SOAK_TABS)) {
    const result = await runSoak(browser, baseURL ?? '', {
      seed,
      iterations,
      tabs,
      log: (line) => console.log(`  ${line}`),
    });
    results.push(result);
    for (const line of summary(result)) console.log(line);
  }
  if (process.env.SOAK_RESULT_FILE) {
    writeFileSync(process.env.SOAK_RESULT_FILE, JSON.stringify(results, null, 2));
  }
  expect(results.filter(failed).map((r) => `seed ${r.seed}, tabs ${r.tabs}`)).toEqual([]);
});
