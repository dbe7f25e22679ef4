// Checks for people who switch motion off or make text bigger (WCAG 2.3.3, 1.4.4, 1.4.10): nothing
// moves once the browser asks for reduced motion, and at 200 % text a page has no sideways scroll,
// no cut-off text and no controls lying on top of each other. Each failure names the elements
// (tag, a short selector, their text) so it can be found and fixed.
import { expect, type Page } from '@playwright/test';

/** Motion shorter than this is not seen as motion (the app's reduced-motion rule uses 0.01 ms). */
const MOTION_LIMIT_MS = 10;
/** Sub-pixel rounding and borders that touch: overlaps and overflows within this are not faults. */
const TOLERANCE_PX = 2;
/** Controls a person aims at; an overlap between two of them makes one hard or impossible to hit. */
const CONTROLS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[role="combobox"]',
  '[role="slider"]',
].join(',');

export interface Check {
  /** Record a failure and go on (expect.soft), so one walk through many pages lists them all. */
  soft?: boolean;
}

/** Asks for reduced motion, as a person's system setting does; it holds for the rest of the page. */
export async function askForReducedMotion(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

/**
 * Makes text `percent` % of its normal size the way a person's browser text-size setting does
 * (Chrome: Settings › Appearance › Font size): the default font size changes, so the root font
 * size, everything the app sizes in rem (text, spacing, widths) and the rem breakpoints of its
 * media queries follow, while pixel sizes stay. That is the setting WCAG 1.4.4 is about and the one
 * most likely to break a layout. Page zoom (Ctrl +) would scale pixels too and narrow the viewport,
 * which the 390 px phone size already covers, and an inline `font-size` on <html> would leave the
 * breakpoints where they were, a combination no browser shows. Chromium only (a CDP call); it holds
 * for the rest of the page, across navigations and viewport changes, but a full-page screenshot
 * renders at the default size: take viewport screenshots at 200 %. At 1280 px the narrow layout
 * applies (the navigation sits behind the menu button), so sign in first.
 */
export async function zoomText(page: Page, percent: number) {
  const session = await page.context().newCDPSession(page);
  await session.send('Page.setFontSizes', {
    fontSizes: { standard: (16 * percent) / 100, fixed: (13 * percent) / 100 },
  });
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize))
    .toBe(`${(16 * percent) / 100}px`);
}

/**
 * Fails when anything on the page still moves: a running animation (CSS or Web Animations) longer
 * than MOTION_LIMIT_MS, an infinite one, or any element (or its ::before/::after) whose computed
 * animation or transition would last longer, or which scrolls smoothly.
 */
export async function expectNoMotion(page: Page, label: string, { soft = false }: Check = {}) {
  const moving = await page.evaluate(
    ({ limitMs }) => {
      const name = (el: Element) => {
        const testId = el.getAttribute('data-testid');
        const role = el.getAttribute('role');
        const hint = el.id
          ? `#${el.id}`
          : testId
            ? `[data-testid=${testId}]`
            : role
              ? `[role=${role}]`
              : '';
        const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        const parent = el.parentElement ? el.parentElement.tagName.toLowerCase() + ' > ' : '';
        return `${parent}${el.tagName.toLowerCase()}${hint}${text ? ` "${text}"` : ''}`;
      };
      const longest = (list: string) =>
        Math.max(
          ...list.split(',').map((part) => {
            const value = parseFloat(part);
            return part.trim().endsWith('ms') ? value : value * 1000;
          }),
        );
      const found: string[] = [];
      for (const animation of document.getAnimations()) {
        if (animation.playState !== 'running') continue;
        const timing = animation.effect?.getComputedTiming();
        const active = Number(timing?.activeDuration ?? 0);
        if (active > limitMs) {
          const target =
            animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
          const what =
            animation instanceof CSSAnimation
              ? `animation ${animation.animationName}`
              : animation instanceof CSSTransition
                ? `transition of ${animation.transitionProperty}`
                : 'script animation';
          found.push(`${what} running for ${active} ms on ${target ? name(target) : '?'}`);
        }
      }
      for (const el of Array.from(document.querySelectorAll('*'))) {
        for (const pseudo of [null, '::before', '::after']) {
          const style = getComputedStyle(el, pseudo);
          const where = `${name(el)}${pseudo ?? ''}`;
          if (style.animationName !== 'none' && longest(style.animationDuration) > limitMs) {
            found.push(`animation ${style.animationName} (${style.animationDuration}) on ${where}`);
          }
          if (style.transitionProperty !== 'none' && longest(style.transitionDuration) > limitMs) {
            found.push(
              `transition of ${style.transitionProperty} (${style.transitionDuration}) on ${where}`,
            );
          }
          if (pseudo === null && style.scrollBehavior === 'smooth') {
            found.push(`smooth scrolling on ${where}`);
          }
        }
      }
      return found;
    },
    { limitMs: MOTION_LIMIT_MS },
  );
  (soft ? expect.soft : expect)(moving, `${label}: nothing moves with reduced motion`).toEqual([]);
}

