import { afterRender } from '../../ui/focus-return';
import { usePlanStore, type CellSelection } from './store';

/**
 * Selects a week of a track (and a booking of it, or none: the booking editor closes) and gives the focus back to its
 * timeline cell: the booking editor closes (Book, Close, Cancel, Escape, Delete) back to the cell that opened it (the
 * selected cell stays mounted: it is the grid's tab stop).
 */
export function selectAndFocus(cell: CellSelection | null, allocationId: string | null): void {
  usePlanStore.getState().select(cell, allocationId);
  if (!cell) return;
  afterRender(() => document.querySelector<HTMLElement>(`[data-cell="track:${cell.trackId}:${cell.week}"]`)?.focus());
}
