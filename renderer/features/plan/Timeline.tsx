/**
 * The timeline: ISO weeks as columns, tracks as swimlanes with allocation bars (drag to move, drag the right edge to
 * resize; keyboard: arrows move the focus, Enter creates/opens, Alt+←/→ moves, Shift+→ extends, Shift+← removes the
 * week, +/− changes hours by 4, Delete removes), milestone markers, one row per capacity pool, weekly totals rows.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { CellRef } from '../../../shared/domain/plan/checks';
import { moveAllocationsCommand, type PlanCommand } from '../../../shared/domain/plan/commands';
import type { Allocation, CapacityPool, Milestone, OfferingFacts, Plan, Track } from '../../../shared/domain/plan/types';
import { addWeeksToKey, daysInclusive, monthOfWeek, weekEnd, weekLabel, weekOf, weekStart } from '../../../shared/domain/plan/weeks';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import type { CellSelection } from './store';
import { buildRuns, fmtHours, fmtUsd, gpuShort, offeringLabel, tint, type Run } from './timeline-model';

export const COL_W = 112;
/** Grids up to this many week cells (rows × weeks) are rendered whole; larger ones only near the viewport. */
const FULL_GRID_CELLS = 1000;
/** Weeks mounted beyond each side of the viewport, and pixels of rows above and below it. */
const OVERSCAN_WEEKS = 1;
const OVERSCAN_PX = 120;
/** GPU-hours, cost, cumulative cost. */
const TOTALS_ROWS = 3;
/** Room for a milestone's label after its marker, when deciding whether it is in the window. */
const MILESTONE_TEXT_W = 260;
/** Segments of long bars are mounted in chunks of this many weeks. */
const SEG_CHUNK = 8;
const LABEL_W = 220;
/** Width of a bar's resize handle (its right edge, border included). */
const HANDLE_W = 10;
const ROW_H = 34;

export function newId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/** The offering a new booking in (track, week) starts with: the track's nearest booking, else the first planned one. */
export function defaultBooking(plan: Plan, trackId: string, week: string, offerings: Map<string, OfferingFacts>): Pick<Allocation, 'offeringId' | 'gpuId'> {
  const own = plan.allocations.filter((a) => a.trackId === trackId).sort((a, b) => Math.abs(weekDistance(a.week, week)) - Math.abs(weekDistance(b.week, week)));
  if (own[0]) return { offeringId: own[0].offeringId, gpuId: own[0].gpuId };
  const planned = plan.plannedPrices[0]?.offeringId ?? [...offerings.keys()][0] ?? null;
  return { offeringId: planned, gpuId: (planned && offerings.get(planned)?.gpuId) || 't4-16gb' };
}

function weekDistance(a: string, b: string): number {
  return (Date.parse(weekStart(a)) - Date.parse(weekStart(b))) / (7 * 86400000);
}

interface Props {
  view: PlanView;
  selected: CellSelection | null;
  selectedAllocationId: string | null;
  flash: CellRef | null;
  todayWeek: string;
  onEdit: (command: PlanCommand) => Promise<boolean>;
  onSelect: (cell: CellSelection | null, allocationId?: string | null) => void;
  /** Opens the track's form from its swimlane label. */
  onEditTrack?: (trackId: string) => void;
}

interface GridWindow {
  /** Week columns mounted. */
  first: number;
  last: number;
  /** Virtual rows (tracks, pools, totals) whose week cells are mounted; every row's label always is. */
  rowFirst: number;
  rowLast: number;
}

interface Drag {
  run: Run;
  mode: 'move' | 'resize';
  startX: number;
  dx: number;
}

