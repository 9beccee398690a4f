/**
 * A table's header row from its column names: a plain string is a text column; an object can right-align a numeric
 * column (`num`) or explain it on hover (`title`). An empty string is a column of row actions: its header reads
 * "Actions" to screen readers only (a header without text is refused by axe's empty-table-header).
 */
import type { ReactNode } from 'react';

export type HeadColumn = string | { label: ReactNode; num?: boolean; title?: string };

export function TableHead({ columns }: { columns: readonly HeadColumn[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) =>
          typeof column === 'string' ? (
            <th key={i}>{column === '' ? <span className="sr-only">Actions</span> : column}</th>
          ) : (
            <th key={i} className={column.num ? 'num' : undefined} title={column.title}>
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
