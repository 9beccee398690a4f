/** The timeline's weekly totals: one TotalsRow per figure (GPU-hours, cost, cumulative cost, storage, data transfer). */
import { money, toCents } from '../../../shared/domain/money-format';
import type { Project } from '../../../shared/domain/plan/types';
import { TotalsRow, type TotalText } from './TimelineRows';

export interface WeeklyTotalsCells {
  hours: Map<string, TotalText>;
  cost: Map<string, TotalText>;
  cumulative: Map<string, TotalText>;
  storage: Map<string, TotalText>;
  transfer: Map<string, TotalText>;
}

/** What each totals row shows, top to bottom; only the cost row's cells are focus targets (`totals::<week>`). */
function totalsRowSpecs(cells: WeeklyTotalsCells, project: Pick<Project, 'currency' | 'budget'>) {
  return [
    { label: 'GPU-hours', sub: 'all tracks', cells: cells.hours, keyed: false },
    { label: 'Cost', sub: "vs the week's share of the budget", cells: cells.cost, keyed: true },
    {
      label: 'Cumulative cost',
      sub: `vs budget ${money(project.currency, toCents(project.budget || '0'))}`,
      cells: cells.cumulative,
      keyed: false,
    },
    {
      label: 'Storage',
      sub: cells.storage.size ? 'own line, not in the GPU cost' : 'none stated (see Storage & data transfer)',
      cells: cells.storage,
      keyed: false,
    },
    { label: 'Data transfer', sub: cells.transfer.size ? 'egress, monthly tiers' : 'none stated', cells: cells.transfer, keyed: false },
  ];
}

export function WeeklyTotalsRows({
  placeRow,
  weeks,
  todayWeek,
  cells,
  project,
}: {
  /** Where the k-th totals row goes: its row ref in the grid window, and the week columns mounted in it. */
  placeRow: (k: number) => { rowRef: (el: HTMLDivElement | null) => void; range: [number, number] };
  weeks: string[];
  todayWeek: string;
  cells: WeeklyTotalsCells;
  project: Pick<Project, 'currency' | 'budget'>;
}) {
  return (
    <>
      {totalsRowSpecs(cells, project).map((spec, k) => (
        <TotalsRow
          key={spec.label}
          {...placeRow(k)}
          weeks={weeks}
          label={spec.label}
          sub={spec.sub}
          todayWeek={todayWeek}
          cells={spec.cells}
          keyed={spec.keyed}
        />
      ))}
    </>
  );
}
