// A windowed ARIA table: every row has the same height, so the visible range follows from the
// scroll offset alone and only those rows (plus an overscan margin) are in the DOM. That keeps a
// list of 5,000+ students at a few hundred elements. aria-rowcount / aria-rowindex tell screen
// readers the full size and each row's place, since most rows do not exist in the DOM.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface VisibleRange {
  /** First rendered index (inclusive). */
  start: number;
  /** Last rendered index (exclusive). */
  end: number;
}

/** Which rows to render for a scroll offset; pure so it can be tested without a layout engine. */
export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan: number,
): VisibleRange {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(count - 1, first) - overscan);
  const end = Math.min(count, first + visible + overscan);
  return { start, end: Math.max(start, end) };
}

export interface VirtualColumn {
  key: string;
  header: ReactNode;
  /** Classes for both the header cell and the body cells of this column (e.g. hide on phones). */
  className?: string;
  ariaSort?: 'ascending' | 'descending' | 'none';
}

export interface VirtualTableProps<T> {
  /** The table's accessible name; the scroll region is named after it. */
  label: string;
  items: readonly T[];
  columns: readonly VirtualColumn[];
  rowKey(item: T): string;
  /** One element per column, in column order. */
  renderCells(item: T, index: number): ReactNode[];
  /** Grid template shared by the header and every row, so the columns line up. */
  gridClassName: string;
  rowClassName?: string;
  /** Row height in pixels at the default text size (it grows with larger text); rows must not grow past it (cells truncate). */
  rowHeight?: number;
  overscan?: number;
  /** Greatest height of the scroll region (CSS length); a short list takes only the room it needs. */
  height?: string;
}

/** Used until the scroll region has been measured (and in test DOMs, which have no layout). */
const FALLBACK_VIEWPORT = 640;

/** The default root font size, for which rowHeight is given. */
const BASE_ROOT_FONT_PX = 16;

/**
 * How much larger the root font is than the default: a person's browser text size (200 % makes it
 * 32 px). Rows have a fixed pixel height, so they grow with it or their text would spill into the
 * next row.
 */
function useRootFontScale(): number {
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const px = parseFloat(getComputedStyle(document.documentElement).fontSize);
    if (px > 0) setScale(px / BASE_ROOT_FONT_PX);
  }, []);
  return scale;
}

export function VirtualTable<T>({
  label,
  items,
  columns,
  rowKey,
  renderCells,
  gridClassName,
  rowClassName = '',
  rowHeight: baseRowHeight = 48,
  overscan = 8,
  height = 'min(70vh, 40rem)',
}: VirtualTableProps<T>) {
  const rowHeight = Math.round(baseRowHeight * useRootFontScale());
  const scrollRef = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<VisibleRange>(() =>
    visibleRange(0, FALLBACK_VIEWPORT, rowHeight, items.length, overscan),
  );

  const update = useCallback(() => {
    const element = scrollRef.current;
    const viewportHeight = element?.clientHeight || FALLBACK_VIEWPORT;
    // The sticky header is one row tall and sits above the body inside the scroll region.
    const bodyScrollTop = Math.max(0, (element?.scrollTop ?? 0) - rowHeight);
    const next = visibleRange(bodyScrollTop, viewportHeight, rowHeight, items.length, overscan);
    setRange((current) =>
      current.start === next.start && current.end === next.end ? current : next,
    );
  }, [items.length, overscan, rowHeight]);

  // Recompute when the data changes (a filter shrinks the list) and when the region resizes.
  useEffect(() => {
    update();
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => update());
    observer.observe(element);
    return () => observer.disconnect();
  }, [update]);

  // The row holding keyboard focus stays rendered when it scrolls out of the window: removing it
  // would drop focus to the page body and lose the person's place.
  const [focused, setFocused] = useState<number | null>(null);
  const indexes: number[] = [];
  if (focused !== null && focused < range.start && focused < items.length) indexes.push(focused);
  for (let index = range.start; index < Math.min(range.end, items.length); index++) {
    indexes.push(index);
  }
  if (focused !== null && focused >= range.end && focused < items.length) indexes.push(focused);

  const rows: ReactNode[] = [];
  for (const index of indexes) {
    const item = items[index];
    if (item === undefined) continue;
    const cells = renderCells(item, index);
    rows.push(
      <div
        key={rowKey(item)}
        role="row"
        aria-rowindex={index + 2}
        data-index={index}
        className={`absolute inset-x-0 ${gridClassName} ${rowClassName}`}
        style={{ top: index * rowHeight, height: rowHeight }}
      >
        {columns.map((column, c) => (
          <div
            key={column.key}
            role="cell"
            className={`flex min-w-0 items-center px-3 ${column.className ?? ''}`}
          >
            {cells[c]}
          </div>
        ))}
      </div>,
    );
  }

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={`${label} (scrollable)`}
      // A scroll region must be focusable so keyboard users can scroll it with the arrow keys
      // (WAI-ARIA APG; axe scrollable-region-focusable), even though a region is not a widget.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onScroll={update}
      className="relative overflow-auto overscroll-contain"
      // A cap, not a fixed height: two children do not sit in a box drawn for a screenful of rows.
      style={{ maxHeight: height }}
    >
      <div role="table" aria-label={label} aria-rowcount={items.length + 1}>
        <div role="rowgroup" className="sticky top-0 z-10 border-b border-border bg-card">
          <div role="row" aria-rowindex={1} className={gridClassName} style={{ height: rowHeight }}>
            {columns.map((column) => (
              <div
                key={column.key}
                role="columnheader"
                aria-sort={column.ariaSort}
                className={`flex min-w-0 items-center px-3 font-semibold ${column.className ?? ''}`}
              >
                {column.header}
              </div>
            ))}
          </div>
        </div>
        <div
          role="rowgroup"
          className="relative"
          style={{ height: items.length * rowHeight }}
          onFocus={(event) => {
            const row = event.target.closest('[data-index]');
            const raw = row?.getAttribute('data-index');
            const index = raw ? Number(raw) : Number.NaN;
            setFocused(Number.isInteger(index) ? index : null);
          }}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
          }}
        >
          {rows}
        </div>
      </div>
    </div>
  );
}