export function Timeline({ view, selected, selectedAllocationId, flash, todayWeek, onEdit, onSelect, onEditTrack }: Props) {
  const { plan, weeks, analysis } = view;
  const offerings = useMemo(() => new Map(view.catalog.offerings.map((o) => [o.id, o])), [view.catalog.offerings]);
  const weekIndex = useMemo(() => new Map(weeks.map((w, i) => [w, i])), [weeks]);
  const runs = useMemo(() => buildRuns(plan.allocations, weekIndex), [plan.allocations, weekIndex]);
  const problemsByCell = useMemo(() => {
    const m = new Map<string, string[]>();
    for (const p of analysis.problems) {
      const key = p.cell.row === 'milestone' ? `milestone:${p.cell.phaseId}` : `${p.cell.row}:${p.cell.trackId ?? p.cell.poolId ?? ''}:${p.cell.week ?? ''}`;
      m.set(key, [...(m.get(key) ?? []), p.severity]);
    }
    return m;
  }, [analysis.problems]);
  const [drag, setDrag] = useState<Drag | null>(null);
  const focusAfter = useRef<string | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = weeks.length * COL_W;
  // Windowing in both directions. Traced in the browser harness (bench/plan.bench.ts, 20 tracks × 104 weeks × 10
  // pools): with every week mounted (~17,900 nodes) Chromium repaints the scroller's cull rect (the viewport plus
  // ~2,000 px each side: ~46 weeks × every row) each time the scroll moves 512 px, and those repaints (paint ~15 ms +
  // layerization ~7 ms) were the dropped frames. Only the weeks and rows near the viewport are mounted (~500 nodes);
  // every row keeps its label and its height, so the scroll size never changes. The window moves by whole weeks and
  // whole rows, is updated synchronously in the scroll event (before that frame paints), and only when it changes.
  // Small grids (the example plan) are rendered whole.
  const rowCount = plan.tracks.length + plan.pools.length + TOTALS_ROWS;
  const fullGrid = (rowCount + 1) * weeks.length <= FULL_GRID_CELLS;
  const [windowState, setWindow] = useState<GridWindow>(() => ({ first: 0, last: Math.min(weeks.length - 1, 15), rowFirst: 0, rowLast: Math.min(rowCount - 1, 7) }));
  const win = fullGrid ? { first: 0, last: weeks.length - 1, rowFirst: 0, rowLast: rowCount - 1 } : windowState;
  const windowRef = useRef(windowState);
  windowRef.current = windowState;
  /** Every virtual row (tracks, then pools, then totals), always mounted: their offsets decide which are in view. */
  const rowRefs = useRef<Array<HTMLDivElement | null>>([]);
  rowRefs.current.length = rowCount;
  const measureWindow = (): GridWindow | null => {
    const el = scrollRef.current;
    if (!el) return null;
    const last = weeks.length - 1;
    const first = Math.max(0, Math.min(last, Math.floor(el.scrollLeft / COL_W) - OVERSCAN_WEEKS));
    const lastVisible = Math.floor((el.scrollLeft + Math.max(0, el.clientWidth - LABEL_W) - 1) / COL_W);
    const top = el.scrollTop - OVERSCAN_PX;
    const bottom = el.scrollTop + el.clientHeight + OVERSCAN_PX;
    let rowFirst = rowCount;
    let rowLast = -1;
    for (let i = 0; i < rowCount; i++) {
      const row = rowRefs.current[i];
      if (!row) continue;
      const y = row.offsetTop;
      if (y + row.offsetHeight >= top && y <= bottom) {
        rowFirst = Math.min(rowFirst, i);
        rowLast = i;
      }
    }
    return { first, last: Math.max(first, Math.min(last, lastVisible + OVERSCAN_WEEKS)), rowFirst, rowLast };
  };
  const updateWindow = (sync: boolean) => {
    if (fullGrid) return;
    const next = measureWindow();
    const cur = windowRef.current;
    if (!next || (next.first === cur.first && next.last === cur.last && next.rowFirst === cur.rowFirst && next.rowLast === cur.rowLast)) return;
    windowRef.current = next;
    if (sync) flushSync(() => setWindow(next));
    else setWindow(next);
  };
  const updateWindowRef = useRef(updateWindow);
  updateWindowRef.current = updateWindow;
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || fullGrid) return;
    // A native passive listener: the window is updated in the scroll event itself, so the frame that shows the new
    // scroll position already has its weeks (no React work at all unless a week or a row enters or leaves).
    const onScroll = () => updateWindowRef.current(true);
    el.addEventListener('scroll', onScroll, { passive: true });
    const resized = new ResizeObserver(onScroll);
    resized.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, [fullGrid]);
  // Rows change height with edits (a lane gains a sub-row): re-measure after the plan changes, before paint.
  useLayoutEffect(() => updateWindowRef.current(false), [plan, weeks.length, fullGrid]);

  // Drag: pointer moves update the ghost; release applies the change in whole weeks.
  useEffect(() => {
    if (!drag) return;
    const move = (e: PointerEvent) => setDrag((d) => (d ? { ...d, dx: e.clientX - d.startX } : d));
    const up = () => {
      setDrag((d) => {
        if (d) void finishDrag(d);
        return null;
      });
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up, { once: true });
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
  }, [drag !== null]);

  async function finishDrag(d: Drag) {
    const delta = Math.round(d.dx / COL_W);
    if (delta === 0) return;
    if (d.mode === 'move') {
      await onEdit(moveAllocationsCommand(plan, d.run.allocations.map((a) => a.id), (w) => addWeeksToKey(w, delta)));
    } else await onEdit(resizeCommand(d.run, delta));
  }

  function resizeCommand(run: Run, delta: number): PlanCommand {
    const last = run.allocations[run.allocations.length - 1]!;
    if (delta > 0) {
      const commands: PlanCommand[] = [];
      for (let i = 1; i <= delta; i++) {
        const week = addWeeksToKey(last.week, i);
        if (plan.allocations.some((a) => a.trackId === run.trackId && a.week === week && a.offeringId === run.offeringId && a.gpuId === run.gpuId)) break;
        commands.push({ type: 'upsert', entity: 'allocation', value: { ...last, id: newId('alloc'), week, phaseId: null, note: `extended from ${last.week}` } });
      }
      return { type: 'batch', label: 'extend bar', commands };
    }
    const keep = Math.max(1, run.allocations.length + delta);
    return { type: 'batch', label: 'shorten bar', commands: run.allocations.slice(keep).map((a) => ({ type: 'remove' as const, entity: 'allocation' as const, id: a.id })) };
  }

  /** Where a cell key lives: its virtual row and week column (a milestone: its track and first week). */
  const locate = (key: string): { row: number; week: number | undefined } | null => {
    const [kind, id, week] = key.split(':') as [string, string, string | undefined];
    if (kind === 'track') return { row: plan.tracks.findIndex((t) => t.id === id), week: week ? weekIndex.get(week) : undefined };
    if (kind === 'pool') return { row: plan.tracks.length + plan.pools.findIndex((p) => p.id === id), week: week ? weekIndex.get(week) : undefined };
    if (kind === 'totals') return { row: plan.tracks.length + plan.pools.length + 1, week: week ? weekIndex.get(week) : undefined };
    for (const m of plan.milestones) {
      const ph = m.phases.find((x) => x.id === id);
      if (ph) return { row: plan.tracks.findIndex((t) => t.id === m.trackId), week: weekIndex.get(weekOf(ph.start)) };
    }
    return null;
  };
  /** Scrolls a cell that is out of the window to the middle of the timeline; the window follows (re-render). */
  const reveal = (key: string): boolean => {
    const el = scrollRef.current;
    const at = locate(key);
    if (!el || !at || at.row < 0) return false;
    const row = rowRefs.current[at.row];
    if (at.week !== undefined) el.scrollLeft = Math.max(0, at.week * COL_W + COL_W / 2 - (el.clientWidth - LABEL_W) / 2);
    if (row) el.scrollTop = Math.max(0, row.offsetTop + row.offsetHeight / 2 - el.clientHeight / 2);
    const before = windowRef.current;
    updateWindow(false);
    return windowRef.current !== before;
  };

  // Focus follows keyboard actions, and the Problems panel's jumps; a cell out of the window is scrolled into it first
  // and focused after the render that mounts it.
  useEffect(() => {
    const key = focusAfter.current;
    if (!key) return;
    const el = document.querySelector<HTMLElement>(`[data-cell="${key}"]`);
    if (el) {
      focusAfter.current = null;
      el.focus();
    } else if (!reveal(key)) focusAfter.current = null;
  });
  useEffect(() => {
    if (!flash) return;
    const key = flash.row === 'milestone' ? `milestone:${flash.phaseId}` : `${flash.row}:${flash.trackId ?? flash.poolId ?? ''}:${flash.week ?? ''}`;
    const el = document.querySelector<HTMLElement>(`[data-cell="${key}"]`);
    if (el) {
      el.scrollIntoView({ block: 'center', inline: 'center' });
      el.focus({ preventScroll: true });
    } else if (reveal(key)) {
      scrollRef.current?.scrollIntoView({ block: 'nearest' });
      focusAfter.current = key;
    }
  }, [flash, weekIndex]);

  const byCell = useMemo(() => {
    const m = new Map<string, Allocation[]>();
    for (const a of plan.allocations) {
      const key = `${a.trackId}|${a.week}`;
      const list = m.get(key);
      if (list) list.push(a);
      else m.set(key, [a]);
    }
    return m;
  }, [plan.allocations]);
  const totalsByWeek = useMemo(() => new Map(analysis.totals.weeks.map((t) => [t.week, t])), [analysis.totals.weeks]);
  const runsByTrack = useMemo(() => {
    const m = new Map<string, Run[]>();
    for (const r of runs) m.set(r.trackId, [...(m.get(r.trackId) ?? []), r]);
    return m;
  }, [runs]);
  const NONE: Allocation[] = [];
  const cellAllocations = (trackId: string, week: string) => byCell.get(`${trackId}|${week}`) ?? NONE;

  async function onCellKey(e: React.KeyboardEvent, trackIndex: number, week: string) {
    const track = plan.tracks[trackIndex]!;
    const i = weekIndex.get(week)!;
    const here = cellAllocations(track.id, week);
    const focusCell = (t: number, w: string) => {
      const tt = plan.tracks[t];
      if (!tt || !weekIndex.has(w)) return;
      focusAfter.current = `track:${tt.id}:${w}`;
      onSelect({ trackId: tt.id, week: w }, cellAllocations(tt.id, w)[0]?.id ?? null);
    };
    const key = e.key;
    if (key === 'ArrowRight' && e.altKey && here.length) {
      e.preventDefault();
      const next = addWeeksToKey(week, 1);
      if (await onEdit(moveAllocationsCommand(plan, here.map((a) => a.id), (w) => addWeeksToKey(w, 1)))) focusCell(trackIndex, next);
    } else if (key === 'ArrowLeft' && e.altKey && here.length) {
      e.preventDefault();
      const prev = addWeeksToKey(week, -1);
      if (await onEdit(moveAllocationsCommand(plan, here.map((a) => a.id), (w) => addWeeksToKey(w, -1)))) focusCell(trackIndex, prev);
    } else if (key === 'ArrowRight' && e.shiftKey && here.length) {
      e.preventDefault();
      const next = addWeeksToKey(week, 1);
      const a = here[0]!;
      if (await onEdit({ type: 'upsert', entity: 'allocation', value: { ...a, id: newId('alloc'), week: next, phaseId: null, note: `extended from ${week}` } })) focusCell(trackIndex, next);
    } else if (key === 'ArrowLeft' && e.shiftKey && here.length) {
      e.preventDefault();
      if (await onEdit({ type: 'batch', label: 'remove week from bar', commands: here.map((a) => ({ type: 'remove' as const, entity: 'allocation' as const, id: a.id })) })) focusCell(trackIndex, addWeeksToKey(week, -1));
    } else if (key === 'ArrowRight' && i < weeks.length - 1) {
      e.preventDefault();
      focusCell(trackIndex, weeks[i + 1]!);
    } else if (key === 'ArrowLeft' && i > 0) {
      e.preventDefault();
      focusCell(trackIndex, weeks[i - 1]!);
    } else if (key === 'ArrowDown') {
      e.preventDefault();
      focusCell(trackIndex + 1, week);
    } else if (key === 'ArrowUp') {
      e.preventDefault();
      focusCell(trackIndex - 1, week);
    } else if (key === 'Enter' || key === 'n') {
      e.preventDefault();
      if (here.length === 0) {
        const id = newId('alloc');
        const b = defaultBooking(plan, track.id, week, offerings);
        if (await onEdit({ type: 'upsert', entity: 'allocation', value: { id, trackId: track.id, week, ...b, gpuCount: 1, hours: 20, phaseId: null, note: null } })) {
          focusAfter.current = `track:${track.id}:${week}`;
          onSelect({ trackId: track.id, week }, id);
        }
      } else onSelect({ trackId: track.id, week }, here[0]!.id);
    } else if ((key === '+' || key === '=' || key === '-') && here.length) {
      e.preventDefault();
      const a = here[0]!;
      const hours = Math.max(0, Math.min(168, a.hours + (key === '-' ? -4 : 4)));
      focusAfter.current = `track:${track.id}:${week}`;
      await onEdit({ type: 'upsert', entity: 'allocation', value: { ...a, hours } });
    } else if ((key === 'Delete' || key === 'Backspace') && here.length) {
      e.preventDefault();
      focusAfter.current = `track:${track.id}:${week}`;
      await onEdit({ type: 'batch', label: 'delete allocation', commands: here.map((a) => ({ type: 'remove' as const, entity: 'allocation' as const, id: a.id })) });
    }
  }

  // Event delegation: one handler per lane reads the cell from data attributes, so cells take only primitive props
  // and stay memoised (React skips them when a scroll only adds or removes columns at the window's edges).
  const actions = useRef({ onCellKey, onSelect, onEdit, setDrag, plan, offerings, cellAllocations });
  actions.current = { onCellKey, onSelect, onEdit, setDrag, plan, offerings, cellAllocations };
  const laneHandlers = useMemo(() => {
    const target = (e: React.SyntheticEvent) => {
      const el = (e.target as HTMLElement).closest<HTMLElement>('[data-week]');
      if (!el?.dataset.week || el.dataset.track === undefined) return null;
      const ti = Number(el.dataset.ti);
      return { trackId: el.dataset.track, week: el.dataset.week, ti };
    };
    return {
      onClick: (e: React.MouseEvent) => {
        const t = target(e);
        if (t) actions.current.onSelect({ trackId: t.trackId, week: t.week }, actions.current.cellAllocations(t.trackId, t.week)[0]?.id ?? null);
      },
      onDoubleClick: (e: React.MouseEvent) => {
        const t = target(e);
        const a = actions.current;
        if (!t || a.cellAllocations(t.trackId, t.week).length) return;
        const id = newId('alloc');
        void a.onEdit({ type: 'upsert', entity: 'allocation', value: { id, trackId: t.trackId, week: t.week, ...defaultBooking(a.plan, t.trackId, t.week, a.offerings), gpuCount: 1, hours: 20, phaseId: null, note: null } }).then((ok) => ok && a.onSelect({ trackId: t.trackId, week: t.week }, id));
      },
      onKeyDown: (e: React.KeyboardEvent) => {
        const t = target(e);
        if (t) void actions.current.onCellKey(e, t.ti, t.week);
      },
      onBarPointerDown: (e: React.PointerEvent, run: Run) => {
        if (e.button !== 0) return;
        e.preventDefault();
        actions.current.onSelect({ trackId: run.trackId, week: run.allocations[0]!.week }, run.allocations[0]!.id);
        // The right edge (the handle drawn by .pt-bar::after) resizes; anywhere else moves.
        const edge = (e.currentTarget as HTMLElement).getBoundingClientRect().right - HANDLE_W;
        actions.current.setDrag({ run, mode: e.clientX >= edge ? 'resize' : 'move', startX: e.clientX, dx: 0 });
      },
      onSegClick: (trackId: string, a: Allocation) => actions.current.onSelect({ trackId, week: a.week }, a.id),
    };
  }, []);

  const todayIndex = weekIndex.get(todayWeek);
  const months = useMemo(() => {
    const out: Array<{ month: string; span: number; start: number }> = [];
    weeks.forEach((w, i) => {
      const m = monthOfWeek(w);
      const last = out[out.length - 1];
      if (last && last.month === m) last.span++;
      else out.push({ month: m, span: 1, start: i });
    });
    return out;
  }, [weeks]);
  const firstProjectWeek = useMemo(() => weekOf(plan.project.start), [plan.project.start]);
  const lastProjectWeek = useMemo(() => weekOf(plan.project.end), [plan.project.end]);
  const milestonesByTrack = useMemo(() => {
    const m = new Map<string, Milestone[]>();
    for (const x of plan.milestones) m.set(x.trackId, [...(m.get(x.trackId) ?? []), x]);
    return m;
  }, [plan.milestones]);
  const coverage = useMemo(() => new Map(analysis.phases.map((p) => [p.phaseId, p])), [analysis.phases]);
  const poolLoads = useMemo(() => new Map(analysis.pools.map((p) => [p.poolId, p])), [analysis.pools]);
  const allocationTrack = useMemo(() => new Map(plan.allocations.map((a) => [a.id, a.trackId])), [plan.allocations]);
  const totalsCells = useMemo(() => {
    const budget = Number(plan.project.budget);
    const hours = new Map<string, TotalText>();
    const cost = new Map<string, TotalText>();
    const cumulative = new Map<string, TotalText>();
    for (const t of analysis.totals.weeks) {
      const w = t.week;
      hours.set(w, { text: `${fmtHours(t.gpuHours)} h`, cls: '', title: `${w}: ${t.gpuHours} GPU-hours booked` });
      const over = Number(t.usd) > Number(t.budgetShareUsd) && Number(t.usd) > 0;
      cost.set(w, { text: fmtUsd(t.usd), sub: `share ${fmtUsd(t.budgetShareUsd)}`, cls: over ? 'warn' : '', title: `${w}: $${t.usd} planned (catalog price, else the plan's price); budget share $${t.budgetShareUsd} = budget × project days in the week ÷ project days` });
      cumulative.set(w, { text: fmtUsd(t.cumulativeUsd), sub: `${Math.round((Number(t.cumulativeUsd) / Math.max(1, budget)) * 100)}% of budget`, cls: Number(t.cumulativeUsd) > budget ? 'bad' : '', title: `By the end of ${w}: $${t.cumulativeUsd} of the $${plan.project.budget} budget (${plan.project.budgetSource})` });
    }
    return { hours, cost, cumulative };
  }, [analysis.totals.weeks, plan.project.budget, plan.project.budgetSource]);
  // Stable ref callbacks, so memoised rows are not re-rendered for a new function each time.
  const rowRefCallbacks = useMemo(() => Array.from({ length: rowCount }, (_, i) => (el: HTMLDivElement | null) => {
    rowRefs.current[i] = el;
  }), [rowCount]);
  // The grid's one tab stop (the selected cell, else the first) stays mounted wherever the window is.
  const tabStop = selected && weekIndex.has(selected.week) ? selected : plan.tracks[0] && weeks[0] ? { trackId: plan.tracks[0].id, week: weeks[0] } : null;
  const cols = (row: number): [number, number] => (row >= win.rowFirst && row <= win.rowLast ? [win.first, win.last] : [0, -1]);
  const totalsRow = plan.tracks.length + plan.pools.length;
  const inView: Array<[string, number]> = [];
  for (let wi = win.first; wi <= win.last && wi < weeks.length; wi++) inView.push([weeks[wi]!, wi]);

  return (
    <div className="pt-scroll" ref={scrollRef} role="grid" aria-label="Plan timeline" aria-rowcount={plan.tracks.length + plan.pools.length + 5} aria-colcount={weeks.length + 1}>
      <div className="pt-inner" style={{ width: LABEL_W + width, '--weeks': weeks.length } as React.CSSProperties}>
        <div className="pt-row pt-head" role="row">
          <div className="pt-label pt-corner">Month</div>
          <div className="pt-weeks" style={{ width }}>
            {months.map((m) => (
              <div key={m.month} className="pt-month" style={{ left: m.start * COL_W, width: m.span * COL_W }}>{monthName(m.month)}</div>
            ))}
          </div>
        </div>
        <div className="pt-row pt-head" role="row">
          <div className="pt-label pt-corner">ISO week (Mon)</div>
          <div className="pt-weeks" style={{ width }}>
            {inView.map(([w, wi]) => <WeekHead key={w} week={w} column={wi} today={w === todayWeek} outside={w < firstProjectWeek || w > lastProjectWeek} />)}
          </div>
        </div>

        <div className="pt-section"><span>Tracks — GPU bookings (hours of the booked GPUs per week)</span></div>
        {plan.tracks.map((track, ti) => {
          const [first, last] = cols(ti);
          const tabWeek = tabStop?.trackId === track.id ? tabStop.week : null;
          const tabIndexOfWeek = tabWeek === null ? -1 : weekIndex.get(tabWeek)!;
          const isDrag = drag?.run.trackId === track.id;
          return (
            <Lane
              key={track.id}
              rowRef={rowRefCallbacks[ti]!}
              track={track}
              ti={ti}
              weeks={weeks}
              weekIndex={weekIndex}
              first={first}
              last={last}
              tabWeek={tabWeek}
              pinnedWeek={tabWeek !== null && (tabIndexOfWeek < first || tabIndexOfWeek > last) ? tabWeek : null}
              selectedWeek={selected?.trackId === track.id ? selected.week : null}
              selectedAllocationId={selectedAllocationId !== null && allocationTrack.get(selectedAllocationId) === track.id ? selectedAllocationId : null}
              drag={isDrag ? drag : null}
              runs={runsByTrack.get(track.id) ?? NO_RUNS}
              milestones={milestonesByTrack.get(track.id) ?? NO_MILESTONES}
              coverage={coverage}
              byCell={byCell}
              problemsByCell={problemsByCell}
              offerings={offerings}
              todayWeek={todayWeek}
              todayIndex={todayIndex}
              handlers={laneHandlers}
              onEditTrack={onEditTrack}
            />
          );
        })}

        <div className="pt-section"><span>Capacity pools — booked GPU-hours / what the pool holds (GPUs × 168 h)</span></div>
        {plan.pools.map((pool, pi) => {
          const [first, last] = cols(plan.tracks.length + pi);
          return <PoolRow key={pool.id} rowRef={rowRefCallbacks[plan.tracks.length + pi]!} pool={pool} load={poolLoads.get(pool.id)} offerings={offerings} weeks={weeks} first={first} last={last} todayWeek={todayWeek} />;
        })}

        <div className="pt-section"><span>Weekly totals — cost = hours × GPUs × price per GPU-hour; subscriptions × 12/52 per week used</span></div>
        <TotalsRow rowRef={rowRefCallbacks[totalsRow]!} weeks={weeks} range={cols(totalsRow)} label="GPU-hours" sub="all tracks" todayWeek={todayWeek} cells={totalsCells.hours} keyed={false} />
        <TotalsRow rowRef={rowRefCallbacks[totalsRow + 1]!} weeks={weeks} range={cols(totalsRow + 1)} label="Cost" sub="vs the week's share of the budget" todayWeek={todayWeek} cells={totalsCells.cost} keyed />
        <TotalsRow rowRef={rowRefCallbacks[totalsRow + 2]!} weeks={weeks} range={cols(totalsRow + 2)} label="Cumulative cost" sub={`vs budget ${plan.project.currency} ${Number(plan.project.budget).toLocaleString('en-US')}`} todayWeek={todayWeek} cells={totalsCells.cumulative} keyed={false} />
      </div>
    </div>
  );
}

