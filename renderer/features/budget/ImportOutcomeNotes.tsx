/**
 * What an import's summary says beyond its totals (issue 19 item 19): its warnings, each said once with how many
 * lines gave it ("… — 19 lines (5, 6, …)").
 */
import { warningWhere } from '../../../shared/domain/billing/import-warnings';
import type { Response } from '../../../shared/ipc/contract';

type ImportResult = Response<'budget:import-file'>;

export function ImportWarnings({ result }: { result: ImportResult }) {
  if (result.warnings.length === 0) return null;
  return (
    <div className="muted" data-testid="import-warnings">
      {result.warnings.length === 1 ? '1 warning' : `${result.warnings.length} warnings`}:
      <ul>
        {result.warnings.slice(0, 5).map((w) => (
          <li key={`${w.column}|${w.message}`} data-testid="import-warning">
            {w.column ? `${w.column}: ` : ''}
            {w.message} — {warningWhere(w)}
          </li>
        ))}
      </ul>
    </div>
  );
}
