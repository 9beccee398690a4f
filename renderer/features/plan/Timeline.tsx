/**
 * The timeline: ISO weeks as columns, tracks as swimlanes with allocation bars (drag to move, drag the right edge to
 * resize; keyboard: arrows move the focus, Enter creates/opens, Alt+←/→ moves, Shift+→ extends, Shift+← removes the
 * week, +/− changes hours by 4, Delete removes), milestone markers, one row per capacity pool, weekly totals rows.
 */
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { CellRef } from '../../../shared/domain/plan/checks';
import { moveAllocationsCommand, type PlanCommand } from '../../../shared/domain/plan/commands';
import type { Allocation, Milestone, OfferingFacts, Plan } from '../../../shared/domain/plan/types';
import { addWeeksToKey, daysInclusive, monthOfWeek, weekEnd, weekLabel, weekOf, weekStart } from '../../../shared/domain/plan/weeks';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import type { CellSelection } from './store';
import { buildRuns, fmtHours, fmtUsd, gpuShort, offeringLabel, tint, type Run } from './timeline-model';

export const COL_W = 112;
/** Grids up to this many week cells (rows × weeks) are rendered whole; larger ones are windowed horizontally. */
const FULL_GRID_CELLS = 6000;
const LABEL_W = 220;
const ROW_H = 34;
const MILESTONE_H = 46;

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
  // Horizontal virtualization only for very large grids. Measured in the browser harness (bench/plan.bench.ts, 20 tracks
  // × 104 weeks × 10 pools, ~3,400 cells): every window step costs a React commit plus style/layout of the new
  // columns while scrolling, and steps of 2 weeks dropped 2-3× more frames than keeping every week mounted (then a
  // scroll is only raster work, no JS). So up to FULL_GRID_CELLS cells every week is rendered once; beyond that the
  // window moves in 8-week steps with 8 weeks of overscan each side.
  const fullGrid = (plan.tracks.length + plan.pools.length + 4) * weeks.length <= FULL_GRID_CELLS;
  const [windowRange, setRange] = useState({ first: 0, last: Math.min(weeks.length - 1, 35) });
  const range = fullGrid ? { first: 0, last: weeks.length - 1 } : windowRange;
  const frame = useRef<number | null>(null);
  const computeRange = () => {
    const el = scrollRef.current;
    if (!el || fullGrid) return;
    const STEP = 8;
    const OVERSCAN = 8;
    const first = Math.max(0, Math.floor(el.scrollLeft / COL_W / STEP) * STEP - OVERSCAN);
    const last = Math.min(weeks.length - 1, Math.floor(el.scrollLeft / COL_W / STEP) * STEP + Math.ceil(el.clientWidth / COL_W) + OVERSCAN + STEP);
    setRange((r) => (r.first === first && r.last === last ? r : { first, last }));
  };
  const onScroll = () => {
    if (fullGrid || frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      computeRange();
    });
  };
  useEffect(computeRange, [weeks.length, fullGrid]);

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

  // Focus follows keyboard actions, and the Problems panel's jumps.
  useEffect(() => {
    if (focusAfter.current) {
      const el = document.querySelector<HTMLElement>(`[data-cell="${focusAfter.current}"]`);
      el?.focus();
      focusAfter.current = null;
    }
  });
  useEffect(() => {
    if (!flash) return;
    const key = flash.row === 'milestone' ? `milestone:${flash.phaseId}` : `${flash.row}:${flash.trackId ?? flash.poolId ?? ''}:${flash.week ?? ''}`;
    const el = document.querySelector<HTMLElement>(`[data-cell="${key}"]`);
    if (el) {
      el.scrollIntoView({ block: 'center', inline: 'center' });
      el.focus({ preventScroll: true });
    } else if (flash.week && weekIndex.has(flash.week) && scrollRef.current) {
      // Not rendered (out of the virtual window): scroll there first, then focus after the render.
      scrollRef.current.scrollLeft = Math.max(0, weekIndex.get(flash.week)! * COL_W - scrollRef.current.clientWidth / 2);
      scrollRef.current.closest('main')?.scrollTo?.({ top: 0 });
      focusAfter.current = key;
      computeRange();
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
        actions.current.setDrag({ run, mode: (e.target as HTMLElement).classList.contains('pt-handle') ? 'resize' : 'move', startX: e.clientX, dx: 0 });
      },
      onSegClick: (trackId: string, a: Allocation) => actions.current.onSelect({ trackId, week: a.week }, a.id),
    };
  }, []);

  const todayIndex = weekIndex.get(todayWeek);
  const todayLine = todayIndex === undefined ? null : <div className="pt-today-line" style={{ left: todayIndex * COL_W + COL_W / 2 }} aria-hidden="true" />;
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
  const firstProjectWeek = weekOf(plan.project.start);
  const lastProjectWeek = weekOf(plan.project.end);
  const inView: Array<[string, number]> = [];
  for (let wi = range.first; wi <= range.last && wi < weeks.length; wi++) inView.push([weeks[wi]!, wi]);
  const milestonesByTrack = useMemo(() => {
    const m = new Map<string, Milestone[]>();
    for (const x of plan.milestones) m.set(x.trackId, [...(m.get(x.trackId) ?? []), x]);
    return m;
  }, [plan.milestones]);
  const coverage = useMemo(() => new Map(analysis.phases.map((p) => [p.phaseId, p])), [analysis.phases]);
  const poolLoads = useMemo(() => new Map(analysis.pools.map((p) => [p.poolId, p])), [analysis.pools]);

  return (
    <div className="pt-scroll" ref={scrollRef} onScroll={onScroll} role="grid" aria-label="Plan timeline" aria-rowcount={plan.tracks.length + plan.pools.length + 5}>
      <div className="pt-inner" style={{ width: LABEL_W + width }}>
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
            {inView.map(([w, wi]) => <WeekHead key={w} week={w} left={wi * COL_W} today={w === todayWeek} outside={w < firstProjectWeek || w > lastProjectWeek} />)}
          </div>
        </div>

        <div className="pt-section">Tracks — GPU bookings (hours of the booked GPUs per week)</div>
        {plan.tracks.map((track, ti) => {
          const trackRuns = runsByTrack.get(track.id) ?? [];
          const trackFirst = weekOf(track.start);
          const trackLast = weekOf(track.end);
          const rows = Math.max(1, ...trackRuns.map((r) => r.row + 1));
          const height = MILESTONE_H + rows * ROW_H + 8;
          const milestones = milestonesByTrack.get(track.id) ?? [];
          return (
            <div key={track.id} className="pt-row pt-lane" role="row" style={{ height }}>
              <div className="pt-label" style={{ borderLeft: `4px solid ${track.colour}` }}>
                <div className="pt-track-name">{track.name}{onEditTrack && <button type="button" className="pt-label-edit" aria-label={`Edit track ${track.name} (timeline)`} title="Edit the track: name, owner, focus, colour, dates" onClick={() => onEditTrack(track.id)}>✎</button>}</div>
                <div className="pt-track-owner">{track.owner}</div>
                <div className="pt-track-dates">{fmtDay(track.start)} → {fmtDay(track.end)} · {daysInclusive(track.start, track.end)} days</div>
              </div>
              <div className="pt-weeks pt-lane-area" style={{ width, height }} onClick={laneHandlers.onClick} onDoubleClick={laneHandlers.onDoubleClick} onKeyDown={laneHandlers.onKeyDown}>
                {inView.map(([w, wi]) => {
                  const isSel = selected?.trackId === track.id && selected.week === w;
                  const flags = problemsByCell.get(`track:${track.id}:${w}`);
                  const here = cellAllocations(track.id, w);
                  return (
                    <TrackCell
                      key={w}
                      trackId={track.id}
                      ti={ti}
                      week={w}
                      left={wi * COL_W}
                      height={height}
                      tabIndex={isSel || (!selected && ti === 0 && wi === 0) ? 0 : -1}
                      label={`${track.name}, ${w}: ${here.map((a) => `${gpuShort(a.gpuId)} ${a.gpuCount}× ${a.hours} h`).join(', ') || 'empty'}`}
                      className={`pt-cell${w >= trackFirst && w <= trackLast ? '' : ' off'}${isSel ? ' selected' : ''}${w === todayWeek ? ' today' : ''}${flags ? ` flag-${flags.includes('error') ? 'error' : 'warning'}` : ''}`}
                    />
                  );
                })}
                {milestones.flatMap((m) => m.phases.map((ph) => ({ m, ph }))).sort((a, b) => a.ph.start.localeCompare(b.ph.start)).map(({ m, ph }, order) => {
                    const wi = weekIndex.get(weekOf(ph.start));
                    if (wi === undefined) return null;
                    const dayOffset = (new Date(`${ph.start}T00:00:00Z`).getUTCDay() + 6) % 7;
                    const left = wi * COL_W + (dayOffset / 7) * COL_W;
                    const w = (daysInclusive(ph.start, ph.end) / 7) * COL_W;
                    const cov = coverage.get(ph.id);
                    const flags = problemsByCell.get(`milestone:${ph.id}`);
                    const label = m.phases.length > 1 ? `${m.code} ${ph.name.split(' ')[0]!.toLowerCase().replace('experimentation', 'exp.')}` : m.code;
                    return (
                      <div
                        key={ph.id}
                        className={`pt-milestone${flags ? ` flag-${flags.includes('error') ? 'error' : 'warning'}` : ''}`}
                        data-cell={`milestone:${ph.id}`}
                        tabIndex={-1}
                        style={{ left, width: Math.max(w, 14), top: 3 + (order % 2) * 21 }}
                        title={`${m.code} ${m.name}${m.phases.length > 1 ? ` — ${ph.name}` : ''}\n${ph.start} → ${ph.end}, ${ph.runs.low}-${ph.runs.high} runs on ${ph.offeringId ?? 'no hardware'}\nneeds ${cov?.neededHours ?? '?'} GPU-h (${cov?.neededBasis ?? ''}); booked ${cov?.allocatedHours ?? 0} h by ${ph.end}`}
                      >
                        <span className="pt-ms-text">
                          <span className="pt-diamond" aria-hidden="true">◆</span> <span className="pt-ms-label">{label}</span> <span className="pt-ms-dates">{fmtSpan(ph.start, ph.end)}</span>
                        </span>
                      </div>
                    );
                })}
                {trackRuns.map((run) => {
                  if (run.endIndex < range.first || run.startIndex > range.last) return null;
                  const isDrag = drag?.run.key === run.key;
                  return (
                    <Bar
                      key={run.key}
                      run={run}
                      colour={track.colour}
                      offering={offeringLabel(run.offeringId, run.gpuId, offerings)}
                      selected={selectedAllocationId !== null && run.allocations.some((a) => a.id === selectedAllocationId)}
                      dragMode={isDrag ? drag.mode : null}
                      dx={isDrag ? drag.dx : 0}
                      onPointerDown={laneHandlers.onBarPointerDown}
                      onSegClick={laneHandlers.onSegClick}
                    />
                  );
                })}
                {todayLine}
              </div>
            </div>
          );
        })}

        <div className="pt-section">Capacity pools — booked GPU-hours / what the pool holds (GPUs × 168 h)</div>
        {plan.pools.map((pool) => {
          const load = poolLoads.get(pool.id);
          return (
            <div key={pool.id} className="pt-row pt-pool" role="row">
              <div className="pt-label" title={pool.notes ?? ''}>
                <div className="pt-track-name">{pool.name}</div>
                <div className="pt-track-owner">{pool.capacity} {pool.unit === 'gpus' ? (pool.capacity === 1 ? 'GPU' : 'GPUs') : 'vCPUs'} at a time · {[...pool.offeringIds.map((id) => gpuShort(offerings.get(id)?.gpuId ?? id.split('-').slice(-2).join('-'))), ...pool.gpuIds.map(gpuShort)].join(', ')}</div>
              </div>
              <div className="pt-weeks" style={{ width }}>
                {inView.map(([w, wi]) => <PoolCell key={w} poolId={pool.id} name={pool.name} capacity={pool.capacity} week={w} left={wi * COL_W} today={w === todayWeek} load={load?.weeks[w]} />)}
              </div>
            </div>
          );
        })}

        <div className="pt-section">Weekly totals — cost = hours × GPUs × price per GPU-hour; subscriptions × 12/52 per week used</div>
        <TotalsRow inView={inView} width={width} label="GPU-hours" sub="all tracks" todayWeek={todayWeek} render={(w) => {
          const t = totalsByWeek.get(w)!;
          return { text: `${fmtHours(t.gpuHours)} h`, cls: '', title: `${w}: ${t.gpuHours} GPU-hours booked` };
        }} />
        <TotalsRow inView={inView} width={width} label="Cost" sub="vs the week's share of the budget" todayWeek={todayWeek} cellKey={(w) => `totals::${w}`} render={(w) => {
          const t = totalsByWeek.get(w)!;
          const over = Number(t.usd) > Number(t.budgetShareUsd) && Number(t.usd) > 0;
          return { text: fmtUsd(t.usd), sub: `share ${fmtUsd(t.budgetShareUsd)}`, cls: over ? 'warn' : '', title: `${w}: $${t.usd} planned (catalog price, else the plan's price); budget share $${t.budgetShareUsd} = budget × project days in the week ÷ project days` };
        }} />
        <TotalsRow inView={inView} width={width} label="Cumulative cost" sub={`vs budget ${plan.project.currency} ${Number(plan.project.budget).toLocaleString('en-US')}`} todayWeek={todayWeek} render={(w) => {
          const t = totalsByWeek.get(w)!;
          const over = Number(t.cumulativeUsd) > Number(plan.project.budget);
          return { text: fmtUsd(t.cumulativeUsd), sub: `${Math.round((Number(t.cumulativeUsd) / Math.max(1, Number(plan.project.budget))) * 100)}% of budget`, cls: over ? 'bad' : '', title: `By the end of ${w}: $${t.cumulativeUsd} of the $${plan.project.budget} budget (${plan.project.budgetSource})` };
        }} />
      </div>
    </div>
  );
}