const NO_RUNS: Run[] = [];
const NO_MILESTONES: Milestone[] = [];
type PhaseCoverage = PlanView['analysis']['phases'][number];
type LaneHandlers = {
  onClick: (e: React.MouseEvent) => void;
  onDoubleClick: (e: React.MouseEvent) => void;
  onKeyDown: (e: React.KeyboardEvent) => void;
  onBarPointerDown: (e: React.PointerEvent, run: Run) => void;
  onSegClick: (trackId: string, a: Allocation) => void;
};

interface LaneProps {
  rowRef: (el: HTMLDivElement | null) => void;
  track: Track;
  ti: number;
  weeks: string[];
  weekIndex: Map<string, number>;
  /** Week columns with mounted cells (none when last < first). */
  first: number;
  last: number;
  tabWeek: string | null;
  /** The tab stop, mounted even outside the window. */
  pinnedWeek: string | null;
  selectedWeek: string | null;
  selectedAllocationId: string | null;
  drag: Drag | null;
  runs: Run[];
  milestones: Milestone[];
  coverage: Map<string, PhaseCoverage>;
  byCell: Map<string, Allocation[]>;
  problemsByCell: Map<string, string[]>;
  offerings: Map<string, OfferingFacts>;
  todayWeek: string;
  todayIndex: number | undefined;
  handlers: LaneHandlers;
  onEditTrack: ((trackId: string) => void) | undefined;
}

