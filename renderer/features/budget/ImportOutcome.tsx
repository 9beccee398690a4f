/** The import's outcome: the progress of a running import, the summary of a finished one, or every error of a refused file. */
import { NO_CURRENCY } from '../../../shared/domain/billing/spend-line';
import type { SerializedError } from '../../../shared/domain/errors';
import { describeFilterCounts } from '../../../shared/domain/billing/import-filter';
import { durationText, importPace } from '../../../shared/domain/billing/import-pace';
import { bytesText, groupThousands, totalsText } from './format';
import type { ImportPreview, ImportProgress, ImportResult } from './use-import-flow';
import { TableHead } from '../../ui/TableHead';
import { ImportReachNote, ImportWarnings } from './ImportOutcomeNotes';

/** Errors listed in the dialog; the import history keeps them all. */
const ERRORS_SHOWN = 200;

export function ImportRunning({ preview, progress }: { preview: ImportPreview | null; progress: ImportProgress | null }) {
  const pct = progress && progress.totalBytes > 0 ? Math.min(100, Math.round((progress.bytesRead / progress.totalBytes) * 100)) : 0;
  const pace = progress?.startedAt && progress.at ? importPace(progress, progress.at - progress.startedAt) : null;
  return (
    <div className="bu-running" aria-live="polite">
      <div className="progress" role="progressbar" aria-label="Import progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <div style={{ width: `${pct}%` }} />
      </div>
      <div className="muted" data-testid="import-progress-text">
        Importing {preview?.fileName}: {pct}% · {bytesText(progress?.bytesRead ?? 0)} of{' '}
        {bytesText(progress?.totalBytes ?? preview?.bytes ?? 0)} · {groupThousands(String(progress?.rowsRead ?? 0))} rows read
        {pace && pace.rowsPerSecond > 0 ? ` · ${groupThousands(String(pace.rowsPerSecond))} rows/s` : ''}
        {pace && pace.secondsLeft !== null && progress && progress.rowsRead > 0 ? ` · about ${durationText(pace.secondsLeft)} left` : ''}.
        Cancel leaves the database as it was.
      </div>
    </div>
  );
}

/** What an import added: the exact billed total per currency, its periods, what it replaces, its first warnings. */
export function ImportSummary({ result, sliced = false }: { result: ImportResult; sliced?: boolean }) {
  const empty = result.rowsImported === 0 && Object.keys(result.totals).length === 0;
  if (empty)
    return (
      <div className="banner warn" data-testid="import-summary">
        <div>
          <strong>No line items in {result.file}</strong>:{' '}
          {result.rowsRead === 0
            ? 'the file has its header and no rows'
            : `none of its ${groupThousands(String(result.rowsRead))} row(s) is a line item`}{' '}
          (an empty export). Nothing was added to the spend; the import is kept in the history.
        </div>
        <div className="muted">
          {result.description} ({result.format})
        </div>
      </div>
    );
  return (
    <div className="banner info bu-summary" data-testid="import-summary">
      <div>
        <strong>Imported {groupThousands(String(result.rowsImported))} line item(s)</strong> of {groupThousands(String(result.rowsRead))}{' '}
        row(s) read · {result.description} ({result.format}, {result.costBasis} cost)
        {result.rowsSkipped > 0
          ? ` · ${groupThousands(String(result.rowsSkipped))} invalid row(s) skipped, listed in the import history`
          : ''}
      </div>
      {sliced && result.filtered && (
        <div data-testid="import-slice-counts">Slice: {describeFilterCounts(result.filtered, (n) => groupThousands(String(n)))}</div>
      )}
      <div>
        Billed total as the file states it: <strong data-testid="import-total">{totalsText(result.totals)}</strong>
      </div>
      <table className="data bu-compact bu-totals" aria-label="Import totals" data-testid="import-total-exact">
        <TableHead columns={['Currency', { label: 'Billed total, exact (as the file states it)', num: true }]} />
        <tbody>
          {Object.keys(result.totals)
            .sort()
            .map((c) => (
              <tr key={c} data-currency={c}>
                <td>{c === NO_CURRENCY ? 'not stated in the file' : c}</td>
                <td className="num mono" data-testid={`import-total-exact-${c}`}>
                  {c === NO_CURRENCY ? '' : `${c} `}
                  {result.totals[c]}
                </td>
              </tr>
            ))}
        </tbody>
      </table>
      {result.periods.length > 0 && (
        <div className="muted" data-testid="import-periods">
          Billing period(s): {result.periods.map((p) => `${p.start.slice(0, 10)} → ${p.end.slice(0, 10)}`).join(', ')} (end exclusive)
        </div>
      )}
      {result.replacedImportIds.length > 0 && (
        <div>
          Replaces the earlier import(s) #{result.replacedImportIds.join(', #')} (the same data, or a newer export of the same period):
          their lines no longer count.
        </div>
      )}
      <ImportReachNote result={result} />
      <ImportWarnings result={result} />
    </div>
  );
}

/** A refused or cancelled import: its message and, for invalid rows, the line, column, problem and value of each. */
export function ImportErrorBanner({ error }: { error: SerializedError }) {
  const problems = error.details?.problems ?? [];
  return (
    <div className="banner error" role="alert" data-testid="import-error">
      <div>
        <strong>{error.message.split('\n')[0]!.replace(/ \(use --skip-invalid[^)]*\)/, '')}</strong>
      </div>
      {problems.length > 0 && (
        <div>
          Import the valid rows only to leave these rows out (they stay listed in the import history), or fix the file and import it again.
        </div>
      )}
      {problems.length > 0 && (
        <div className="bu-errors">
          <table className="data bu-compact" aria-label="Import errors">
            <TableHead columns={[{ label: 'Line', num: true }, 'Column', 'Problem', 'Value']} />
            <tbody>
              {problems.slice(0, ERRORS_SHOWN).map((p, i) => (
                <tr key={i}>
                  <td className="num">{p.line ?? ''}</td>
                  <td>{String(p.column ?? p.field ?? '')}</td>
                  <td>{p.message}</td>
                  <td className="mono">{p.value ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {problems.length > ERRORS_SHOWN && <div className="muted">… and {problems.length - ERRORS_SHOWN} more</div>}
        </div>
      )}
    </div>
  );
}