const WeekHead = memo(function WeekHead({ week, left, today, outside }: { week: string; left: number; today: boolean; outside: boolean }) {
  return (
    <div role="columnheader" className={`pt-weekhead${today ? ' today' : ''}${outside ? ' outside' : ''}`} style={{ left, width: COL_W }} title={`${week}: Monday ${weekStart(week)} to Sunday ${weekEnd(week)}`}>
      <strong>{week.slice(5)}</strong> <span>{weekLabel(week).split('·')[1]}</span>
      {today && <span className="pt-today-badge">today</span>}
    </div>
  );
});

/** One week of a swimlane; clicks and keys are handled by the lane (data-track / data-week / data-ti). */
const TrackCell = memo(function TrackCell({ trackId, ti, week, left, height, tabIndex, label, className }: { trackId: string; ti: number; week: string; left: number; height: number; tabIndex: number; label: string; className: string }) {
  return <div role="gridcell" tabIndex={tabIndex} data-cell={`track:${trackId}:${week}`} data-track={trackId} data-week={week} data-ti={ti} aria-label={label} className={className} style={{ left, width: COL_W, height }} />;
});

type PoolWeek = PlanView['analysis']['pools'][number]['weeks'][string];
const PoolCell = memo(function PoolCell({ poolId, name, capacity, week, left, today, load: l }: { poolId: string; name: string; capacity: number; week: string; left: number; today: boolean; load: PoolWeek | undefined }) {
  const pct = l && l.capacityHours ? Math.min(1, l.gpuHours / l.capacityHours) : 0;
  return (
    <div role="gridcell" tabIndex={-1} data-cell={`pool:${poolId}:${week}`} className={`pt-poolcell${l?.over ? ' over' : l?.turns ? ' turns' : ''}${today ? ' today' : ''}`} style={{ left, width: COL_W }}
      title={l ? `${name}, ${week}: ${l.gpuHours} GPU-h booked of ${l.capacityHours}; ${l.concurrentGpus} GPU bookings at once (capacity ${capacity})${l.over ? ' — OVER CAPACITY' : l.turns ? ' — bookings must take turns' : ''}` : `${week}: nothing booked`}>
      {l ? (
        <>
          <div className="pt-load"><div className="pt-load-fill" style={{ width: `${pct * 100}%` }} /></div>
          <span className="num">{fmtHours(l.gpuHours)}/{l.capacityHours} h</span>
          {l.concurrentGpus > capacity && <span className="pt-conc">{l.concurrentGpus} at once</span>}
        </>
      ) : <span className="muted">—</span>}
    </div>
  );
});