/** One track's swimlane: its label (always) and, for the weeks in the window, cells, milestone markers and bars. */
const Lane = memo(function Lane({ rowRef, track, ti, weeks, weekIndex, first, last, tabWeek, pinnedWeek, selectedWeek, selectedAllocationId, drag, runs, milestones, coverage, byCell, problemsByCell, offerings, todayWeek, todayIndex, handlers, onEditTrack }: LaneProps) {
  const trackFirst = useMemo(() => weekOf(track.start), [track.start]);
  const trackLast = useMemo(() => weekOf(track.end), [track.end]);
  const rows = Math.max(1, ...runs.map((r) => r.row + 1));
  const width = weeks.length * COL_W;
  // Milestone markers in as many rows as their labels need: each goes to the first row free past its left edge
  // (marker plus the label after it, at ~6.5 px a character of the 11 px font).
  const markers = useMemo(() => {
    const rowEnds: number[] = [];
    return milestones.flatMap((m) => m.phases.map((ph) => ({ m, ph }))).sort((a, b) => a.ph.start.localeCompare(b.ph.start)).flatMap(({ m, ph }) => {
    const wi = weekIndex.get(weekOf(ph.start));
    if (wi === undefined) return [];
    const dayOffset = (new Date(`${ph.start}T00:00:00Z`).getUTCDay() + 6) % 7;
    const left = wi * COL_W + (dayOffset / 7) * COL_W;
    const w = Math.max((daysInclusive(ph.start, ph.end) / 7) * COL_W, 14);
    const cov = coverage.get(ph.id);
    const flags = problemsByCell.get(`milestone:${ph.id}`);
    const label = m.phases.length > 1 ? `${m.code} ${ph.name.split(' ')[0]!.toLowerCase().replace('experimentation', 'exp.')}` : m.code;
    const dates = fmtSpan(ph.start, ph.end);
    const right = left + w + 4 + (label.length + dates.length + 3) * 6.5 + 8;
    let markerRow = rowEnds.findIndex((end) => end <= left);
    if (markerRow < 0) markerRow = rowEnds.length;
    rowEnds[markerRow] = right;
    return [{
      id: ph.id, left, width: w, top: 3 + markerRow * 21, row: markerRow, label, dates,
      className: `pt-milestone${flags ? ` flag-${flags.includes('error') ? 'error' : 'warning'}` : ''}`,
      title: `${m.code} ${m.name}${m.phases.length > 1 ? ` — ${ph.name}` : ''}\n${ph.start} → ${ph.end}, ${ph.runs.low}-${ph.runs.high} runs on ${ph.offeringId ?? 'no hardware'}\nneeds ${cov?.neededHours ?? '?'} GPU-h (${cov?.neededBasis ?? ''}); booked ${cov?.allocatedHours ?? 0} h by ${ph.end}`,
    }];
  }); }, [milestones, weekIndex, coverage, problemsByCell]);
  const milestoneBand = 4 + Math.max(2, ...markers.map((mk) => mk.row + 1)) * 21;
  const height = milestoneBand + rows * ROW_H + 8;
  // A cell's label and class depend on the data, not on the window: computed once per week while the data stands.
  const cellText = useMemo(() => new Map<string, { label: string; className: string }>(), [track, trackFirst, trackLast, byCell, problemsByCell, todayWeek]);
  const cell = (w: string, wi: number) => {
    let text = cellText.get(w);
    if (!text) {
      const flags = problemsByCell.get(`track:${track.id}:${w}`);
      const here = byCell.get(`${track.id}|${w}`) ?? NO_ALLOCATIONS;
      text = {
        label: `${track.name}, ${w}: ${here.map((a) => `${gpuShort(a.gpuId)} ${a.gpuCount}× ${a.hours} h`).join(', ') || 'empty'}`,
        className: `pt-cell${w >= trackFirst && w <= trackLast ? '' : ' off'}${w === todayWeek ? ' today' : ''}${flags ? ` flag-${flags.includes('error') ? 'error' : 'warning'}` : ''}`,
      };
      cellText.set(w, text);
    }
    return <TrackCell key={w} trackId={track.id} ti={ti} week={w} column={wi} tabIndex={tabWeek === w ? 0 : -1} label={text.label} className={selectedWeek === w ? `${text.className} selected` : text.className} />;
  };
  const cells = [];
  for (let wi = first; wi <= last; wi++) cells.push(cell(weeks[wi]!, wi));
  if (pinnedWeek !== null) cells.push(cell(pinnedWeek, weekIndex.get(pinnedWeek)!));
  // A marker is in the window if it or its label (after the marker) is.
  const windowLeft = first * COL_W;
  const windowRight = (last + 1) * COL_W;
  return (
    <div ref={rowRef} className="pt-row pt-lane" role="row" style={{ height }}>
      <div className="pt-label" style={{ borderLeft: `4px solid ${track.colour}` }}>
        <div className="pt-track-name">{track.name}{onEditTrack && <button type="button" className="pt-label-edit" aria-label={`Edit track ${track.name} (timeline)`} title="Edit the track: name, owner, focus, colour, dates" onClick={() => onEditTrack(track.id)}>✎</button>}</div>
        <div className="pt-track-owner">{track.owner}</div>
        <div className="pt-track-dates">{fmtDay(track.start)} → {fmtDay(track.end)} · {daysInclusive(track.start, track.end)} days</div>
      </div>
      <div className="pt-weeks pt-lane-area" style={{ width, height }} onClick={handlers.onClick} onDoubleClick={handlers.onDoubleClick} onKeyDown={handlers.onKeyDown}>
        {cells}
        {last >= first && markers.map((mk) => (mk.left > windowRight || mk.left + mk.width + MILESTONE_TEXT_W < windowLeft ? null : (
          <div key={mk.id} className={mk.className} data-cell={`milestone:${mk.id}`} tabIndex={-1} style={{ left: mk.left, width: mk.width, top: mk.top }} title={mk.title}>
            <span className="pt-ms-text">
              <span className="pt-diamond" aria-hidden="true">◆</span> <span className="pt-ms-label">{mk.label}</span> <span className="pt-ms-dates">{mk.dates}</span>
            </span>
          </div>
        )))}
        {runs.map((run) => {
          const dragged = drag?.run.key === run.key;
          if (!dragged && (last < first || run.endIndex < first || run.startIndex > last)) return null;
          return (
            <Bar
              key={run.key}
              run={run}
              top={milestoneBand + run.row * ROW_H + 2}
              segFirst={dragged ? run.startIndex : segWindow(run, first, last)[0]}
              segLast={dragged ? run.endIndex : segWindow(run, first, last)[1]}
              colour={track.colour}
              offering={offeringLabel(run.offeringId, run.gpuId, offerings)}
              selected={selectedAllocationId !== null && run.allocations.some((a) => a.id === selectedAllocationId)}
              dragMode={dragged ? drag.mode : null}
              dx={dragged ? drag.dx : 0}
              onPointerDown={handlers.onBarPointerDown}
              onSegClick={handlers.onSegClick}
            />
          );
        })}
        {todayIndex !== undefined && todayIndex >= first && todayIndex <= last && <div className="pt-today-line" style={{ left: todayIndex * COL_W + COL_W / 2 }} aria-hidden="true" />}
      </div>
    </div>
  );
});
const NO_ALLOCATIONS: Allocation[] = [];

