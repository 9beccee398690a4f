/** The building blocks of the printed report: the lettered section with its source line, the table, severity tags, date ranges. */
import type { ReactNode } from 'react';
import { REPORT_SECTIONS, type ReportModel, type ReportSectionId } from '../../../../shared/domain/report/report-model';

const letter = (n: number) => String.fromCharCode(64 + n);

/** A lettered appendix section (only when the report includes it), ending with where its figures come from. */
export function Section({
  id,
  model,
  children,
  source,
}: {
  id: ReportSectionId;
  model: ReportModel;
  children: ReactNode;
  source: ReactNode;
}) {
  if (!model.sections.includes(id)) return null;
  const n = model.sections.indexOf(id) + 1;
  const title = REPORT_SECTIONS.find((s) => s.id === id)!.title;
  // Sections flow one after the other (no forced page per section: no page with two spilled rows).
  return (
    <section className="rp-section" id={`rp-${id}`} data-section={id}>
      <h2>
        {letter(n)}. {title}
      </h2>
      {children}
      <p className="rp-source">
        <strong>Source:</strong> {source}
      </p>
    </section>
  );
}

/** A report table: header, rows, numeric and no-wrap columns by index, optional column widths. */
export function Table({
  head,
  rows,
  numeric = [],
  nowrap = [],
  widths,
  className,
}: {
  head: string[];
  rows: ReactNode[][];
  numeric?: number[];
  nowrap?: number[];
  widths?: string[];
  className?: string;
}) {
  const cls = (i: number) => [numeric.includes(i) ? 'num' : '', nowrap.includes(i) ? 'nowrap' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <table className={`rp-table ${className ?? ''}`}>
      {widths && (
        <colgroup>
          {widths.map((w, i) => (
            <col key={i} style={{ width: w }} />
          ))}
        </colgroup>
      )}
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={i} className={cls(i)}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) => (
              <td key={j} className={cls(j)}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A problem's severity as a coloured tag. */
export const Sev = ({ s }: { s: string }) => <span className={`rp-sev rp-sev-${s}`}>{s}</span>;

/** `2025-12-21 → 12-23` within a year, else both dates in full. */
export function dates(start: string, end: string): string {
  return start.slice(0, 4) === end.slice(0, 4) ? `${start} → ${end.slice(5)}` : `${start} → ${end}`;
}
