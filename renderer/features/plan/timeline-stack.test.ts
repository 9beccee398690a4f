import { describe, expect, it } from 'vitest';
import { loadExample } from '../../../shared/domain/plan/test-fixtures';
import { weekOf, weeksInRange } from '../../../shared/domain/plan/weeks';
import { HEAD_ROWS, locateCell, timelineStack, TOTALS_ROWS } from './timeline-stack';

describe('timelineStack', () => {
  const stack = timelineStack(4, 2);

  it('stacks the headers, the lanes, a section and the pools, a section and the totals', () => {
    expect([stack.laneRow(0), stack.laneRow(3)]).toEqual([HEAD_ROWS, HEAD_ROWS + 3]);
    expect(stack.poolSectionRow).toBe(HEAD_ROWS + 4);
    expect([stack.poolRow(0), stack.poolRow(1)]).toEqual([HEAD_ROWS + 5, HEAD_ROWS + 6]);
    expect(stack.totalsSectionRow).toBe(HEAD_ROWS + 7);
    expect(stack.totalsRow(0)).toBe(HEAD_ROWS + 8);
    expect(stack.count).toBe(HEAD_ROWS + 8 + TOTALS_ROWS);
  });

  it('guesses a lane taller than a pool or totals row, and a header or section the shortest', () => {
    const guesses = Array.from({ length: stack.count }, (_, row) => stack.estimateRowHeight(row));
    expect(guesses).toEqual([27, 27, 27, 90, 90, 90, 90, 27, 40, 40, 27, 40, 40, 40, 40, 40]);
  });

  it('has no lanes or pools to stack for an empty plan', () => {
    const empty = timelineStack(0, 0);
    expect([empty.poolSectionRow, empty.totalsSectionRow, empty.count]).toEqual([HEAD_ROWS, HEAD_ROWS + 1, HEAD_ROWS + 2 + TOTALS_ROWS]);
  });
});

describe('locateCell', () => {
  const { plan } = loadExample();
  const weeks = weeksInRange(plan.project.start, plan.project.end);
  const weekIndex = new Map(weeks.map((w, i) => [w, i]));
  const stack = timelineStack(plan.tracks.length, plan.pools.length);

  it('finds a track cell in its lane and week column', () => {
    const track = plan.tracks[1]!;
    expect(locateCell(`track:${track.id}:${weeks[5]}`, plan, weekIndex, stack)).toEqual({ row: stack.laneRow(1), week: 5 });
  });

  it('finds a pool cell in its pool row, and a totals cell in the cost row', () => {
    const pool = plan.pools[0]!;
    expect(locateCell(`pool:${pool.id}:${weeks[2]}`, plan, weekIndex, stack)).toEqual({ row: stack.poolRow(0), week: 2 });
    expect(locateCell(`totals::${weeks[3]}`, plan, weekIndex, stack)).toEqual({ row: stack.totalsRow(1), week: 3 });
  });

  it("finds a milestone phase in its track's lane at the week it starts", () => {
    const milestone = plan.milestones[0]!;
    const phase = milestone.phases[0]!;
    expect(locateCell(`milestone:${phase.id}`, plan, weekIndex, stack)).toEqual({
      row: stack.laneRow(plan.tracks.findIndex((t) => t.id === milestone.trackId)),
      week: weekIndex.get(weekOf(phase.start)),
    });
  });

  it('finds nothing for an unknown milestone', () => {
    expect(locateCell('milestone:no-such-phase', plan, weekIndex, stack)).toBeNull();
  });
});