/**
 * The weeks of a run whose segments are mounted: all of a short run; of a long one, the 8-week chunks the window
 * touches, so a bar re-renders every 8 columns of scrolling rather than every column.
 */
function segWindow(run: Run, first: number, last: number): [number, number] {
  if (run.endIndex - run.startIndex < 2 * SEG_CHUNK) return [run.startIndex, run.endIndex];
  const from = run.startIndex + Math.floor(Math.max(0, first - run.startIndex) / SEG_CHUNK) * SEG_CHUNK;
  const to = run.startIndex + (Math.floor(Math.max(0, last - run.startIndex) / SEG_CHUNK) + 1) * SEG_CHUNK - 1;
  return [Math.min(from, run.endIndex), Math.min(to, run.endIndex)];
}

type PoolLoad = PlanView['analysis']['pools'][number];
/** One capacity pool: its label (always) and its booked load for the weeks in the window. */
const PoolRow = memo(function PoolRow({ rowRef, pool, load, offerings, weeks, first, last, todayWeek }: { rowRef: (el: HTMLDivElement | null) => void; pool: CapacityPool; load: PoolLoad | undefined; offerings: Map<string, OfferingFacts>; weeks: string[]; first: number; last: number; todayWeek: string }) {
  const cells = [];
  for (let wi = first; wi <= last; wi++) {
    const w = weeks[wi]!;
    cells.push(<PoolCell key={w} poolId={pool.id} name={pool.name} capacity={pool.capacity} week={w} column={wi} today={w === todayWeek} load={load?.weeks[w]} />);
  }
  return (
    <div ref={rowRef} className="pt-row pt-pool" role="row">
      <div className="pt-label" title={pool.notes ?? ''}>
        <div className="pt-track-name">{pool.name}</div>
        <div className="pt-track-owner">{pool.capacity} {pool.unit === 'gpus' ? (pool.capacity === 1 ? 'GPU' : 'GPUs') : 'vCPUs'} at a time · {[...pool.offeringIds.map((id) => gpuShort(offerings.get(id)?.gpuId ?? id.split('-').slice(-2).join('-'))), ...pool.gpuIds.map(gpuShort)].join(', ')}</div>
      </div>
      <div className="pt-weeks" style={{ width: weeks.length * COL_W }}>{cells}</div>
    </div>
  );
});

