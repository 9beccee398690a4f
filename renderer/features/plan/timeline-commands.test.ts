import { describe, expect, it } from 'vitest';
import { applyCommand, type PlanCommand } from '../../../shared/domain/plan/commands';
import { loadExample, plannedCatalog } from '../../../shared/domain/plan/test-fixtures';
import { weeksInRange } from '../../../shared/domain/plan/weeks';
import { cellKeyAction, dropCommand, HOURS_STEP, type CellContext } from './timeline-commands';
import { buildRuns } from './timeline-model';

const { plan } = loadExample();
const offerings = new Map(plannedCatalog(plan).offerings.map((o) => [o.id, o]));
const weeks = weeksInRange(plan.project.start, plan.project.end);
const vitaldb = plan.tracks.findIndex((t) => t.id === 'track-vitaldb');
let seq = 0;
const ids = (prefix: string) => `${prefix}-t${++seq}`;

function ctx(week: string, trackIndex = vitaldb): CellContext {
  const trackId = plan.tracks[trackIndex]!.id;
  return {
    plan,
    weeks,
    offerings,
    trackIndex,
    week,
    here: plan.allocations.filter((a) => a.trackId === trackId && a.week === week),
    newId: ids,
  };
}
const key = (k: string, mods: { alt?: boolean; shift?: boolean } = {}) => ({
  key: k,
  altKey: mods.alt ?? false,
  shiftKey: mods.shift ?? false,
});
const after = (command: PlanCommand) => applyCommand(plan, command).plan;
const at = (p: typeof plan, week: string) => p.allocations.filter((a) => a.trackId === 'track-vitaldb' && a.week === week);

