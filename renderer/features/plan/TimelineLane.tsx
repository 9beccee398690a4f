/**
 * One track's swimlane of the timeline: its label (always mounted) and, for the weeks in the window, its week cells,
 * milestone markers and booking bars. Cells take only primitive props and stay memoised; clicks and keys are handled
 * by the lane (event delegation in Timeline.tsx).
 */
import { memo, useMemo } from 'react';
import type { Allocation, Milestone, OfferingFacts, Track } from '../../../shared/domain/plan/types';
import { daysInclusive, weekOf } from '../../../shared/domain/plan/weeks';
import { COL_W, MILESTONE_TEXT_W, ROW_H, SEG_CHUNK } from './timeline-geometry';
import { fmtDay } from './timeline-format';
import { layoutMilestoneMarkers, MARKER_ROW_H, type PhaseCoverage } from './milestone-markers';
import { gpuShort, offeringLabel, tint, fmtHours, type Run } from './timeline-model';
import type { Drag } from './use-bar-drag';

export const NO_RUNS: Run[] = [];
export const NO_MILESTONES: Milestone[] = [];
export type LaneHandlers = {
  onClick: (e: React.MouseEvent) => void;
  onDoubleClick: (e: React.MouseEvent) => void;
  onKeyDown: (e: React.KeyboardEvent) => void;
  onBarPointerDown: (e: React.PointerEvent<HTMLElement>, run: Run) => void;
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
export const Lane = memo(function Lane({
  rowRef,
  track,
  ti,
  weeks,
  weekIndex,
  first,
  last,
  tabWeek,
  pinnedWeek,
  selectedWeek,
  selectedAllocationId,
  drag,
  runs,
  milestones,
  coverage,
  byCell,
  problemsByCell,
  offerings,
  todayWeek,
  todayIndex,
  handlers,
  onEditTrack,
}: LaneProps) {
  const trackFirst = useMemo(() => weekOf(track.start), [track.start]);
  const trackLast = useMemo(() => weekOf(track.end), [track.end]);
  const rows = Math.max(1, ...runs.map((r) => r.row + 1));
  const width = weeks.length * COL_W;
  const markers = useMemo(
    () => layoutMilestoneMarkers(milestones, weekIndex, coverage, problemsByCell, COL_W),
    [milestones, weekIndex, coverage, problemsByCell],
  );
  const milestoneBand = 4 + Math.max(2, ...markers.map((mk) => mk.row + 1)) * MARKER_ROW_H;
  const height = milestoneBand + rows * ROW_H + 8;
  // A cell's label and class depend on the data, not on the window: computed once per week while the data stands.
  const cellText = useMemo(
    () => new Map<string, { label: string; className: string }>(),
    [track, trackFirst, trackLast, byCell, problemsByCell, todayWeek],
  );
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
    return (
      <TrackCell
        key={w}
        trackId={track.id}
        ti={ti}
        week={w}
        column={wi}
        tabIndex={tabWeek === w ? 0 : -1}
        label={text.label}
        className={selectedWeek === w ? `${text.className} selected` : text.className}
      />
    );
  };
  const cells = [];
  for (let wi = first; wi <= last; wi++) cells.push(cell(weeks[wi]!, wi));
  if (pinnedWeek !== null) cells.push(cell(pinnedWeek, weekIndex.get(pinnedWeek)!));
  // A marker is in the window if it or its label (after the marker) is.
  const windowLeft = first * COL_W;
  const windowRight = (last + 1) * COL_W;
  return (
    <div ref={rowRef} className="pt-row pt-lane" role="row" style={{ height }}>
      <div className="pt-label" role="rowheader" style={{ borderLeft: `4px solid ${track.colour}` }}>
        <div className="pt-track-name">
          {track.name}
          {onEditTrack && (
            <button
              type="button"
              className="pt-label-edit"
              aria-label={`Edit track ${track.name} (timeline)`}
              title="Edit the track: name, owner, focus, colour, dates"
              onClick={() => onEditTrack(track.id)}
            >
              ✎
            </button>
          )}
        </div>
        <div className="pt-track-owner">{track.owner}</div>
        <div className="pt-track-dates">
          {fmtDay(track.start)} → {fmtDay(track.end)} · {daysInclusive(track.start, track.end)} days
        </div>
      </div>
      <div
        className="pt-weeks pt-lane-area"
        style={{ width, height }}
        onClick={handlers.onClick}
        onDoubleClick={handlers.onDoubleClick}
        onKeyDown={handlers.onKeyDown}
      >
        {cells}
        {last >= first &&
          markers.map((mk) =>
            mk.left > windowRight || mk.left + mk.width + MILESTONE_TEXT_W < windowLeft ? null : (
              <div
                key={mk.id}
                className={mk.className}
                data-cell={`milestone:${mk.id}`}
                role="gridcell"
                tabIndex={-1}
                style={{ left: mk.left, width: mk.width, top: mk.top }}
                title={mk.title}
              >
                <span className="pt-ms-text">
                  <span className="pt-diamond" aria-hidden="true">
                    ◆
                  </span>{' '}
                  <span className="pt-ms-label">{mk.label}</span> <span className="pt-ms-dates">{mk.dates}</span>
                </span>
              </div>
            ),
          )}
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
        {todayIndex !== undefined && todayIndex >= first && todayIndex <= last && (
          <div className="pt-today-line" style={{ left: todayIndex * COL_W + COL_W / 2 }} aria-hidden="true" />
        )}
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

/** One week of a swimlane; clicks and keys are handled by the lane (data-track / data-week / data-ti). */
const TrackCell = memo(function TrackCell({
  trackId,
  ti,
  week,
  column,
  tabIndex,
  label,
  className,
}: {
  trackId: string;
  ti: number;
  week: string;
  column: number;
  tabIndex: number;
  label: string;
  className: string;
}) {
  return (
    <div
      role="gridcell"
      tabIndex={tabIndex}
      data-cell={`track:${trackId}:${week}`}
      data-track={trackId}
      data-week={week}
      data-ti={ti}
      aria-label={label}
      className={className}
      style={{ gridColumnStart: column + 1 }}
    />
  );
});

/** A run of bookings; only the weeks segFirst…segLast (the window's part of it) get their segment mounted. */
const Bar = memo(function Bar({
  run,
  top,
  segFirst,
  segLast,
  colour,
  offering,
  selected,
  dragMode,
  dx,
  onPointerDown,
  onSegClick,
}: {
  run: Run;
  top: number;
  segFirst: number;
  segLast: number;
  colour: string;
  offering: string;
  selected: boolean;
  dragMode: Drag['mode'] | null;
  dx: number;
  onPointerDown: (e: React.PointerEvent<HTMLElement>, run: Run) => void;
  onSegClick: (trackId: string, a: Allocation) => void;
}) {
  const left = run.startIndex * COL_W + 3;
  const baseWidth = (run.endIndex - run.startIndex + 1) * COL_W - 6;
  const strong = run.gpuId.startsWith('a100') || run.gpuId.startsWith('h100');
  return (
    <div
      className={`pt-bar${selected ? ' selected' : ''}${dragMode ? ' dragging' : ''}`}
      style={{
        left,
        width: Math.max(24, baseWidth + (dragMode === 'resize' ? dx : 0)),
        top,
        transform: `translateX(${dragMode === 'move' ? dx : 0}px)`,
        background: strong ? colour : tint(colour, run.gpuId.startsWith('l4') ? 0.3 : 0.6),
        color: strong ? '#fff' : '#111827',
        borderColor: colour,
      }}
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
