// Checks for keyboard-only journeys (test/e2e/keyboard.spec.ts). A journey moves with these helpers
// only, so every element that receives focus along the way is checked the same way:
//
// - focusIndicator(page): what has focus now — a description, its computed outline and box-shadow,
//   its box, whether it is on screen and not covered, and the open modal it should be inside.
// - pressAndCheck(page, key): presses a key, waits until focus settles, and asserts on the focused
//   element (see expectVisibleFocus): a visible focus indicator — an outline of style other than
//   `none`, at least 2px wide and not transparent, or a box-shadow ring (an opaque shadow with a
//   spread of at least 2px) — a box of non-zero size that is on screen and not hidden under
//   something else, and, while a modal dialog is open (`dialog:modal`, or `[aria-modal="true"]`),
//   a place inside the topmost one. Returns what it found.
// - tabTo(page, target, { key, max }): presses Tab (or Shift+Tab) with pressAndCheck until `target`
//   has focus; fails after `max` presses. Every stop on the way is checked.
// - typeInto(page, text): types into the focused field (one check after the typing).
// - expectFocused(page, target): `target` has focus and passes the same checks (a dialog handing
//   focus back to its trigger, a move keeping focus on its control).
// - expectFocusInside(page, dialog): focus is inside `dialog` (for a popover dialog that is not a
//   modal the page-wide check cannot know about).
// - focusLog(page): every focus stop the helpers checked on this page, for the test's attachment.
import { expect, type Locator, type Page } from '@playwright/test';

export interface FocusState {
  /** tag, id and accessible text of the focused element, for messages. */
  description: string;
  outlineStyle: string;
  outlineWidth: number;
  outlineOpaque: boolean;
  boxShadow: string;
  /** An opaque box-shadow with a spread of at least 2px. */
  shadowRing: boolean;
  width: number;
  height: number;
  /** Some part of the box is inside the viewport. */
  onScreen: boolean;
  /** A point of the box that is on screen hits the element itself (or its label). */
  uncovered: boolean;
  /** The topmost open modal, or null when none is open. */
  modal: string | null;
  insideModal: boolean;
}

const logs = new WeakMap<Page, FocusState[]>();

export function focusLog(page: Page): FocusState[] {
  let log = logs.get(page);
  if (!log) {
    log = [];
    logs.set(page, log);
  }
  return log;
}

/** The focused element and how it shows its focus; null when nothing (the body) has focus. */
export async function focusIndicator(page: Page): Promise<FocusState | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;

    // Computed colours come as rgb(r, g, b), rgba(r, g, b, a) or a function with "/ alpha".
    const alpha = (color: string) => {
      if (color === 'transparent') return 0;
      const inner = /\(([^)]+)\)/.exec(color)?.[1];
      if (!inner) return 1;
      const value = inner.includes('/') ? inner.split('/')[1] : inner.split(',')[3];
      if (value === undefined) return 1;
      return value.trim().endsWith('%') ? parseFloat(value) / 100 : parseFloat(value);
    };
    const style = getComputedStyle(element);
    // box-shadow lists shadows "color x y blur spread [inset]", separated by commas outside rgb().
    const shadows = style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/);
    const shadowRing = shadows.some((shadow) => {
      const color = /[a-z]+\([^)]*\)|#[0-9a-f]+|^[a-z]+|[a-z]+$/i.exec(shadow.trim())?.[0] ?? '';
      const lengths = shadow.replace(color, '').match(/-?[\d.]+px/g) ?? [];
      const spread = parseFloat(lengths[3] ?? '0');
      return alpha(color) > 0 && spread >= 2;
    });

    const rect = element.getBoundingClientRect();
    const left = Math.max(rect.left, 0);
    const right = Math.min(rect.right, window.innerWidth);
    const top = Math.max(rect.top, 0);
    const bottom = Math.min(rect.bottom, window.innerHeight);
    const onScreen = rect.width > 0 && rect.height > 0 && left < right && top < bottom;
    // Not covered (WCAG 2.4.11): the centre or an inset corner of the visible part hits the element.
    const hits = (x: number, y: number) => {
      const hit = document.elementFromPoint(x, y);
      if (!hit) return false;
      if (element === hit || element.contains(hit)) return true;
      const label = hit.closest('label');
      return label !== null && label.control === element;
    };
    const inset = (a: number, b: number) => Math.min(a + 2, (a + b) / 2);
    const uncovered =
      onScreen &&
      [
        [(left + right) / 2, (top + bottom) / 2],
        [inset(left, right), inset(top, bottom)],
        [right - (inset(left, right) - left), inset(top, bottom)],
        [inset(left, right), bottom - (inset(top, bottom) - top)],
        [right - (inset(left, right) - left), bottom - (inset(top, bottom) - top)],
      ].some(([x = 0, y = 0]) => hits(x, y));

    const modals = [
      ...Array.from(document.querySelectorAll('dialog')).filter((d) => d.matches(':modal')),
      ...Array.from(document.querySelectorAll<HTMLElement>('[aria-modal="true"]')).filter(
        (d) => d.getClientRects().length > 0,
      ),
    ];
    const modal = modals.at(-1) ?? null;
    const name = (el: Element) =>
      (
        el.getAttribute('aria-label') ??
        (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null) ??
        el.textContent ??
        ''
      )
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 60);
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name(el)}"`;

    return {
      description: describe(element),
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth) || 0,
      outlineOpaque: alpha(style.outlineColor) > 0,
      boxShadow: style.boxShadow,
      shadowRing,
      width: rect.width,
      height: rect.height,
      onScreen,
      uncovered,
      modal: modal ? describe(modal) : null,
      insideModal: modal ? modal.contains(element) : true,
    };
  });
}

