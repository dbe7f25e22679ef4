// What a spec's long loops visit in this run. `npm test` must stay within its time on two shared
// cores, so the loops that walk every page (skip links, axe over a list of pages, the soaks, the
// 5,000-row import) run a sample there that turns daily, and `npm run test:e2e:full`
// (E2E_FULL=1) runs all of them. Like the theme loops (themes.ts), the turn is offset per spec
// and pinned once per run by MATRIX_ROTATION (playwright.config.ts), so every worker lists the
// same tests, and within a few days every item has had its turn.

/** True in `npm run test:e2e:full`: every page of every loop, every theme, both long soaks. */
export const FULL_RUN = process.env.E2E_FULL === '1';

/** A fixed offset per spec, so that specs do not all turn in step. */
export function offsetOf(spec: string): number {
  let sum = 0;
  for (const char of spec) sum = (sum * 31 + char.charCodeAt(0)) % 9973;
  return sum;
}

/** The day of this run's rotation (MATRIX_ROTATION, set once per run by the playwright config). */
export function rotationDay(): number {
  return Number(process.env.MATRIX_ROTATION ?? Math.floor(Date.now() / 86_400_000));
}

/**
 * `count` of `items` for this run of `spec` (its file name, or any key unique to the loop): all of
 * them in a full run, otherwise a window that moves on by `count` each day, wrapping round, so that
 * every item is visited within ceil(items / count) days. The order of `items` is kept.
 */
export function sampleThisRun<T>(spec: string, items: readonly T[], count: number): T[] {
  if (FULL_RUN || items.length <= count) return [...items];
  const start = (rotationDay() * count + offsetOf(spec)) % items.length;
  const chosen = new Set<number>();
  for (let step = 0; step < count; step += 1) chosen.add((start + step) % items.length);
  return items.filter((_, index) => chosen.has(index));
}
