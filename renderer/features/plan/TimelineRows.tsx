/** The timeline's other rows: the week header cells, one row per capacity pool, and the weekly totals rows. */
import { memo } from 'react';
import type { CapacityPool, OfferingFacts } from '../../../shared/domain/plan/types';
import { weekEnd, weekLabel, weekStart } from '../../../shared/domain/plan/weeks';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { COL_W } from './timeline-geometry';
import { fmtHours, gpuShort } from './timeline-model';

type PoolLoad = PlanView['analysis']['pools'][number];
/** One capacity pool: its label (always) and its booked load for the weeks in the window. */
export const PoolRow = memo(function PoolRow({
  rowRef,
  pool,
  load,
  offerings,
  weeks,
  first,
  last,
  todayWeek,
}: {
  rowRef: (el: HTMLDivElement | null) => void;
  pool: CapacityPool;
  load: PoolLoad | undefined;
  offerings: Map<string, OfferingFacts>;
  weeks: string[];
  first: number;
  last: number;
  todayWeek: string;
}) {
  const cells = [];
  for (let wi = first; wi <= last; wi++) {
    const w = weeks[wi]!;
    cells.push(
      <PoolCell
        key={w}
        poolId={pool.id}
        name={pool.name}
        capacity={pool.capacity}
        week={w}
        column={wi}
        today={w === todayWeek}
        load={load?.weeks[w]}
      />,
    );
  }
  return (
    <div ref={rowRef} className="pt-row pt-pool" role="row">
      <div className="pt-label" role="rowheader" title={pool.notes ?? ''}>
        <div className="pt-track-name">{pool.name}</div>
        <div className="pt-track-owner">
          {pool.capacity} {pool.unit === 'gpus' ? (pool.capacity === 1 ? 'GPU' : 'GPUs') : 'vCPUs'} at a time ·{' '}
          {[
            ...pool.offeringIds.map((id) => gpuShort(offerings.get(id)?.gpuId ?? id.split('-').slice(-2).join('-'))),
            ...pool.gpuIds.map(gpuShort),
          ].join(', ')}
        </div>
      </div>
      <div className="pt-weeks" style={{ width: weeks.length * COL_W }}>
        {cells}
      </div>
    </div>
  );
});

export const WeekHead = memo(function WeekHead({
  week,
  column,
  today,
  outside,
}: {
  week: string;
  column: number;
  today: boolean;
  outside: boolean;
}) {
  return (
    <div
      role="columnheader"
      className={`pt-weekhead${today ? ' today' : ''}${outside ? ' outside' : ''}`}
      style={{ gridColumnStart: column + 1 }}
      title={`${week}: Monday ${weekStart(week)} to Sunday ${weekEnd(week)}`}
    >
      <strong>{week.slice(5)}</strong> <span>{weekLabel(week).split('·')[1]}</span>
      {today && <span className="pt-today-badge">today</span>}
    </div>
  );
});

type PoolWeek = PlanView['analysis']['pools'][number]['weeks'][string];
const PoolCell = memo(function PoolCell({
  poolId,
  name,
  capacity,
  week,
  column,
  today,
  load: l,
}: {
  poolId: string;
  name: string;
  capacity: number;
  week: string;
  column: number;
  today: boolean;
  load: PoolWeek | undefined;
}) {
  const pct = l && l.capacityHours ? Math.min(1, l.gpuHours / l.capacityHours) : 0;
  return (
    <div
      role="gridcell"
      tabIndex={-1}
      data-cell={`pool:${poolId}:${week}`}
      className={`pt-poolcell${l ? ' num' : ' empty'}${l?.over ? ' over' : l?.turns ? ' turns' : ''}${today ? ' today' : ''}`}
      style={{ gridColumnStart: column + 1 }}
      title={
        l
          ? `${name}, ${week}: ${l.gpuHours} GPU-h booked of ${l.capacityHours}; ${l.concurrentGpus} GPU bookings at once (capacity ${capacity})${l.over ? ' — OVER CAPACITY' : l.turns ? ' — bookings must take turns' : ''}`
          : `${week}: nothing booked`
      }
    >
      {l ? (
        <>
          <i className="pt-load" style={{ '--load': `${pct * 100}%` } as React.CSSProperties} />
          {`${fmtHours(l.gpuHours)}/${l.capacityHours} h`}
          {l.concurrentGpus > capacity && <b className="pt-conc">{`${l.concurrentGpus} at once`}</b>}
        </>
      ) : (
        '—'
      )}
    </div>
  );
});

const TotalCell = memo(function TotalCell({
  week,
  column,
  today,
  text,
  sub,
  cls,
  title,
  cellKey,
}: {
  week: string;
  column: number;
  today: boolean;
  text: string;
  sub: string | undefined;
  cls: string;
  title: string;
  cellKey: string | undefined;
}) {
  return (
    <div
      role="gridcell"
      tabIndex={-1}
      data-cell={cellKey}
      data-w={week}
      className={`pt-totalcell num ${cls}${today ? ' today' : ''}`}
      style={{ gridColumnStart: column + 1 }}
      title={title}
    >
      {text}
      {sub && <span className="pt-totalsub">{sub}</span>}
    </div>
  );
});

export interface TotalText {
  text: string;
  sub?: string;
  cls: string;
  title: string;
}

/** One weekly-totals row: its label (always) and its figures for the weeks in the window. */
export const TotalsRow = memo(
  function TotalsRow({
    rowRef,
    weeks,
    range: [first, last],
    label,
    sub,
    todayWeek,
    cells: byWeek,
    keyed,
  }: {
    rowRef: (el: HTMLDivElement | null) => void;
    weeks: string[];
    range: [number, number];
    label: string;
    sub: string;
    todayWeek: string;
    cells: Map<string, TotalText>;
    keyed: boolean;
  }) {
    const cells = [];
    for (let wi = first; wi <= last; wi++) {
      const w = weeks[wi]!;
      const r = byWeek.get(w);
      if (r)
        cells.push(
          <TotalCell
            key={w}
            week={w}
            column={wi}
            today={w === todayWeek}
            text={r.text}
            sub={r.sub}
            cls={r.cls}
            title={r.title}
            cellKey={keyed ? `totals::${w}` : undefined}
          />,
        );
    }
    return (
      <div ref={rowRef} className="pt-row pt-totals" role="row">
        <div className="pt-label" role="rowheader">
          <div className="pt-track-name">{label}</div>
          <div className="pt-track-owner">{sub}</div>
        </div>
        <div className="pt-weeks" style={{ width: weeks.length * COL_W }}>
          {cells}
        </div>
      </div>
    );
  },
  (a, b) =>
    a.rowRef === b.rowRef &&
    a.weeks === b.weeks &&
    a.range[0] === b.range[0] &&
    a.range[1] === b.range[1] &&
    a.label === b.label &&
    a.sub === b.sub &&
    a.todayWeek === b.todayWeek &&
    a.cells === b.cells &&
    a.keyed === b.keyed,
);
