/** Budgets (project and track, total and per month) with their thresholds, and the dated exchange rates (the one rates editor). */
import { ExchangeRatesPanel } from '../exchange-rates/ExchangeRatesPanel';
import { useState } from 'react';
import { api } from '../../app/api';
import { amountText, monthLabel } from './format';
import { useBudgetStore, type BudgetRow, type BudgetSplits } from './store';
import { TableHead } from '../../ui/TableHead';
import { DeleteButton } from '../../ui/DeleteButton';
import { amountText as amountField, plainAmount } from '../../../shared/domain/field-bounds';

function BudgetLine({ b, trackName, currency }: { b: BudgetRow; trackName: string; currency: string }) {
  const run = useBudgetStore((s) => s.run);
  const [amount, setAmount] = useState(b.amount);
  const [thresholds, setThresholds] = useState(b.thresholds.join(', '));
  const parsed = thresholds
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(Number);
  const validThresholds = parsed.length > 0 && parsed.every((n) => Number.isInteger(n) && n > 0 && n <= 1000);
  const validAmount = amountField.safeParse(amount).success;
  const dirty = amount !== b.amount || thresholds !== b.thresholds.join(', ');
  return (
    <tr data-testid="budget-row">
      <td>{trackName}</td>
      <td>{b.month ? monthLabel(b.month) : 'Total'}</td>
      <td>
        <input
          className={`input ${validAmount ? '' : 'invalid'}`}
          aria-label={`Amount ${trackName} ${b.month ?? 'total'}`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          size={7}
        />{' '}
        <span className="muted">{currency}</span>
      </td>
      <td>
        <input
          className={`input ${validThresholds ? '' : 'invalid'}`}
          aria-label={`Thresholds ${trackName} ${b.month ?? 'total'}`}
          value={thresholds}
          onChange={(e) => setThresholds(e.target.value)}
          size={11}
        />{' '}
        <span className="muted">%</span>
      </td>
      <td>
        <div className="bu-row-actions">
          <button
            className="btn small primary"
            disabled={!dirty || !validAmount || !validThresholds}
            onClick={() =>
              void run(() =>
                api.budget.saveBudget({
                  id: b.id,
                  projectId: b.projectId,
                  trackId: b.trackId,
                  month: b.month,
                  amount: plainAmount(amount),
                  currency: b.currency,
                  thresholds: parsed,
                }),
              )
            }
          >
            Save
          </button>
          <DeleteButton onDelete={() => void run(() => api.budget.deleteBudget({ id: b.id }))} />
        </div>
      </td>
    </tr>
  );
}

type SplitPart = BudgetSplits['byTrack'];

/** "€1,800.00 of €3,000.00 split by track · €1,200.00 not split" (or "over-split by …"): one kind of split against its whole. */
function SplitLine({ label, part, currency, testId }: { label: string; part: SplitPart; currency: string; testId: string }) {
  if (part.parts === 0) return null;
  const money = (v: string) => amountText(currency, v);
  return (
    <li data-testid={testId}>
      {label}: {money(part.allocated)}
      {part.of === null ? (
        <span className="muted"> (no budget above it to split)</span>
      ) : (
        <>
          {' '}
          of {money(part.of)}
          {part.over !== null && part.over !== '0' ? (
            <strong className="bad"> · over-split by {money(part.over)}</strong>
          ) : part.remainder !== null && part.remainder !== '0' ? (
            <span> · {money(part.remainder)} not split</span>
          ) : (
            <span> · fully split</span>
          )}
        </>
      )}
    </li>
  );
}

/** The project's one budget: its total (also New / Edit project's budget) and how its splits add up to it. */
function SplitSummary({ splits, currency, trackName }: { splits: BudgetSplits; currency: string; trackName: (id: string) => string }) {
  return (
    <div className="bu-splits" data-testid="budget-splits">
      {splits.total === null ? (
        <p className="muted">No budget set: add a Project total here, or set the budget in Edit project (they are the same budget).</p>
      ) : (
        <p>
          Project budget <strong data-testid="budget-total">{amountText(splits.currency ?? currency, splits.total)}</strong>{' '}
          <span className="muted">(the budget of New / Edit project, the Plan screen and the brief)</span>
        </p>
      )}
      <ul>
        <SplitLine label="Split by track" part={splits.byTrack} currency={currency} testId="split-by-track" />
        <SplitLine label="Split by month" part={splits.byMonth} currency={currency} testId="split-by-month" />
        {splits.trackMonths.map((t) => (
          <SplitLine key={t.trackId} label={`${trackName(t.trackId)} by month`} part={t} currency={currency} testId="split-track-months" />
        ))}
      </ul>
    </div>
  );
}

export function BudgetsEditor() {
  const { budgets, splits, overview, run, error, load } = useBudgetStore();
  const [scopeTrack, setScopeTrack] = useState('');
  const [month, setMonth] = useState('');
  const [amount, setAmount] = useState('');
  if (!overview) return null;
  const tracks = overview.tracksMeta;
  const trackName = (id: string | null) => (id ? (tracks.find((t) => t.id === id)?.name ?? id) : 'Project');
  // Each refused field's own words, at that field (every problem of the request at once).
  const fieldError = (field: string): string | null =>
    error?.details?.problems?.find((p) => p.field === field)?.message ?? (error?.details?.field === field ? error.message : null);
  const invalid = (field: string) => ({
    'aria-invalid': Boolean(fieldError(field)),
    'aria-describedby': fieldError(field) ? `bu-${field}-error` : undefined,
  });
  const errorAt = (field: string, label: string) =>
    fieldError(field) && (
      <span className="field-error" role="alert" id={`bu-${field}-error`}>
        {label}: {fieldError(field)}
      </span>
    );
  return (
    <div className="bu-editors">
      <div className="panel">
        <div className="panel-title">
          <strong>Budgets</strong>
          <span className="muted">in {overview.currency}; thresholds (%) raise alerts on actual and on forecast</span>
        </div>
        <table className="data" aria-label="Budgets">
          <TableHead columns={['Scope', 'Period', 'Amount', 'Thresholds', '']} />
          <tbody>
            {budgets.map((b) => (
              <BudgetLine key={`${b.id}-${b.amount}-${b.thresholds.join()}`} b={b} trackName={trackName(b.trackId)} currency={b.currency} />
            ))}
          </tbody>
        </table>
        {splits && <SplitSummary splits={splits} currency={overview.currency} trackName={(id) => trackName(id)} />}
        <div className="toolbar bu-add">
          <select className="input" aria-label="New budget scope" value={scopeTrack} onChange={(e) => setScopeTrack(e.target.value)}>
            <option value="">Project</option>
            {tracks.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          <input
            className="input"
            type="month"
            aria-label="New budget month (empty = total)"
            title="Month (leave empty for the total)"
            value={month}
            onChange={(e) => setMonth(e.target.value)}
          />
          <input
            className="input"
            aria-label="New budget amount"
            placeholder="amount"
            {...invalid('amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            size={10}
          />
          <button
            className="btn"
            disabled={!amount.trim()}
            onClick={() =>
              void run(() =>
                api.budget.saveBudget({
                  projectId: overview.projectId,
                  trackId: scopeTrack || null,
                  month: month || null,
                  amount: plainAmount(amount),
                  currency: overview.currency,
                }),
              ).then((r) => {
                if (r) setAmount('');
              })
            }
          >
            Add / replace budget
          </button>
          {errorAt('amount', 'Amount')}
          {errorAt('month', 'Month')}
          {errorAt('currency', 'Currency')}
        </div>
      </div>
      <ExchangeRatesPanel pair={{ from: 'EUR', to: overview.currency }} onChanged={() => void load()} />
      {overview.actual.rates.length > 0 && <div className="muted">Used in the overview: {overview.actual.rates.join('; ')}</div>}
    </div>
  );
}