const WeekHead = memo(function WeekHead({ week, column, today, outside }: { week: string; column: number; today: boolean; outside: boolean }) {
  return (
    <div role="columnheader" className={`pt-weekhead${today ? ' today' : ''}${outside ? ' outside' : ''}`} style={{ gridColumnStart: column + 1 }} title={`${week}: Monday ${weekStart(week)} to Sunday ${weekEnd(week)}`}>
      <strong>{week.slice(5)}</strong> <span>{weekLabel(week).split('·')[1]}</span>
      {today && <span className="pt-today-badge">today</span>}
    </div>
  );
});

/** One week of a swimlane; clicks and keys are handled by the lane (data-track / data-week / data-ti). */
const TrackCell = memo(function TrackCell({ trackId, ti, week, column, tabIndex, label, className }: { trackId: string; ti: number; week: string; column: number; tabIndex: number; label: string; className: string }) {
  return <div role="gridcell" tabIndex={tabIndex} data-cell={`track:${trackId}:${week}`} data-track={trackId} data-week={week} data-ti={ti} aria-label={label} className={className} style={{ gridColumnStart: column + 1 }} />;
});

type PoolWeek = PlanView['analysis']['pools'][number]['weeks'][string];
const PoolCell = memo(function PoolCell({ poolId, name, capacity, week, column, today, load: l }: { poolId: string; name: string; capacity: number; week: string; column: number; today: boolean; load: PoolWeek | undefined }) {
  const pct = l && l.capacityHours ? Math.min(1, l.gpuHours / l.capacityHours) : 0;
  return (
    <div role="gridcell" tabIndex={-1} data-cell={`pool:${poolId}:${week}`} className={`pt-poolcell${l ? ' num' : ' empty'}${l?.over ? ' over' : l?.turns ? ' turns' : ''}${today ? ' today' : ''}`} style={{ gridColumnStart: column + 1 }}
      title={l ? `${name}, ${week}: ${l.gpuHours} GPU-h booked of ${l.capacityHours}; ${l.concurrentGpus} GPU bookings at once (capacity ${capacity})${l.over ? ' — OVER CAPACITY' : l.turns ? ' — bookings must take turns' : ''}` : `${week}: nothing booked`}>
      {l ? (
        <>
          <i className="pt-load" style={{ '--load': `${pct * 100}%` } as React.CSSProperties} />
          {`${fmtHours(l.gpuHours)}/${l.capacityHours} h`}
          {l.concurrentGpus > capacity && <b className="pt-conc">{`${l.concurrentGpus} at once`}</b>}
        </>
      ) : '—'}
    </div>
  );
});

