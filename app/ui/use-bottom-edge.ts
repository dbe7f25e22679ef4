// Measures where an element's bottom edge is in the viewport and keeps it in a CSS variable on
// <html>, so a fixed or sticky panel can start right below it and the page's scroll padding keeps
// focused fields out from under it. The dashboard header sits under the demo banner until the
// banner scrolls away, so its bottom edge moves with scrolling and with the banner's dismissal; a
// constant offset was wrong in both cases (the phone menu slid under the header).
// The variable is written straight to the DOM: scrolling must not re-render the page.
import { useLayoutEffect, type RefObject } from 'react';

export function useBottomEdgeVariable(
  source: RefObject<HTMLElement | null>,
  variable: `--${string}`,
) {
  useLayoutEffect(() => {
    const element = source.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      const bottom = Math.max(0, Math.round(element.getBoundingClientRect().bottom));
      root.style.setProperty(variable, `${bottom}px`);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    // The header grows when it wraps; it moves up when the banner above it is dismissed (a child
    // of <body> goes, which need not change the body's size).
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    resizes?.observe(element);
    resizes?.observe(document.body);
    const mutations = new MutationObserver(update);
    mutations.observe(document.body, { childList: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      resizes?.disconnect();
      mutations.disconnect();
      root.style.removeProperty(variable);
    };
  }, [source, variable]);
}
