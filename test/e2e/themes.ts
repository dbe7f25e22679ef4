// Which themes a spec's theme loop visits in this run. Every theme of every page is a matrix:
// `npm run test:matrix`, `npm run test:e2e:full` and `E2E_ALL_THEMES=1 npm run test:e2e` walk all
// of it. `npm test` runs a sample that still covers each theme in every run: each spec's loop
// visits one theme, turning daily, and the turn is offset per spec so that on any day the specs
// share the three themes out.
// MATRIX_ROTATION (fixed once per run by playwright.config.ts) pins the day, as for the route matrix.
import { FULL_RUN, offsetOf, rotationDay } from './sample';
import type { ThemeName } from './fixtures';

export const ALL_THEMES: readonly ThemeName[] = ['default', 'dark', 'accessible'];

/** The themes of `themes` this run visits for `spec` (its file name): all, or one in turn. */
export function themesThisRun<T extends ThemeName>(spec: string, themes: readonly T[]): T[] {
  if (FULL_RUN || process.env.E2E_ALL_THEMES === '1' || themes.length <= 1) return [...themes];
  const chosen = themes[(rotationDay() + offsetOf(spec)) % themes.length];
  return chosen === undefined ? [...themes] : [chosen];
}