/** A run of bookings; only the weeks segFirst…segLast (the window's part of it) get their segment mounted. */
const Bar = memo(function Bar({ run, top, segFirst, segLast, colour, offering, selected, dragMode, dx, onPointerDown, onSegClick }: { run: Run; top: number; segFirst: number; segLast: number; colour: string; offering: string; selected: boolean; dragMode: Drag['mode'] | null; dx: number; onPointerDown: (e: React.PointerEvent, run: Run) => void; onSegClick: (trackId: string, a: Allocation) => void }) {
  const left = run.startIndex * COL_W + 3;
  const baseWidth = (run.endIndex - run.startIndex + 1) * COL_W - 6;
  const strong = run.gpuId.startsWith('a100') || run.gpuId.startsWith('h100');
  return (
    <div
      className={`pt-bar${selected ? ' selected' : ''}${dragMode ? ' dragging' : ''}`}
      style={{ left, width: Math.max(24, baseWidth + (dragMode === 'resize' ? dx : 0)), top, transform: `translateX(${dragMode === 'move' ? dx : 0}px)`, background: strong ? colour : tint(colour, run.gpuId.startsWith('l4') ? 0.3 : 0.6), color: strong ? '#fff' : '#111827', borderColor: colour }}
      title={`${offering} — drag to move, drag the right edge to resize`}
      data-run={`${run.trackId}:${run.gpuId}:${run.allocations[0]!.week}`}
      onPointerDown={(e) => onPointerDown(e, run)}
    >
      {segFirst > run.startIndex && <div className="pt-seg-skip" style={{ width: (segFirst - run.startIndex) * COL_W }} />}
      {run.allocations.slice(segFirst - run.startIndex, segLast - run.startIndex + 1).map((a, i) => (
        <div key={a.id} className={segFirst + i === run.endIndex ? 'pt-seg end' : 'pt-seg'} onClick={() => onSegClick(run.trackId, a)}>
          <b>{`${a.gpuCount > 1 ? `${a.gpuCount}× ` : ''}${gpuShort(a.gpuId)}`}</b>
          {`${fmtHours(a.hours)} h`}
        </div>
      ))}
    </div>
  );
});

