/**
 * Where a lane's milestone markers go: left edge and width from the phase's days, in as many rows as their labels
 * need — each marker goes to the first row free past its left edge (marker plus the label after it, at ~6.5 px a
 * character of the 11 px font). Pure, so the lane only memoises it.
 */
import type { Milestone } from '../../../shared/domain/plan/types';
import { daysInclusive, weekOf } from '../../../shared/domain/plan/weeks';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { fmtSpan } from './timeline-format';

export type PhaseCoverage = PlanView['analysis']['phases'][number];

export interface MilestoneMarker {
  id: string;
  left: number;
  width: number;
  top: number;
  /** The marker row, from 0 at the top of the lane. */
  row: number;
  label: string;
  dates: string;
  className: string;
  title: string;
}

/** Height of one row of milestone markers. */
export const MARKER_ROW_H = 21;

export function layoutMilestoneMarkers(
  milestones: Milestone[],
  weekIndex: Map<string, number>,
  coverage: Map<string, PhaseCoverage>,
  problemsByCell: Map<string, string[]>,
  colWidth: number,
): MilestoneMarker[] {
  const rowEnds: number[] = [];
  return milestones
    .flatMap((m) => m.phases.map((ph) => ({ m, ph })))
    .sort((a, b) => a.ph.start.localeCompare(b.ph.start))
    .flatMap(({ m, ph }) => {
      const wi = weekIndex.get(weekOf(ph.start));
      if (wi === undefined) return [];
      const dayOffset = (new Date(`${ph.start}T00:00:00Z`).getUTCDay() + 6) % 7;
      const left = wi * colWidth + (dayOffset / 7) * colWidth;
      const w = Math.max((daysInclusive(ph.start, ph.end) / 7) * colWidth, 14);
      const cov = coverage.get(ph.id);
      const flags = problemsByCell.get(`milestone:${ph.id}`);
      const label = m.phases.length > 1 ? `${m.code} ${ph.name.split(' ')[0]!.toLowerCase().replace('experimentation', 'exp.')}` : m.code;
      const dates = fmtSpan(ph.start, ph.end);
      const right = left + w + 4 + (label.length + dates.length + 3) * 6.5 + 8;
      let markerRow = rowEnds.findIndex((end) => end <= left);
      if (markerRow < 0) markerRow = rowEnds.length;
      rowEnds[markerRow] = right;
      return [
        {
          id: ph.id,
          left,
          width: w,
          top: 3 + markerRow * MARKER_ROW_H,
          row: markerRow,
          label,
          dates,
          className: `pt-milestone${flags ? ` flag-${flags.includes('error') ? 'error' : 'warning'}` : ''}`,
          title: `${m.code} ${m.name}${m.phases.length > 1 ? ` — ${ph.name}` : ''}\n${ph.start} → ${ph.end}, ${ph.runs.low}-${ph.runs.high} runs on ${ph.offeringId ?? 'no hardware'}\nneeds ${cov?.neededHours ?? '?'} GPU-h (${cov?.neededBasis ?? ''}); booked ${cov?.allocatedHours ?? 0} h by ${ph.end}`,
        },
      ];
    });
}
