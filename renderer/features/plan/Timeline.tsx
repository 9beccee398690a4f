/**
 * The timeline: ISO weeks as columns, tracks as swimlanes with booking bars (drag to move, drag the right edge to
 * resize; keys: timeline-commands.ts), milestone markers, one row per capacity pool, weekly totals rows. Large grids
 * mount only the weeks and rows near the viewport (use-grid-window.ts); every row keeps its label.
 */
import { useEffect, useMemo, useRef } from 'react';
import { newId } from '../../../shared/domain/plan/booking';
import type { CellRef } from '../../../shared/domain/plan/checks';
import type { PlanCommand } from '../../../shared/domain/plan/commands';
import type { Allocation } from '../../../shared/domain/plan/types';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import type { CellSelection } from './store';
import { cellKeyAction, draftBooking, dropCommand, type CellAction, type CellAt } from './timeline-commands';
import { monthName } from './timeline-format';
import { COL_W, HANDLE_W, LABEL_W } from './timeline-geometry';
import type { Run } from './timeline-model';
import { HEAD_ROWS, locateCell, timelineStack, TOTALS_ROWS } from './timeline-stack';
import { Lane, NO_MILESTONES, NO_RUNS, type LaneHandlers } from './TimelineLane';
import { PoolRow, WeekHead } from './TimelineRows';
import { WeeklyTotalsRows } from './TimelineTotalsRows';
import { useBarDrag } from './use-bar-drag';
import { useGridWindow } from './use-grid-window';
import { cellKeyOf, useTimelineData } from './use-timeline-data';

/** Grids up to this many week cells (rows × weeks) are rendered whole; larger ones only near the viewport. */
const FULL_GRID_CELLS = 1000;

/** What the timeline marks: the selected cell and booking, and the cell a jump (Problems panel, milestone table) flashes. */
export interface TimelineSelection {
  cell: CellSelection | null;
  allocationId: string | null;
  flash: CellRef | null;
}

interface Props {
  view: PlanView;
  selection: TimelineSelection;
  todayWeek: string;
  onEdit: (command: PlanCommand) => Promise<boolean>;
  onSelect: (cell: CellSelection | null, allocationId?: string | null) => void;
  /** Opens the track's form from its swimlane label. */
  onEditTrack?: (trackId: string) => void;
  /** Opens the Booking panel on an unsaved booking of an empty week. */
  onDraft: (allocation: Allocation) => void;
}

const NO_ALLOCATIONS: Allocation[] = [];

