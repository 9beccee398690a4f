/**
 * The rows stacked in the timeline's scroller, top to bottom: month and week headers, the tracks' section and lanes,
 * the pools' section and rows, the totals' section and rows. Each is measured; only lanes, pools and totals have week
 * cells. Pure: row numbers, first height guesses, and where a cell key lives.
 */
import type { Plan } from '../../../shared/domain/plan/types';
import { weekOf } from '../../../shared/domain/plan/weeks';

/** Month header, week header, the tracks' section. */
export const HEAD_ROWS = 3;
/** GPU-hours, cost, cumulative cost, storage, data transfer. */
export const TOTALS_ROWS = 5;

const rowHeightGuess = (kind: 'head' | 'lane' | 'row') => (kind === 'lane' ? 90 : kind === 'row' ? 40 : 27);

export interface TimelineStack {
  laneRow: (trackIndex: number) => number;
  poolRow: (poolIndex: number) => number;
  totalsRow: (k: number) => number;
  /** The pools' section header row. */
  poolSectionRow: number;
  /** The totals' section header row. */
  totalsSectionRow: number;
  /** Rows in the stack. */
  count: number;
  /** A row's height before it is measured. */
  estimateRowHeight: (row: number) => number;
}

/** The stack of a plan with this many tracks and pools. */
export function timelineStack(trackCount: number, poolCount: number): TimelineStack {
  const poolSectionRow = HEAD_ROWS + trackCount;
  const totalsSectionRow = poolSectionRow + poolCount + 1;
  const isLane = (row: number) => row >= HEAD_ROWS && row < poolSectionRow;
  const isHead = (row: number) => row < HEAD_ROWS || row === poolSectionRow || row === totalsSectionRow;
  return {
    laneRow: (ti) => HEAD_ROWS + ti,
    poolRow: (pi) => poolSectionRow + 1 + pi,
    totalsRow: (k) => totalsSectionRow + 1 + k,
    poolSectionRow,
    totalsSectionRow,
    count: totalsSectionRow + 1 + TOTALS_ROWS,
    estimateRowHeight: (row) => rowHeightGuess(isLane(row) ? 'lane' : isHead(row) ? 'head' : 'row'),
  };
}

/** Where a cell key lives: its stacked row and week column (a milestone: its track and first week). */
export function locateCell(
  key: string,
  plan: Pick<Plan, 'tracks' | 'pools' | 'milestones'>,
  weekIndex: Map<string, number>,
  stack: TimelineStack,
): { row: number; week: number | undefined } | null {
  const [kind, id, week] = key.split(':') as [string, string, string | undefined];
  const column = week ? weekIndex.get(week) : undefined;
  if (kind === 'track') return { row: stack.laneRow(plan.tracks.findIndex((t) => t.id === id)), week: column };
  if (kind === 'pool') return { row: stack.poolRow(plan.pools.findIndex((p) => p.id === id)), week: column };
  if (kind === 'totals') return { row: stack.totalsRow(1), week: column };
  for (const m of plan.milestones) {
    const ph = m.phases.find((x) => x.id === id);
    if (ph) return { row: stack.laneRow(plan.tracks.findIndex((t) => t.id === m.trackId)), week: weekIndex.get(weekOf(ph.start)) };
  }
  return null;
}
