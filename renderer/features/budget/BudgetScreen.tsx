/** Budget: does the money last? Overview (budget, actual, forecast, variance, burn-up, track × month, alerts), spend, rules, budgets, imports. */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../app/api';
import { useNavigation } from '../../app/navigation';
import { useFileDrop, type DropOutcome } from '../../ui/file-drop';
import { Tabs } from '../../ui/Tabs';
import { BudgetsEditor } from './BudgetsEditor';
import { CreditsPanel } from './CreditsPanel';
import { ImportDialog } from './ImportDialog';
import type { Dropped } from './use-import-flow';
import { ImportsPanel } from './ImportsPanel';
import { OverviewPanel } from './OverviewPanel';
import { RulesEditor } from './RulesEditor';
import { SourcesPanel } from './SourcesPanel';
import { SpendExplorer } from './SpendExplorer';
import { useBudgetStore, type BudgetTab } from './store';
import './budget.css';
import { plural } from '../../../shared/domain/count-words';

/** The tabs in order, each with its label. */
const TAB_LABELS: Record<BudgetTab, string> = {
  overview: 'Overview',
  spend: 'Spend explorer',
  rules: 'Allocation rules',
  budgets: 'Budgets & rates',
  imports: 'Imports',
  sources: 'Sources',
};
const TAB_ORDER: readonly BudgetTab[] = ['overview', 'spend', 'rules', 'budgets', 'imports', 'sources'];

export function BudgetScreen() {
  const { tab, setTab, overview, load, loading, error, clearError, notices, run } = useBudgetStore();
  const [importing, setImporting] = useState(false);
  const [version, setVersion] = useState(0);
  const [dropped, setDropped] = useState<Dropped | null>(null);
  const pending = useNavigation((s) => s.pendingCommand);
  // A file dropped anywhere on the screen (or on the open dialog) starts the same flow as "Choose file…".
  const onDrop = useCallback((outcome: DropOutcome) => {
    setDropped((d) => ({ outcome, seq: (d?.seq ?? 0) + 1 }));
    setImporting(true);
  }, []);
  const drop = useFileDrop(onDrop, 'billing export (CSV, .gz, .zip or Parquet)');

  useEffect(() => void load(), [load]);
  useEffect(() => {
    if (pending === 'import-billing' && useNavigation.getState().takeCommand() === 'import-billing') setImporting(true);
  }, [pending]);

  return (
    <div className="screen budget-screen" {...drop.handlers} data-drag-over={drop.over || undefined}>
      {drop.over && !importing && (
        <div className="bu-drop-overlay" data-testid="budget-drop-overlay" aria-hidden="true">
          <div>
            <strong>Drop the billing export to import it</strong>
            <span>
              FOCUS, AWS CUR / Cost Explorer, Azure, GCP or any CSV · .gz, .zip, Parquet · one file; you see a preview before anything is
              imported
            </span>
          </div>
        </div>
      )}
      <div className="screen-header">
        <h1>Budget</h1>
        {overview && (
          <span className="muted">
            {overview.projectName} · {overview.currency} · {plural(overview.tracksMeta.length, 'track')}
          </span>
        )}
        {overview && (
          <span
            className={`badge ${overview.status === 'over' ? 'bad' : overview.status === 'watch' ? 'warn' : overview.status === 'ok' ? 'ok' : ''}`}
            data-testid="budget-status"
          >
            {{ over: 'over budget', watch: 'watch', ok: 'on budget', 'no-budget': 'no budget' }[overview.status]}
          </span>
        )}
        <span className="spacer" />
        <button className="btn primary" onClick={() => setImporting(true)}>
          Import billing export…
        </button>
      </div>
      <Tabs
        label="Budget views"
        tabs={TAB_ORDER.map((id) => ({ id, label: TAB_LABELS[id] }))}
        value={tab}
        onChange={setTab}
        className="bu-tabs"
        tabClassName="bu-tab"
      />
      {error && (
        <div className="banner error" role="alert">
          {error.message}{' '}
          <button className="btn small" onClick={clearError}>
            Dismiss
          </button>
        </div>
      )}
      {notices.map((n) => (
        <div className="banner warn" role="status" key={n.id} data-testid="budget-notice">
          {n.message}{' '}
          <button className="btn small" onClick={() => void run(() => api.budget.dismissNotice({ id: n.id }))}>
            Dismiss
          </button>
        </div>
      ))}
      {!overview && loading && <div className="muted">Loading…</div>}
      {overview && tab === 'overview' && <OverviewPanel o={overview} />}
      {overview && tab === 'spend' && <SpendExplorer key={version} />}
      {overview && tab === 'rules' && <RulesEditor />}
      {overview && tab === 'budgets' && <BudgetsEditor />}
      {overview && (tab === 'overview' || tab === 'budgets') && (
        <CreditsPanel editable={tab === 'budgets'} projectId={overview.projectId} version={overview} />
      )}
      {tab === 'imports' && <ImportsPanel version={version} />}
      {tab === 'sources' && (
        <SourcesPanel
          onChanged={() => {
            setVersion((v) => v + 1);
            void load();
          }}
        />
      )}
      {importing && (
        <ImportDialog
          dropped={dropped}
          dragOver={drop.over}
          onClose={() => {
            setImporting(false);
            setDropped(null);
          }}
          onImported={() => {
            setVersion((v) => v + 1);
            void load();
          }}
        />
      )}
    </div>
  );
}
