/**
 * A DataTable column over a value a row may lack (a price, a cost, a break-even): sorted by a number taken from the
 * value — rows without it sort as Infinity, last in ascending order — and drawn by `render`, else `empty`.
 */
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';

export interface OptionalColumnSpec<Row, V> {
  id: string;
  header: string;
  value: (row: Row) => V | null | undefined;
  sortValue: (value: V) => number | null;
  render: (value: V, row: Row) => ReactNode;
  /** What a row without the value shows ('—' unless given). */
  empty?: ReactNode;
  meta?: { numeric?: boolean; title?: string };
  size?: number;
}

export function optionalColumn<Row, V>(spec: OptionalColumnSpec<Row, V>): ColumnDef<Row, any> {
  const { value, sortValue, render, empty = '—', ...column } = spec;
  return {
    ...column,
    accessorFn: (row: Row) => {
      const v = value(row);
      return v === null || v === undefined ? Infinity : (sortValue(v) ?? Infinity);
    },
    cell: (c: { row: { original: Row } }) => {
      const v = value(c.row.original);
      return v === null || v === undefined ? empty : render(v, c.row.original);
    },
  };
}
