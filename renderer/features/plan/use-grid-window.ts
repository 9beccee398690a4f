/**
 * The timeline's window in both directions, on TanStack Virtual (as ui/DataTable.tsx): one virtualizer over the week
 * columns (fixed width; the viewport less the sticky label column), one over the stacked rows (heights measured, as
 * a lane grows a sub-row with an edit). Every row stays mounted with its label, so the scroll size never changes;
 * only the week cells of the rows in view are mounted. The virtualizers re-render only when a week or a row enters or
 * leaves the window, synchronously in the scroll event, so the frame that shows a scroll position has its weeks.
 *
 * Traced in the browser harness (bench/plan.bench.ts, 20 tracks × 104 weeks × 10 pools): with every week mounted
 * (~17,900 nodes) Chromium's repaints of the scroller were the dropped frames; windowed, ~500 nodes are mounted.
 */
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, type RefObject } from 'react';

export interface GridWindow {
  /** Week columns mounted (none when last < first). */
  first: number;
  last: number;
  /** Stacked rows whose week cells are mounted. */
  rowFirst: number;
  rowLast: number;
}

export interface GridWindowOptions {
  scrollRef: RefObject<HTMLDivElement | null>;
  weekCount: number;
  colWidth: number;
  /** Width of the sticky label column at the left of the viewport. */
  labelWidth: number;
  /** Rows stacked in the scroller, top to bottom (headers and sections included: each is measured). */
  rowCount: number;
  /** A row's height before it is measured. */
  estimateRowHeight: (row: number) => number;
  /** False for a grid small enough to render whole: every week of every row. */
  enabled: boolean;
  overscanWeeks?: number;
  overscanRows?: number;
}

export interface GridWindowApi {
  window: GridWindow;
  /** The ref callback of stacked row `row` (stable), which measures it. */
  rowRef: (row: number) => (el: HTMLDivElement | null) => void;
  /** Scrolls so that the row and week (if given) are in the middle of the viewport; false when nothing moved. */
  centerOn: (row: number, week: number | undefined) => boolean;
}

export function useGridWindow({
  scrollRef,
  weekCount,
  colWidth,
  labelWidth,
  rowCount,
  estimateRowHeight,
  enabled,
  overscanWeeks = 1,
  overscanRows = 2,
}: GridWindowOptions): GridWindowApi {
  const getScrollElement = useCallback(() => scrollRef.current, [scrollRef]);
  const columns = useVirtualizer({
    horizontal: true,
    enabled,
    count: weekCount,
    getScrollElement,
    estimateSize: () => colWidth,
    overscan: overscanWeeks,
    // The weeks show in the viewport less the sticky labels.
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb({ width: Math.max(0, rect.width - labelWidth), height: rect.height })),
  });
  const rows = useVirtualizer({ enabled, count: rowCount, getScrollElement, estimateSize: estimateRowHeight, overscan: overscanRows });
  // The rows lay themselves out (all are mounted): a row measured above the viewport must not scroll it.
  rows.shouldAdjustScrollPositionOnItemSizeChange = () => false;

  const weekItems = columns.getVirtualItems();
  const rowItems = rows.getVirtualItems();
  const window: GridWindow = !enabled
    ? { first: 0, last: weekCount - 1, rowFirst: 0, rowLast: rowCount - 1 }
    : {
        first: weekItems[0]?.index ?? 0,
        last: weekItems[weekItems.length - 1]?.index ?? -1,
        rowFirst: rowItems[0]?.index ?? 0,
        rowLast: rowItems[rowItems.length - 1]?.index ?? -1,
      };

  const measure = rows.measureElement;
  const rowRefs = useMemo(
    () =>
      Array.from({ length: rowCount }, (_, i) => (el: HTMLDivElement | null) => {
        if (!el) return;
        el.setAttribute('data-index', String(i));
        measure(el);
      }),
    [rowCount, measure],
  );
  const rowRef = useCallback((row: number) => rowRefs[row]!, [rowRefs]);

  const centerOn = (row: number, week: number | undefined): boolean => {
    const el = scrollRef.current;
    if (!el) return false;
    const before = [el.scrollLeft, el.scrollTop];
    if (week !== undefined) el.scrollLeft = Math.max(0, week * colWidth + colWidth / 2 - (el.clientWidth - labelWidth) / 2);
    const offset = rows.getOffsetForIndex(row, 'center');
    if (offset) el.scrollTop = Math.max(0, offset[0]);
    return el.scrollLeft !== before[0] || el.scrollTop !== before[1];
  };

  return { window, rowRef, centerOn };
}