/** What is wrong with how the focused element shows its focus, or [] when nothing is. */
function focusProblems(state: FocusState | null): string[] {
  if (!state) return ['nothing has focus (focus fell to the page body)'];
  const problems: string[] = [];
  const outline = state.outlineStyle !== 'none' && state.outlineWidth >= 2 && state.outlineOpaque;
  if (!outline && !state.shadowRing) {
    problems.push(
      `no visible focus indicator (outline ${state.outlineStyle} ${state.outlineWidth}px, box-shadow ${state.boxShadow})`,
    );
  }
  if (state.width === 0 || state.height === 0) problems.push('has no size');
  else if (!state.onScreen) problems.push('is off screen');
  else if (!state.uncovered) problems.push('is covered by another element');
  if (!state.insideModal) problems.push(`is behind the open modal ${state.modal}`);
  return problems;
}

/** Asserts the focus checks on what has focus now, waiting a moment for focus to settle. */
export async function expectVisibleFocus(page: Page, context = ''): Promise<FocusState> {
  let state: FocusState | null = null;
  await expect
    .poll(
      async () => {
        state = await focusIndicator(page);
        const problems = focusProblems(state);
        return problems.length === 0
          ? 'ok'
          : `${state?.description ?? 'body'}: ${problems.join('; ')}`;
      },
      { message: `focus after ${context || 'the last key'}`, timeout: 3_000 },
    )
    .toBe('ok');
  // The poll only returns once `state` passed the checks.
  const settled = state as unknown as FocusState;
  focusLog(page).push(settled);
  return settled;
}

/** Presses a key on the keyboard and checks the element that has focus afterwards. */
export async function pressAndCheck(page: Page, key: string): Promise<FocusState> {
  await page.keyboard.press(key);
  return expectVisibleFocus(page, key);
}

async function isFocused(target: Locator): Promise<boolean> {
  // Not there (yet) is not focused; evaluate() alone would wait for it until the test times out.
  if ((await target.count()) === 0) return false;
  return target.evaluate((el) => el === document.activeElement);
}

/** Tabs (or Shift+Tabs) until `target` has focus, checking every stop; returns the stops. */
export async function tabTo(
  page: Page,
  target: Locator,
  { key = 'Tab', max = 40 }: { key?: 'Tab' | 'Shift+Tab'; max?: number } = {},
): Promise<FocusState[]> {
  const stops: FocusState[] = [];
  for (let i = 0; i < max; i += 1) {
    stops.push(await pressAndCheck(page, key));
    if (await isFocused(target)) return stops;
  }
  throw new Error(
    `${max} presses of ${key} did not reach ${target.toString()}; the stops were:\n${stops
      .map((s) => s.description)
      .join('\n')}`,
  );
}

/** Types text into the focused field, then checks the field still shows its focus. */
export async function typeInto(page: Page, text: string): Promise<FocusState> {
  await page.keyboard.type(text);
  return expectVisibleFocus(page, `typing "${text}"`);
}

/** `target` has focus and shows it. */
export async function expectFocused(page: Page, target: Locator): Promise<FocusState> {
  await expect(target).toBeFocused();
  return expectVisibleFocus(page, `focus on ${target.toString()}`);
}

/** Focus is inside `dialog`. */
export async function expectFocusInside(page: Page, dialog: Locator): Promise<void> {
  await expect
    .poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), {
      message: `focus inside ${dialog.toString()}`,
      timeout: 3_000,
    })
    .toBe(true);
}