/**
 * Fails when the page is not usable as laid out now (call it after zoomText, at each size):
 * - page overflow: the document is wider than the viewport. It names the elements that stick out
 *   first (whose parent does not); content that scrolls inside its own container (a wide table in
 *   an overflow-x-auto box) is not page overflow.
 * - clipped text: a visible element whose overflow is hidden or clipped (in either direction) and
 *   whose content is bigger than its box, when the cut-off part holds text. A deliberate `truncate`
 *   or line-clamp passes only when the full text is on hand elsewhere: every word of it is in a
 *   `title` on the element or an ancestor, or in the aria-label of the control it sits in (a
 *   calendar chip, whose link leads to the whole event). Visually
 *   hidden text (sr-only, 1 px) and form fields (their value scrolls inside them) are not checked.
 * - overlapping controls: two visible controls (links, buttons, fields, tabs, options …) whose
 *   boxes, cut to what their scrolling ancestors show, overlap by more than TOLERANCE_PX each way.
 *   A control inside another (a link in a row-button), a button drawn inside its sibling field (a
 *   combobox's "Show all options") and controls in different fixed or sticky
 *   layers (the page under the sticky header or the mobile action bar, which scrolls past them)
 *   are not compared.
 */
export async function expectUsableLayout(page: Page, label: string, { soft = false }: Check = {}) {
  const problems = await page.evaluate(
    ({ controls, tolerance }) => {
      const shortSelector = (el: Element) => {
        const parts: string[] = [];
        let node: Element | null = el;
        while (node && node !== document.body && parts.length < 4) {
          const tag = node.tagName.toLowerCase();
          if (node.id) {
            parts.unshift(`${tag}#${CSS.escape(node.id)}`);
            break;
          }
          const parent: Element | null = node.parentElement;
          const twins = parent
            ? Array.from(parent.children).filter((c) => c.tagName === node!.tagName)
            : [];
          parts.unshift(twins.length > 1 ? `${tag}:nth-of-type(${twins.indexOf(node) + 1})` : tag);
          node = parent;
        }
        return parts.join(' > ');
      };
      const name = (el: Element) => {
        const text = ((el as HTMLElement).innerText ?? el.textContent ?? '')
          .replace(/\s+/g, ' ')
          .trim();
        const label = el.getAttribute('aria-label');
        const words = label ? `[aria-label="${label}"]` : text ? `"${text.slice(0, 50)}"` : '';
        return `<${el.tagName.toLowerCase()}> ${words} (${shortSelector(el)})`;
      };
      const isShown = (el: Element) => {
        const rect = el.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) return false;
        return el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      };
      const clips = (style: CSSStyleDeclaration, axis: 'x' | 'y') => {
        const value = axis === 'x' ? style.overflowX : style.overflowY;
        return value === 'hidden' || value === 'clip';
      };
      const scrolls = (style: CSSStyleDeclaration) =>
        ['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX) ||
        ['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowY);

      const found: string[] = [];
      const viewport = document.documentElement.clientWidth;
      const all = Array.from(document.body.querySelectorAll('*'));

      // 1. Page overflow.
      if (document.documentElement.scrollWidth > viewport + 1) {
        const inScroller = (el: Element) => {
          for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
            const style = getComputedStyle(a);
            if (['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX)) return true;
          }
          return false;
        };
        const sticksOut = (el: Element) =>
          isShown(el) && el.getBoundingClientRect().right + window.scrollX > viewport + 1;
        const first = all.filter(
          (el) =>
            sticksOut(el) && !(el.parentElement && sticksOut(el.parentElement)) && !inScroller(el),
        );
        found.push(
          `page is ${document.documentElement.scrollWidth} px wide in a ${viewport} px viewport; ` +
            `sticking out: ${first.slice(0, 5).map(name).join('; ') || '(no single element)'}`,
        );
      }

      // 2. Clipped text.
      // "Holds the full text": every word of it appears in the title or label (a calendar chip's
      // label says "Trip, Thu 3 Dec, 18:30–20:30" for the text "18:30 Trip").
      const holds = (whole: string | null, text: string) =>
        whole !== null && text.split(/[\s…]+/).every((word) => whole.includes(word));
      const fullTextElsewhere = (el: Element, text: string) => {
        for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
          if (holds(a.getAttribute('title'), text)) return true;
          if (a.matches(controls) && holds(a.getAttribute('aria-label'), text)) return true;
        }
        return false;
      };
      const textCutBy = (box: Element, rect: DOMRect, style: CSSStyleDeclaration) => {
        // The text that lies (partly) outside the box: walk its text nodes and measure them.
        const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        const cut: string[] = [];
        const range = document.createRange();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const value = (node.nodeValue ?? '').trim();
          if (!value || !node.parentElement || !isShown(node.parentElement)) continue;
          range.selectNodeContents(node);
          for (const r of Array.from(range.getClientRects())) {
            const outX =
              clips(style, 'x') &&
              (r.right > rect.right + tolerance || r.left < rect.left - tolerance);
            const outY =
              clips(style, 'y') &&
              (r.bottom > rect.bottom + tolerance || r.top < rect.top - tolerance);
            if (outX || outY) {
              cut.push(value.slice(0, 40));
              break;
            }
          }
        }
        return cut;
      };
      for (const el of all) {
        if (el.matches('input, select, textarea, svg, svg *') || !isShown(el)) continue;
        const style = getComputedStyle(el);
        if (!clips(style, 'x') && !clips(style, 'y')) continue;
        const box = el as HTMLElement;
        const overX = clips(style, 'x') && box.scrollWidth > box.clientWidth + tolerance;
        const overY = clips(style, 'y') && box.scrollHeight > box.clientHeight + tolerance;
        if (!overX && !overY) continue;
        const deliberate = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
        const text = (box.innerText ?? '').trim();
        if (deliberate) {
          if (text && !fullTextElsewhere(el, text)) {
            found.push(`text cut short with no title or label holding it in full: ${name(el)}`);
          }
          continue;
        }
        const cut = textCutBy(el, el.getBoundingClientRect(), style);
        if (cut.length > 0) {
          found.push(
            `text clipped by ${name(el)}: ${cut
              .slice(0, 3)
              .map((t) => `"${t}"`)
              .join(', ')}`,
          );
        }
      }

      // 3. Overlapping controls.
      const layerOf = (el: Element) => {
        for (let a: Element | null = el; a; a = a.parentElement) {
          const position = getComputedStyle(a).position;
          if (position === 'fixed' || position === 'sticky') return a;
        }
        return null;
      };
      type Box = { left: number; top: number; right: number; bottom: number };
      const visibleBox = (el: Element): Box | null => {
        let { left, top, right, bottom } = el.getBoundingClientRect();
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          if (!scrolls(getComputedStyle(a))) continue;
          const r = a.getBoundingClientRect();
          left = Math.max(left, r.left);
          top = Math.max(top, r.top);
          right = Math.min(right, r.right);
          bottom = Math.min(bottom, r.bottom);
        }
        return right - left > tolerance && bottom - top > tolerance
          ? { left, top, right, bottom }
          : null;
      };
      const targets = Array.from(document.body.querySelectorAll(controls)).flatMap((el) => {
        if (!isShown(el) || el.closest('[inert], [aria-hidden="true"]')) return [];
        const box = visibleBox(el);
        return box ? [{ el, box, layer: layerOf(el) }] : [];
      });
      targets.forEach((a, i) => {
        for (const b of targets.slice(i + 1)) {
          if (a.layer !== b.layer || a.el.contains(b.el) || b.el.contains(a.el)) continue;
          // One widget drawn as one field: a button inside its sibling input's box (a combobox's
          // "Show all options", a password's "Show"), which pads itself to make room.
          const inside = (x: Box, y: Box) =>
            x.left >= y.left - 1 &&
            x.right <= y.right + 1 &&
            x.top >= y.top - 1 &&
            x.bottom <= y.bottom + 1;
          const siblings = a.el.parentElement === b.el.parentElement;
          if (siblings && (inside(a.box, b.box) || inside(b.box, a.box))) continue;
          const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
          const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
          if (width > tolerance && height > tolerance) {
            found.push(
              `controls overlap by ${Math.round(width)}×${Math.round(height)} px: ${name(a.el)} and ${name(b.el)}`,
            );
          }
        }
      });
      return found;
    },
    { controls: CONTROLS, tolerance: TOLERANCE_PX },
  );
  (soft ? expect.soft : expect)(problems, `${label}: usable at this text size`).toEqual([]);
}
