// The in-page fake Firebase's Web Worker (decision 058): one per tab, started by mocks/browser.ts.
// Everything heavy of demo mode (msw's handlers, the seed, the saved state's load, commits and
// their triggers) runs here, off the page's main thread.
//
// The page's clock is the fake's clock: a test that sets the page's clock (Playwright's
// `page.clock`) sets the day the fake seeds and stamps, as it did when the fake ran in the page.
// Each message carries the page's `Date.now()`; this worker's `Date` runs at that offset from its
// real clock, moved only by a jump of more than CLOCK_JUMP_MS, so a message that waited in the
// queue does not drag the clock back.
import './worker-globals';
import { serveFakeFirebase } from './worker-host';

const CLOCK_JUMP_MS = 2000;

const RealDate = Date;
let offset = 0;

class PageClockDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + offset);
    else {
      // The given date, read as the real Date reads it (a string, a time, or its fields).
      const given: unknown = Reflect.construct(RealDate, args);
      super(given instanceof RealDate ? given.getTime() : Number.NaN);
    }
  }

  static override now(): number {
    return RealDate.now() + offset;
  }
}
globalThis.Date = PageClockDate as DateConstructor;

serveFakeFirebase(self, {
  syncClock(pageNow) {
    const next = pageNow - RealDate.now();
    if (Math.abs(next - offset) > CLOCK_JUMP_MS) offset = next;
  },
});
