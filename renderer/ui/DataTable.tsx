/**
 * The generic table of the app: TanStack Table for sorting/filtering, TanStack Virtual for rows, so a table of a
 * million rows scrolls like one of ten. Features pass column definitions and data; nothing domain-specific here.
 */
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type Row,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { nextRowIndex } from './tab-keys';

export interface DataTableProps<T> {
  data: T[];
  columns: Array<ColumnDef<T, any>>;
  /** Accessible name of the table. */
  label: string;
  getRowId?: (row: T, index: number) => string;
  /** Opens a row: on click, and on Enter or Space when the row has the keyboard focus (Up/Down move it). */
  onRowClick?: (row: T) => void;
  selectedRowId?: string | null;
  globalFilter?: string;
  columnFilters?: ColumnFiltersState;
  initialSorting?: SortingState;
  /** Height of the scroll area in px (the header stays visible). */
  height?: number | string;
  rowHeight?: number;
  emptyText?: string;
  rowClassName?: (row: T) => string | undefined;
  /** Columns to hide by id (e.g. when a side panel narrows the table). */
  hiddenColumns?: readonly string[];
}

const NO_FILTERS: ColumnFiltersState = [];

export function DataTable<T>(props: DataTableProps<T>) {
  const { data, columns, label, getRowId, onRowClick, selectedRowId, rowHeight = 30, height = 520, emptyText = 'Nothing to show.' } = props;
  const [sorting, setSorting] = useState<SortingState>(props.initialSorting ?? []);
  const table = useReactTable({
    data,
    columns,
    // A stable empty filter list: a new [] each render makes TanStack recompute the filtered rows and reset the page
    // index forever (an infinite render loop).
    state: {
      sorting,
      columnVisibility: Object.fromEntries((props.hiddenColumns ?? []).map((id) => [id, false])),
      globalFilter: props.globalFilter ?? '',
      columnFilters: props.columnFilters ?? NO_FILTERS,
    },
    autoResetPageIndex: false,
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    ...(getRowId ? { getRowId } : {}),
  });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const columnCount = table.getVisibleLeafColumns().length;
  // One tab stop in the rows (the selected row, else the last focused, else the first); arrows move it.
  const [focusIndex, setFocusIndex] = useState(0);
  // Memoised: the table re-renders on every scroll frame, and a million-row search per frame would cost the scroll.
  const selectedIndex = useMemo(() => (selectedRowId ? rows.findIndex((r) => r.id === selectedRowId) : -1), [rows, selectedRowId]);
  const activeIndex = selectedIndex >= 0 ? selectedIndex : Math.min(focusIndex, rows.length - 1);
  const focusRow = (index: number) => {
    setFocusIndex(index);
    virtualizer.scrollToIndex(index);
    requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`tr[data-row-index="${index}"]`)?.focus());
  };
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
      return;
    }
    const next = nextRowIndex(event.key, index, rows.length);
    if (next === null) return;
    event.preventDefault();
    focusRow(next);
  };

  return (
    <div className="data-table" ref={scrollRef} style={{ height, overflow: 'auto' }} role="region" aria-label={label} tabIndex={0}>
      <table className="data" aria-label={label} aria-rowcount={rows.length}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort();
                const meta = header.column.columnDef.meta as { numeric?: boolean; title?: string } | undefined;
                return (
                  <th
                    key={header.id}
                    className={[canSort ? 'sortable' : '', meta?.numeric ? 'num' : ''].join(' ')}
                    style={{ width: header.getSize() !== 150 && header.getSize() > 0 ? header.getSize() : undefined }}
                    onClick={canSort ? header.column.getToggleSortingHandler() : undefined}
                    tabIndex={canSort ? 0 : undefined}
                    onKeyDown={
                      canSort
                        ? (e) => {
                            if (e.key !== 'Enter' && e.key !== ' ') return;
                            e.preventDefault();
                            header.column.toggleSorting(undefined, e.shiftKey);
                          }
                        : undefined
                    }
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                    title={meta?.title}
                  >
                    {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                    {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columnCount} style={{ height: paddingTop, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index] as Row<T>;
            const selected = selectedRowId !== undefined && selectedRowId !== null && row.id === selectedRowId;
            return (
              <tr
                key={row.id}
                data-row-id={row.id}
                data-row-index={item.index}
                tabIndex={onRowClick ? (item.index === activeIndex ? 0 : -1) : undefined}
                onKeyDown={onRowClick ? (e) => onRowKeyDown(e, item.index, row.original) : undefined}
                onFocus={onRowClick ? () => setFocusIndex(item.index) : undefined}
                className={[selected ? 'selected' : '', props.rowClassName?.(row.original) ?? ''].join(' ')}
                style={{ height: rowHeight, cursor: onRowClick ? 'pointer' : undefined }}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                aria-selected={selected || undefined}
              >
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta as { numeric?: boolean } | undefined;
                  return (
                    <td key={cell.id} className={meta?.numeric ? 'num' : undefined}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columnCount} style={{ height: paddingBottom, padding: 0, border: 0 }} />
            </tr>
          )}
          {rows.length === 0 && (
            <tr>
              <td colSpan={columnCount} className="muted" style={{ padding: 16, textAlign: 'center' }}>
                {emptyText}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
