/** Budget: does the money last? Overview (budget, actual, forecast, variance, burn-up, track × month, alerts), spend, rules, budgets, imports. */
import { useEffect, useState } from 'react';
import { useNavigation } from '../../app/navigation';
import { BudgetsEditor } from './BudgetsEditor';
import { ImportDialog } from './ImportDialog';
import { ImportsPanel } from './ImportsPanel';
import { OverviewPanel } from './OverviewPanel';
import { RulesEditor } from './RulesEditor';
import { SpendExplorer } from './SpendExplorer';
import { useBudgetStore, type BudgetTab } from './store';
import './budget.css';

const TABS: Array<{ id: BudgetTab; label: string }> = [
  { id: 'overview', label: 'Overview' },
  { id: 'spend', label: 'Spend explorer' },
  { id: 'rules', label: 'Allocation rules' },
  { id: 'budgets', label: 'Budgets & rates' },
  { id: 'imports', label: 'Imports' },
];

export function BudgetScreen() {
  const { tab, setTab, overview, load, loading, error, clearError } = useBudgetStore();
  const [importing, setImporting] = useState(false);
  const [version, setVersion] = useState(0);
  const pending = useNavigation((s) => s.pendingCommand);

  useEffect(() => void load(), [load]);
  useEffect(() => {
    if (pending === 'import-billing' && useNavigation.getState().takeCommand() === 'import-billing') setImporting(true);
  }, [pending]);

  return (
    <div className="screen budget-screen">
      <div className="screen-header">
        <h1>Budget</h1>
        {overview && <span className="muted">{overview.projectName} · {overview.currency} · {overview.tracksMeta.length} tracks</span>}
        {overview && <span className={`badge ${overview.status === 'over' ? 'bad' : overview.status === 'watch' ? 'warn' : overview.status === 'ok' ? 'ok' : ''}`} data-testid="budget-status">{{ over: 'over budget', watch: 'watch', ok: 'on budget', 'no-budget': 'no budget' }[overview.status]}</span>}
        <span className="spacer" />
        <button className="btn primary" onClick={() => setImporting(true)}>Import billing export…</button>
      </div>
      <div className="bu-tabs" role="tablist" aria-label="Budget views">
        {TABS.map((t) => <button key={t.id} role="tab" aria-selected={tab === t.id} className={`bu-tab ${tab === t.id ? 'active' : ''}`} onClick={() => setTab(t.id)}>{t.label}</button>)}
      </div>
      {error && <div className="banner error" role="alert">{error.message} <button className="btn small" onClick={clearError}>Dismiss</button></div>}
      {!overview && loading && <div className="muted">Loading…</div>}
      {overview && tab === 'overview' && <OverviewPanel o={overview} />}
      {overview && tab === 'spend' && <SpendExplorer key={version} />}
      {overview && tab === 'rules' && <RulesEditor />}
      {overview && tab === 'budgets' && <BudgetsEditor />}
      {tab === 'imports' && <ImportsPanel version={version} />}
      {importing && <ImportDialog onClose={() => setImporting(false)} onImported={() => { setVersion((v) => v + 1); void load(); }} />}
    </div>
  );
}