describe('cellKeyAction', () => {
  it('arrows move the focus inside the grid, and nowhere past its edges', () => {
    expect(cellKeyAction(key('ArrowRight'), ctx('2026-W01'))).toEqual({ type: 'focus', to: { trackIndex: vitaldb, week: '2026-W02' } });
    expect(cellKeyAction(key('ArrowLeft'), ctx(weeks[0]!))).toBeNull();
    expect(cellKeyAction(key('ArrowRight'), ctx(weeks[weeks.length - 1]!))).toBeNull();
    expect(cellKeyAction(key('ArrowUp'), ctx('2026-W01', 0))).toEqual({ type: 'none' });
    expect(cellKeyAction(key('ArrowDown'), ctx('2026-W01', 0))).toEqual({ type: 'focus', to: { trackIndex: 1, week: '2026-W01' } });
  });

  it('Alt+→ moves the week’s bookings a week later and the focus with them', () => {
    const action = cellKeyAction(key('ArrowRight', { alt: true }), ctx('2026-W04'));
    expect(action).toMatchObject({ type: 'edit', focus: { week: '2026-W05' } });
    const next = after((action as { command: PlanCommand }).command);
    expect(at(next, '2026-W04')).toEqual([]);
    expect(at(next, '2026-W05')).toEqual([expect.objectContaining({ gpuId: 'a100-sxm-40gb', hours: 72 })]);
  });

  it('Shift+→ copies the booking into the next week; Shift+← removes the week', () => {
    const extend = cellKeyAction(key('ArrowRight', { shift: true }), ctx('2026-W04'));
    expect(at(after((extend as { command: PlanCommand }).command), '2026-W05')).toEqual([
      expect.objectContaining({ hours: 72, note: 'extended from 2026-W04' }),
    ]);
    const remove = cellKeyAction(key('ArrowLeft', { shift: true }), ctx('2026-W04'));
    expect(remove).toMatchObject({ type: 'edit', focus: { week: '2026-W03' } });
    expect(at(after((remove as { command: PlanCommand }).command), '2026-W04')).toEqual([]);
  });

  it('+ and − change the hours by 4 within 0…168; Delete removes; focus stays on the cell', () => {
    const plus = cellKeyAction(key('+'), ctx('2026-W01'));
    expect(plus).toMatchObject({ type: 'edit', focusFirst: true, focus: { week: '2026-W01' } });
    expect(at(after((plus as { command: PlanCommand }).command), '2026-W01')[0]!.hours).toBe(12 + HOURS_STEP);
    const minus = cellKeyAction(key('-'), ctx('2026-W52'.replace('2026', '2025')));
    expect(at(after((minus as { command: PlanCommand }).command), '2025-W52')[0]!.hours).toBe(147 - HOURS_STEP);
    const del = cellKeyAction(key('Delete'), ctx('2026-W01'));
    expect(at(after((del as { command: PlanCommand }).command), '2026-W01')).toEqual([]);
    expect(cellKeyAction(key('+'), ctx('2026-W05'))).toBeNull();
  });

  it('Enter opens a booked week; on an empty week it opens the editor on a draft and books nothing (issue 19, item 18)', () => {
    expect(cellKeyAction(key('Enter'), ctx('2026-W01'))).toMatchObject({ type: 'open', allocationId: at(plan, '2026-W01')[0]!.id });
    const draft = cellKeyAction(key('Enter'), ctx('2026-W05'));
    // No command at all: nothing is saved until the user presses Save in the editor.
    expect(draft).not.toHaveProperty('command');
    expect(draft).toMatchObject({
      type: 'draft',
      allocation: { week: '2026-W05', gpuId: 'a100-sxm-40gb', offeringId: 'colab-pro-plus-a100-40gb', gpuCount: 1 },
    });
    // Another track's draft is on its own hardware: the multisensor track's nearest booking is on T4 or L4, never A100.
    const multi = plan.tracks.findIndex((t) => t.id === 'track-multisensor');
    const other = cellKeyAction(key('n'), { ...ctx('2026-W10', multi), here: [] });
    expect(other).toMatchObject({ type: 'draft' });
    expect((other as { allocation: { gpuId: string } }).allocation.gpuId).not.toBe('a100-sxm-40gb');
    // A plan that names no hardware for the track: a blank draft (no GPU chosen, hours to fill in), never a default GPU.
    const bare = { ...plan, allocations: [], milestones: [], pools: [], plannedPrices: [] };
    const blank = cellKeyAction(key('Enter'), { ...ctx('2026-W05'), plan: bare, offerings: new Map(), here: [] });
    expect(blank).toMatchObject({ type: 'draft', allocation: { offeringId: null, gpuId: '', hours: 0 } });
  });

  it('other keys are left to the browser', () => {
    expect(cellKeyAction(key('a'), ctx('2026-W01'))).toBeNull();
    expect(cellKeyAction(key('Tab'), ctx('2026-W01'))).toBeNull();
  });
});

describe('dropCommand', () => {
  const weekIndex = new Map(weeks.map((w, i) => [w, i]));
  const run = buildRuns(plan.allocations, weekIndex).find((r) => r.trackId === 'track-vitaldb' && r.gpuId === 'a100-sxm-40gb')!;

  it('moves a dropped bar by whole weeks, and does nothing for 0', () => {
    expect(dropCommand(plan, run, 'move', 0, ids)).toBeNull();
    const moved = after(dropCommand(plan, run, 'move', 2, ids)!);
    expect(at(moved, '2026-W06')).toEqual([expect.objectContaining({ hours: 72 })]);
    expect(at(moved, '2026-W01')).toEqual([]);
  });

  it('extends a resized bar with copies of its last week, and shortens it to at least one week', () => {
    const longer = after(dropCommand(plan, run, 'resize', 2, ids)!);
    expect(at(longer, '2026-W05').map((a) => a.hours)).toEqual([72]);
    expect(at(longer, '2026-W06').map((a) => a.hours)).toEqual([72]);
    const shorter = after(dropCommand(plan, run, 'resize', -10, ids)!);
    expect(at(shorter, '2026-W01')).toHaveLength(1);
    expect(['2026-W02', '2026-W03', '2026-W04'].flatMap((w) => at(shorter, w))).toEqual([]);
  });
});