const monthCache = new Map<string, string>();
function monthName(month: string): string {
  let out = monthCache.get(month);
  if (out === undefined) monthCache.set(month, (out = MONTH_FORMAT.format(new Date(`${month}-15T00:00:00Z`))));
  return out;
}

function fmtSpan(start: string, end: string): string {
  const a = fmtDay(start);
  const b = fmtDay(end);
  return a.split(' ')[1] === b.split(' ')[1] ? `${a.split(' ')[0]}–${b}` : `${a}–${b}`;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const MONTH_FORMAT = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayCache = new Map<string, string>();
function fmtDay(day: string): string {
  let out = dayCache.get(day);
  if (out === undefined) dayCache.set(day, (out = DAY_FORMAT.format(new Date(`${day}T00:00:00Z`))));
  return out;
}

const TotalCell = memo(function TotalCell({ week, column, today, text, sub, cls, title, cellKey }: { week: string; column: number; today: boolean; text: string; sub: string | undefined; cls: string; title: string; cellKey: string | undefined }) {
  return (
    <div role="gridcell" tabIndex={-1} data-cell={cellKey} data-w={week} className={`pt-totalcell num ${cls}${today ? ' today' : ''}`} style={{ gridColumnStart: column + 1 }} title={title}>
      {text}
      {sub && <span className="pt-totalsub">{sub}</span>}
    </div>
  );
});

interface TotalText {
  text: string;
  sub?: string;
  cls: string;
  title: string;
}

/** One weekly-totals row: its label (always) and its figures for the weeks in the window. */
const TotalsRow = memo(function TotalsRow({ rowRef, weeks, range: [first, last], label, sub, todayWeek, cells: byWeek, keyed }: { rowRef: (el: HTMLDivElement | null) => void; weeks: string[]; range: [number, number]; label: string; sub: string; todayWeek: string; cells: Map<string, TotalText>; keyed: boolean }) {
  const cells = [];
  for (let wi = first; wi <= last; wi++) {
    const w = weeks[wi]!;
    const r = byWeek.get(w);
    if (r) cells.push(<TotalCell key={w} week={w} column={wi} today={w === todayWeek} text={r.text} sub={r.sub} cls={r.cls} title={r.title} cellKey={keyed ? `totals::${w}` : undefined} />);
  }
  return (
    <div ref={rowRef} className="pt-row pt-totals" role="row">
      <div className="pt-label">
        <div className="pt-track-name">{label}</div>
        <div className="pt-track-owner">{sub}</div>
      </div>
      <div className="pt-weeks" style={{ width: weeks.length * COL_W }}>{cells}</div>
    </div>
  );
}, (a, b) => a.rowRef === b.rowRef && a.weeks === b.weeks && a.range[0] === b.range[0] && a.range[1] === b.range[1] && a.label === b.label && a.sub === b.sub && a.todayWeek === b.todayWeek && a.cells === b.cells && a.keyed === b.keyed);
