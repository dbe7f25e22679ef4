// The short soak of issue 10: random iterations in two tabs of the built app (writes through the
// data layer and the forms, offline flaps, reloads mid-sync, 503s, latency, lost acknowledgements,
// damaged chunks and queue entries), then nothing may be lost, duplicated or hidden. Two seeds: a
// fixed one, and one from the clock that is printed so a failure can be replayed with
// `npm run soak -- --seed N --iterations 50 --tabs 2`. `npm run test:e2e:full` runs both for 50
// iterations; `npm test` runs one of them for 25, the fixed seed and the clock's on alternate days
// (sample.ts), to stay within CI's time. The long run is `npm run soak`.
import { expect, test } from '@playwright/test';
import { runSoak, summary, type SoakOptions } from '../soak/engine';
import { timeSeed } from '../soak/random';
import { FULL_RUN, sampleThisRun } from './sample';

const FIXED_SEED = 20_241_010;
const SEEDS: [string, number][] = sampleThisRun(
  'soak.spec.ts',
  [
    ['a fixed seed', FIXED_SEED],
    ['a seed from the clock', timeSeed()],
  ],
  1,
);
const ITERATIONS = FULL_RUN ? 50 : 25;

for (const [name, seed] of SEEDS) {
  test(`${ITERATIONS} random iterations in two tabs with ${name} lose, duplicate and hide nothing`, async ({
    browser,
    baseURL,
  }) => {
    // 65 s alone, 136 s beside a second soak on two busy cores (every open list now also follows
    // the fake's changes live): the limit leaves room for a loaded machine.
    test.setTimeout(300_000);
    const options: SoakOptions = { seed, iterations: ITERATIONS, tabs: 2 };
    const result = await runSoak(browser, baseURL ?? '', options);
    const lines = summary(result);
    for (const line of lines) console.log(line);
    expect(
      {
        lost: result.lost,
        duplicated: result.duplicated,
        hidden: result.hidden,
        resurrected: result.resurrected,
        phantom: result.phantom,
        stale: result.stale,
        invalid: result.invalid,
      },
      lines.join('\n'),
    ).toEqual({
      lost: 0,
      duplicated: 0,
      hidden: 0,
      resurrected: 0,
      phantom: 0,
      stale: 0,
      invalid: 0,
    });
  });
}
