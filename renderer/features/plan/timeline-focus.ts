import { afterRender } from '../../ui/focus-return';
import type { CellSelection } from './store';

/** Focus goes back to a week of a track on the timeline (the selected cell stays mounted: it is the grid's tab stop). */
export function focusTimelineCell(cell: CellSelection): void {
  afterRender(() => document.querySelector<HTMLElement>(`[data-cell="track:${cell.trackId}:${cell.week}"]`)?.focus());
}