const Bar = memo(function Bar({ run, colour, offering, selected, dragMode, dx, onPointerDown, onSegClick }: { run: Run; colour: string; offering: string; selected: boolean; dragMode: Drag['mode'] | null; dx: number; onPointerDown: (e: React.PointerEvent, run: Run) => void; onSegClick: (trackId: string, a: Allocation) => void }) {
  const left = run.startIndex * COL_W + 3;
  const baseWidth = (run.endIndex - run.startIndex + 1) * COL_W - 6;
  const strong = run.gpuId.startsWith('a100') || run.gpuId.startsWith('h100');
  return (
    <div
      className={`pt-bar${selected ? ' selected' : ''}${dragMode ? ' dragging' : ''}`}
      style={{ left, width: Math.max(24, baseWidth + (dragMode === 'resize' ? dx : 0)), top: MILESTONE_H + run.row * ROW_H + 2, transform: `translateX(${dragMode === 'move' ? dx : 0}px)`, background: strong ? colour : tint(colour, run.gpuId.startsWith('l4') ? 0.3 : 0.6), color: strong ? '#fff' : '#111827', borderColor: colour }}
      title={`${offering} — drag to move, drag the right edge to resize`}
      data-run={`${run.trackId}:${run.gpuId}:${run.allocations[0]!.week}`}
      onPointerDown={(e) => onPointerDown(e, run)}
    >
      {run.allocations.map((a) => (
        <div key={a.id} className="pt-seg" style={{ width: COL_W }} onClick={() => onSegClick(run.trackId, a)}>
          <span className="pt-seg-gpu">{a.gpuCount > 1 ? `${a.gpuCount}× ` : ''}{gpuShort(a.gpuId)}</span>
          <span className="pt-seg-hours">{fmtHours(a.hours)} h</span>
        </div>
      ))}
      <div className="pt-handle" aria-hidden="true" />
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

const TotalCell = memo(function TotalCell({ week, left, today, text, sub, cls, title, cellKey }: { week: string; left: number; today: boolean; text: string; sub: string | undefined; cls: string; title: string; cellKey: string | undefined }) {
  return (
    <div role="gridcell" tabIndex={-1} data-cell={cellKey} data-w={week} className={`pt-totalcell ${cls}${today ? ' today' : ''}`} style={{ left, width: COL_W }} title={title}>
      <span className="num">{text}</span>
      {sub && <span className="pt-totalsub">{sub}</span>}
    </div>
  );
});

function TotalsRow({ inView, width, label, sub, todayWeek, render, cellKey }: { inView: Array<[string, number]>; width: number; label: string; sub: string; todayWeek: string; render: (w: string) => { text: string; sub?: string; cls: string; title: string }; cellKey?: (w: string) => string }) {
  return (
    <div className="pt-row pt-totals" role="row">
      <div className="pt-label">
        <div className="pt-track-name">{label}</div>
        <div className="pt-track-owner">{sub}</div>
      </div>
      <div className="pt-weeks" style={{ width }}>
        {inView.map(([w, wi]) => {
          const r = render(w);
          return <TotalCell key={w} week={w} left={wi * COL_W} today={w === todayWeek} text={r.text} sub={r.sub} cls={r.cls} title={r.title} cellKey={cellKey?.(w)} />;
        })}
      </div>
    </div>
  );
}
