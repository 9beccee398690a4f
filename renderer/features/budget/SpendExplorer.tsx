/** Spend explorer: the spend lines of the active imports in the virtualized table, server-side filters, group-by totals. */
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import type { Response } from '../../../shared/ipc/contract';
import { SPEND_GROUP_BY, type SpendLineView } from '../../../shared/ipc/contract/budget-import';
import { api } from '../../app/api';
import { DataTable } from '../../ui/DataTable';
import { ToolbarSelect } from '../../ui/ToolbarSelect';
import { amountText, totalsText } from './format';
import { useBudgetStore } from './store';

type GroupBy = (typeof SPEND_GROUP_BY)[number];
const PAGE = 5000;

export function SpendExplorer() {
  const overview = useBudgetStore((s) => s.overview);
  const tracks = overview?.tracksMeta ?? [];
  const [filters, setFilters] = useState({ from: '', to: '', service: '', currency: '', trackId: '', search: '', gpuOnly: false });
  const [groupBy, setGroupBy] = useState<GroupBy>('service');
  const [data, setData] = useState<Response<'budget:list-spend-lines'> | null>(null);
  const [summary, setSummary] = useState<Response<'budget:spend-summary'> | null>(null);
  const [error, setError] = useState<string | null>(null);

  const request = useMemo(() => {
    const f: Record<string, string | boolean> = {};
    for (const [k, v] of Object.entries(filters)) if (v !== '' && v !== false) f[k] = typeof v === 'string' ? v.trim() : v;
    return f;
  }, [filters]);

  useEffect(() => {
    let cancelled = false;
    const t = setTimeout(() => {
      void Promise.all([
        api.budget.listSpendLines({ offset: 0, limit: PAGE, filters: request }),
        api.budget.spendSummary({ by: groupBy, filters: request }),
      ]).then(([lines, sum]) => {
        if (cancelled) return;
        setError(!lines.ok ? lines.error.message : !sum.ok ? sum.error.message : null);
        if (lines.ok) setData(lines.value);
        if (sum.ok) setSummary(sum.value);
      });
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(t);
    };
  }, [request, groupBy]);

  const trackName = (id: string | null) => (id ? (tracks.find((t) => t.id === id)?.name ?? id) : 'unallocated');
  const columns = useMemo<Array<ColumnDef<SpendLineView>>>(
    () => [
      { id: 'day', header: 'Date', accessorFn: (l) => l.chargePeriodStart.slice(0, 10), size: 90 },
      {
        id: 'cost',
        header: 'Billed cost',
        accessorFn: (l) => Number(l.billedCost),
        cell: (c) => (
          <span title={`${c.row.original.billedCost} ${c.row.original.currency} (exact, as the file states it)`}>
            {amountText(c.row.original.currency, c.row.original.billedCost)}
          </span>
        ),
        meta: { numeric: true },
        size: 120,
      },
      { id: 'currency', header: 'Cur.', accessorKey: 'currency', size: 50 },
      { id: 'provider', header: 'Provider', accessorFn: (l) => l.provider ?? '', size: 90 },
      { id: 'service', header: 'Service', accessorFn: (l) => l.service ?? '', size: 200 },
      {
        id: 'resource',
        header: 'Resource',
        accessorFn: (l) => l.resourceName ?? l.resourceId ?? '',
        cell: (c) => (
          <span className="mono bu-ellipsis" title={String(c.getValue())}>
            {String(c.getValue())}
          </span>
        ),
        size: 240,
      },
      { id: 'sku', header: 'Instance / SKU', accessorFn: (l) => l.instanceType ?? l.sku ?? '', size: 130 },
      { id: 'gpu', header: 'GPUs', accessorFn: (l) => l.gpuCount ?? '', meta: { numeric: true }, size: 50 },
      { id: 'usage', header: 'Usage', accessorFn: (l) => (l.usageQuantity ? `${l.usageQuantity} ${l.usageUnit ?? ''}` : ''), size: 110 },
      { id: 'account', header: 'Account', accessorFn: (l) => l.subAccountId ?? l.billingAccountId ?? '', size: 110 },
      { id: 'track', header: 'Track', accessorFn: (l) => trackName(l.trackId), size: 140 },
      {
        id: 'tags',
        header: 'Tags',
        accessorFn: (l) =>
          Object.entries(l.tags)
            .map(([k, v]) => `${k}=${v}`)
            .join(', '),
        cell: (c) => (
          <span className="muted bu-ellipsis" title={String(c.getValue())}>
            {String(c.getValue())}
          </span>
        ),
        size: 200,
      },
    ],
    [tracks],
  );

  const set = (patch: Partial<typeof filters>) => setFilters((f) => ({ ...f, ...patch }));
  /** A free-text filter; `normalize` turns what is typed into the filter's value. */
  const textFilter = (
    key: 'service' | 'currency' | 'search',
    label: string,
    placeholder: string,
    size: number,
    normalize = (text: string) => text,
  ) => (
    <input
      className="input"
      aria-label={label}
      placeholder={placeholder}
      value={filters[key]}
      onChange={(e) => set({ [key]: normalize(e.target.value) })}
      size={size}
    />
  );
  return (
    <div className="bu-spend">
      <div className="panel toolbar bu-filters" aria-label="Spend filters">
        <input className="input" type="date" aria-label="From" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
        <input className="input" type="date" aria-label="To" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
        {textFilter('service', 'Service', 'service', 16)}
        {textFilter('currency', 'Currency', 'currency', 6, (text) => text.toUpperCase())}
        <select className="input" aria-label="Track" value={filters.trackId} onChange={(e) => set({ trackId: e.target.value })}>
          <option value="">all tracks</option>
          {tracks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
          <option value="(unallocated)">unallocated</option>
        </select>
        <label>
          <input type="checkbox" checked={filters.gpuOnly} onChange={(e) => set({ gpuOnly: e.target.checked })} /> GPU lines only
        </label>
        {textFilter('search', 'Search', 'search resource, SKU, tags…', 22)}
        <span className="spacer" />
        <ToolbarSelect id="group-by" label="Group by" value={groupBy} options={SPEND_GROUP_BY} onChange={setGroupBy} />
      </div>
      {error && <div className="banner error">{error}</div>}
      {summary && (
        <div className="panel bu-groups">
          <div className="panel-title">
            <strong>Total {totalsText(summary.totals)}</strong>
            <span className="muted">by {groupBy} · per currency, never summed across currencies · exact decimal sums</span>
          </div>
          {groupBy !== 'none' && (
            // Focusable so the keyboard can scroll it (axe: scrollable-region-focusable).
            <div className="bu-group-list" tabIndex={0} role="region" aria-label={`Spend by ${groupBy}, scrollable`}>
              <table className="data bu-compact" aria-label={`Spend by ${groupBy}`}>
                <thead>
                  <tr>
                    <th>{groupBy}</th>
                    <th className="num">Lines</th>
                    <th className="num">Billed cost</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.groups.slice(0, 200).map((g) => (
                    <tr key={g.key}>
                      <td>{groupBy === 'track' ? trackName(g.key === '(unallocated)' ? null : g.key) : g.key}</td>
                      <td className="num">{g.lines}</td>
                      <td className="num">{totalsText(g.totals)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
      <div className="muted">
        {data
          ? `${data.total.toLocaleString('en-US')} line(s) match${data.total > data.lines.length ? `; the first ${data.lines.length.toLocaleString('en-US')} are listed — narrow the filters to see others` : ''}`
          : 'Loading…'}
      </div>
      <DataTable
        label="Spend lines"
        data={data?.lines ?? []}
        columns={columns}
        getRowId={(l) => String(l.id)}
        height={460}
        emptyText="No spend lines: import a billing export."
      />
    </div>
  );
}
