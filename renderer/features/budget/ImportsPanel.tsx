/** Import history: each import with its file, hash, dialect, period, rows and totals; an import can be undone. */
import { useEffect, useState } from 'react';
import type { BillingImport } from '../../../shared/ipc/contract/budget-import';
import { api } from '../../app/api';
import { totalsText } from './format';
import { reachSentence } from './ImportOutcomeNotes';
import { useBudgetStore } from './store';

export function ImportsPanel({ version }: { version: number }) {
  const [imports, setImports] = useState<BillingImport[]>([]);
  const run = useBudgetStore((s) => s.run);
  const reload = () =>
    void api.budget.listImports({}).then((r) => {
      if (r.ok) setImports(r.value.imports);
    });
  useEffect(reload, [version]);
  return (
    <div className="panel">
      <div className="panel-title">
        <strong>Import history</strong>
        <span className="muted">
          a re-delivered file or a newer month-to-date export of the same account and period replaces the earlier one
        </span>
      </div>
      <table className="data" aria-label="Import history">
        <thead>
          <tr>
            <th>#</th>
            <th>File</th>
            <th>Dialect</th>
            <th>Period</th>
            <th className="num">Rows</th>
            <th className="num">Skipped</th>
            <th className="num">Total</th>
            <th>Status</th>
            <th>Imported</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {imports.length === 0 && (
            <tr>
              <td colSpan={10} className="muted">
                No imports yet.
              </td>
            </tr>
          )}
          {imports.map((i) => (
            <tr key={i.id} data-testid="import-row">
              <td>{i.id}</td>
              <td title={`sha256 ${i.sha256}`}>{i.fileName}</td>
              <td>
                {i.format}{' '}
                <span className="muted">
                  {i.costBasis}
                  {i.mappingName ? ` · mapping “${i.mappingName}”` : ''}
                </span>
              </td>
              <td>{i.periodStart ? `${i.periodStart.slice(0, 10)} → ${i.periodEnd?.slice(0, 10) ?? ''}` : '—'}</td>
              <td className="num">{i.rowsImported}</td>
              <td className="num">{i.rowsSkipped}</td>
              <td className="num">
                {totalsText(i.totals)}
                {i.reach && (
                  <div className="muted" data-testid="import-row-reach" title={reachSentence(i.reach, 'this import')}>
                    {i.reach.inProjectDates.lines === 0
                      ? 'none in the project dates'
                      : `${totalsText(i.reach.inProjectDates.totals)} in the project dates · ${i.reach.assigned.lines === 0 ? 'none' : totalsText(i.reach.assigned.totals)} assigned`}
                  </div>
                )}
              </td>
              <td>
                <span className={`badge ${i.status === 'active' ? 'ok' : ''}`}>{i.status}</span>
              </td>
              <td>{i.createdAt.slice(0, 16).replace('T', ' ')}</td>
              <td>
                {i.status === 'active' && (
                  <button className="btn small danger" onClick={() => void run(() => api.budget.undoImport({ id: i.id })).then(reload)}>
                    Undo
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