export function Timeline({ view, selection, todayWeek, onEdit, onSelect, onEditTrack, onDraft }: Props) {
  const { cell: selected, allocationId: selectedAllocationId, flash } = selection;
  const { plan, weeks } = view;
  const data = useTimelineData(view);
  const { offerings, weekIndex, byCell } = data;
  const T = plan.tracks.length;
  const P = plan.pools.length;
  const stack = useMemo(() => timelineStack(T, P), [T, P]);
  const { laneRow, poolRow } = stack;
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = weeks.length * COL_W;
  const fullGrid = (T + P + TOTALS_ROWS + 1) * weeks.length <= FULL_GRID_CELLS;
  const grid = useGridWindow({
    scrollRef,
    weekCount: weeks.length,
    colWidth: COL_W,
    labelWidth: LABEL_W,
    rowCount: stack.count,
    estimateRowHeight: stack.estimateRowHeight,
    enabled: !fullGrid,
  });
  const win = grid.window;
  const focusAfter = useRef<string | null>(null);

  const cellAllocations = (trackId: string, week: string) => byCell.get(`${trackId}|${week}`) ?? NO_ALLOCATIONS;
  const { drag, start: startDrag } = useBarDrag({
    colWidth: COL_W,
    handleWidth: HANDLE_W,
    onDrop: (run, mode, delta) => {
      const command = dropCommand(actions.current.plan, run, mode, delta, newId);
      if (command) void actions.current.onEdit(command);
    },
  });

  /** Scrolls a cell that is out of the window to the middle of the timeline; the window follows (a re-render). */
  const reveal = (key: string): boolean => {
    const at = locateCell(key, plan, weekIndex, stack);
    return at !== null && at.row >= HEAD_ROWS && grid.centerOn(at.row, at.week);
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
    const key = cellKeyOf(flash);
    const el = document.querySelector<HTMLElement>(`[data-cell="${key}"]`);
    if (el) {
      el.scrollIntoView({ block: 'center', inline: 'center' });
      el.focus({ preventScroll: true });
    } else if (reveal(key)) {
      scrollRef.current?.scrollIntoView({ block: 'nearest' });
      focusAfter.current = key;
    }
  }, [flash, weekIndex]);

  const focusCell = (to: CellAt) => {
    const track = plan.tracks[to.trackIndex];
    if (!track || !weekIndex.has(to.week)) return;
    focusAfter.current = `track:${track.id}:${to.week}`;
    onSelect({ trackId: track.id, week: to.week }, actions.current.cellAllocations(track.id, to.week)[0]?.id ?? null);
  };
  async function run(action: CellAction, trackId: string, week: string) {
    if (action.type === 'none') return;
    if (action.type === 'focus') return focusCell(action.to);
    if (action.type === 'open') return onSelect({ trackId, week }, action.allocationId);
    if (action.type === 'draft') return onDraft(action.allocation);
    const target = plan.tracks[action.focus.trackIndex];
    if (action.focusFirst && target) focusAfter.current = `track:${target.id}:${action.focus.week}`;
    if (!(await actions.current.onEdit(action.command)) || action.focusFirst) return;
    if (action.select && target) {
      focusAfter.current = `track:${target.id}:${action.focus.week}`;
      actions.current.onSelect({ trackId: target.id, week: action.focus.week }, action.select);
    } else focusCell(action.focus);
  }
  function onCellKey(e: React.KeyboardEvent, trackIndex: number, week: string) {
    const track = plan.tracks[trackIndex]!;
    const action = cellKeyAction(e, { plan, weeks, offerings, trackIndex, week, here: cellAllocations(track.id, week), newId });
    if (!action) return;
    e.preventDefault();
    void run(action, track.id, week);
  }

  // Event delegation: one handler per lane reads the cell from data attributes, so cells take only primitive props
  // and stay memoised (React skips them when a scroll only adds or removes columns at the window's edges).
  const actions = useRef({ onCellKey, onSelect, onEdit, onDraft, plan, offerings, cellAllocations, startDrag });
  actions.current = { onCellKey, onSelect, onEdit, onDraft, plan, offerings, cellAllocations, startDrag };
  const laneHandlers = useMemo<LaneHandlers>(() => {
    const target = (e: React.SyntheticEvent) => {
      const el = (e.target as HTMLElement).closest<HTMLElement>('[data-week]');
      if (!el?.dataset.week || el.dataset.track === undefined) return null;
      return { trackId: el.dataset.track, week: el.dataset.week, ti: Number(el.dataset.ti) };
    };
    return {
      onClick: (e) => {
        const t = target(e);
        if (t)
          actions.current.onSelect({ trackId: t.trackId, week: t.week }, actions.current.cellAllocations(t.trackId, t.week)[0]?.id ?? null);
      },
      onDoubleClick: (e) => {
        const t = target(e);
        const a = actions.current;
        if (!t || a.cellAllocations(t.trackId, t.week).length) return;
        a.onDraft(draftBooking(a.plan, t.trackId, t.week, a.offerings, newId('alloc')));
      },
      onKeyDown: (e) => {
        const t = target(e);
        if (t) actions.current.onCellKey(e, t.ti, t.week);
      },
      onBarPointerDown: (e, run: Run) => {
        if (e.button !== 0) return;
        e.preventDefault();
        actions.current.onSelect({ trackId: run.trackId, week: run.allocations[0]!.week }, run.allocations[0]!.id);
        actions.current.startDrag(e, run);
      },
      onSegClick: (trackId, a) => actions.current.onSelect({ trackId, week: a.week }, a.id),
    };
  }, []);

  const todayIndex = weekIndex.get(todayWeek);
  // The grid's one tab stop (the selected cell, else the first) stays mounted wherever the window is.
  const tabStop =
    selected && weekIndex.has(selected.week)
      ? selected
      : plan.tracks[0] && weeks[0]
        ? { trackId: plan.tracks[0].id, week: weeks[0] }
        : null;
  const cols = (row: number): [number, number] => (row >= win.rowFirst && row <= win.rowLast ? [win.first, win.last] : [0, -1]);
  const [headFirst, headLast] = [win.first, Math.min(win.last, weeks.length - 1)];
  const { months, firstProjectWeek, lastProjectWeek, totalsCells } = data;
  const section = (row: number, text: string) => (
    <div className="pt-section" ref={grid.rowRef(row)}>
      <span>{text}</span>
    </div>
  );

  return (
    <div
      className="pt-scroll"
      ref={scrollRef}
      role="grid"
      aria-label="Plan timeline"
      aria-rowcount={T + P + 5}
      aria-colcount={weeks.length + 1}
    >
      <div className="pt-inner" style={{ width: LABEL_W + width, '--weeks': weeks.length } as React.CSSProperties}>
        <div className="pt-row pt-head" role="row" ref={grid.rowRef(0)}>
          <div className="pt-label pt-corner" role="rowheader">
            Month
          </div>
          <div className="pt-weeks" style={{ width }}>
            {months.map((m) => (
              <div key={m.month} className="pt-month" role="columnheader" style={{ left: m.start * COL_W, width: m.span * COL_W }}>
                {monthName(m.month)}
              </div>
            ))}
          </div>
        </div>
        <div className="pt-row pt-head" role="row" ref={grid.rowRef(1)}>
          <div className="pt-label pt-corner" role="rowheader">
            ISO week (Mon)
          </div>
          <div className="pt-weeks" style={{ width }}>
            {weeks.slice(headFirst, headLast + 1).map((w, i) => (
              <WeekHead
                key={w}
                week={w}
                column={headFirst + i}
                today={w === todayWeek}
                outside={w < firstProjectWeek || w > lastProjectWeek}
              />
            ))}
          </div>
        </div>

        {section(2, 'Tracks — GPU bookings (hours of the booked GPUs per week)')}
        {plan.tracks.map((track, ti) => {
          const [first, last] = cols(laneRow(ti));
          const tabWeek = tabStop?.trackId === track.id ? tabStop.week : null;
          const tabColumn = tabWeek === null ? -1 : weekIndex.get(tabWeek)!;
          return (
            <Lane
              key={track.id}
              rowRef={grid.rowRef(laneRow(ti))}
              track={track}
              ti={ti}
              weeks={weeks}
              weekIndex={weekIndex}
              first={first}
              last={last}
              tabWeek={tabWeek}
              pinnedWeek={tabWeek !== null && (tabColumn < first || tabColumn > last) ? tabWeek : null}
              selectedWeek={selected?.trackId === track.id ? selected.week : null}
              selectedAllocationId={
                selectedAllocationId !== null && data.allocationTrack.get(selectedAllocationId) === track.id ? selectedAllocationId : null
              }
              drag={drag?.run.trackId === track.id ? drag : null}
              runs={data.runsByTrack.get(track.id) ?? NO_RUNS}
              milestones={data.milestonesByTrack.get(track.id) ?? NO_MILESTONES}
              coverage={data.coverage}
              byCell={byCell}
              problemsByCell={data.problemsByCell}
              offerings={offerings}
              todayWeek={todayWeek}
              todayIndex={todayIndex}
              handlers={laneHandlers}
              onEditTrack={onEditTrack}
            />
          );
        })}

        {section(stack.poolSectionRow, 'Capacity pools — booked GPU-hours / what the pool holds (GPUs × 168 h)')}
        {plan.pools.map((pool, pi) => {
          const [first, last] = cols(poolRow(pi));
          return (
            <PoolRow
              key={pool.id}
              rowRef={grid.rowRef(poolRow(pi))}
              pool={pool}
              load={data.poolLoads.get(pool.id)}
              offerings={offerings}
              weeks={weeks}
              first={first}
              last={last}
              todayWeek={todayWeek}
            />
          );
        })}

        {section(
          stack.totalsSectionRow,
          'Weekly totals — cost = hours × GPUs × price per GPU-hour; a subscription’s month (fee + top-ups beyond its allowance) shared by its bookings',
        )}
        <WeeklyTotalsRows
          placeRow={(k) => ({ rowRef: grid.rowRef(stack.totalsRow(k)), range: cols(stack.totalsRow(k)) })}
          weeks={weeks}
          todayWeek={todayWeek}
          cells={totalsCells}
          project={plan.project}
        />
      </div>
    </div>
  );
}
