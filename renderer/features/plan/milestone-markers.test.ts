import { describe, expect, it } from 'vitest';
import type { Milestone, MilestonePhase } from '../../../shared/domain/plan/types';
import { layoutMilestoneMarkers, MARKER_ROW_H } from './milestone-markers';

const COL = 112;
// ISO weeks of January 2026: Monday 2025-12-29 is 2026-W01.
const weekIndex = new Map(['2026-W01', '2026-W02', '2026-W03', '2026-W04'].map((w, i) => [w, i]));

function phase(id: string, start: string, end: string, name = 'Training'): MilestonePhase {
  return {
    id,
    name,
    start,
    end,
    offeringId: null,
    gpuId: null,
    runs: { low: 1, high: 2 },
    workload: null,
    authorEstimate: null,
    appEstimate: null,
  };
}
function milestone(code: string, phases: MilestonePhase[]): Milestone {
  return { id: code, trackId: 't', code, name: `${code} name`, description: '', facts: [], phases, position: 0 };
}
const layout = (milestones: Milestone[], problems = new Map<string, string[]>()) =>
  layoutMilestoneMarkers(milestones, weekIndex, new Map(), problems, COL);

describe('layoutMilestoneMarkers', () => {
  it("places a marker at its start day within the week, as wide as its days (a week's column for seven)", () => {
    // 2026-01-07 is the Wednesday of 2026-W02: two days into the second column.
    const [m] = layout([milestone('M1', [phase('p1', '2026-01-07', '2026-01-13')])]);
    expect(m).toMatchObject({ id: 'p1', left: COL + (2 / 7) * COL, width: COL, row: 0, top: 3, label: 'M1' });
  });

  it('puts a marker whose label would overlap the one before it in the next row, and back in the first row when it is free', () => {
    const markers = layout([
      milestone('M1', [phase('a', '2025-12-29', '2025-12-30')]),
      milestone('M2', [phase('b', '2025-12-30', '2025-12-31')]),
      milestone('M3', [phase('c', '2026-01-19', '2026-01-20')]),
    ]);
    expect(markers.map((m) => [m.id, m.row, m.top])).toEqual([
      ['a', 0, 3],
      ['b', 1, 3 + MARKER_ROW_H],
      ['c', 0, 3],
    ]);
  });

  it('names each phase of a multi-phase milestone, and leaves out a phase outside the weeks shown', () => {
    const markers = layout([
      milestone('M4', [phase('x', '2026-01-05', '2026-01-06', 'Experimentation runs'), phase('y', '2026-03-02', '2026-03-03')]),
    ]);
    expect(markers.map((m) => m.label)).toEqual(['M4 exp.']);
  });

  it('flags a marker with the worst problem of its phase, and keeps a short phase wide enough to click', () => {
    const [m] = layout([milestone('M5', [phase('p5', '2026-01-05', '2026-01-05')])], new Map([['milestone:p5', ['warning', 'error']]]));
    expect(m!.className).toBe('pt-milestone flag-error');
    expect(m!.width).toBe(Math.max(COL / 7, 14));
  });
});
