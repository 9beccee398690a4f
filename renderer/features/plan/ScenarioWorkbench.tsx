/**
 * Scenarios as first-class plans: the list (cost, GPU-hours, finish, problems, the author's figures), and per scenario
 * open (edit it on the timeline), rename, duplicate, delete, promote (with undo); pick two or three to compare side
 * by side with the per-week difference (what moved). Fits a 1280 px window: metrics are rows, plans are columns.
 */
import { useState } from 'react';
import type { Response } from '../../../shared/ipc/contract';
import { ComparisonTable } from './ScenarioComparison';
import { ScenarioRow } from './ScenarioRow';
import { DOCUMENT_COST_HEADER, hasDocumentFigures } from './scenario-columns';
import { CURRENT_PLAN, useScenarioActions } from './use-scenario-actions';

type Compare = Response<'plan:compare-scenarios'>;

interface Props {
  projectId: string;
  compare: Compare | null;
  openScenarioId: string | null;
  onOpen: (scenarioId: string | null) => void;
  /** After a change to the list (rename, duplicate, delete, promote): reload the plan and the list. */
  onChanged: () => Promise<void>;
}

export function ScenarioWorkbench({ projectId, compare, openScenarioId, onOpen, onChanged }: Props) {
  const actions = useScenarioActions({ projectId, openScenarioId, onOpen, onChanged });
  const { picked, comparison, error, promoted } = actions;
  if (!compare) return null;
  const base = compare.rows[0];
  // A plan the lead made has no source document: no column of its figures.
  const documentFigures = hasDocumentFigures(compare.rows);

  return (
    <section className="panel" aria-label="Scenarios">
      <div className="panel-title">
        <strong>Scenarios</strong>
        <span className="muted">each a plan of its own: open one to edit it on the timeline; tick two or three to compare</span>
        <span className="spacer" />
        <NewScenarioForm onDuplicate={(name) => void actions.duplicate(null, name)} />
      </div>
      {promoted && (
        <div className="banner info sw-banner" role="status">
          “{promoted.name}” is now the current plan; the plan it replaced is kept as the scenario “{promoted.keptName}”.
          <button type="button" className="btn small" onClick={() => void actions.undoPromote()}>
            Undo promote
          </button>
        </div>
      )}
      {error && (
        <div className="banner error" role="alert">
          {error.message}{' '}
          <button type="button" className="btn small" onClick={actions.dismissError}>
            Dismiss
          </button>
        </div>
      )}
      <table className="data sw-table">
        <colgroup>
          <col style={{ width: 34 }} />
          <col />
          <col style={{ width: 92 }} />
          {documentFigures && <col style={{ width: 104 }} />}
          <col style={{ width: 84 }} />
          <col style={{ width: 96 }} />
          <col style={{ width: 180 }} />
          <col style={{ width: 230 }} />
        </colgroup>
        <thead>
          <tr>
            <th>
              <span className="sr-only">Compare</span>
            </th>
            <th>Plan</th>
            <th className="num">Cost (app)</th>
            {documentFigures && (
              <th className="num sw-wrap" title="The cost the source document's author gives for this plan">
                {DOCUMENT_COST_HEADER}
              </th>
            )}
            <th className="num">GPU-hours</th>
            <th title="Sunday of the last booked week">Finish</th>
            <th>Problems (checks)</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {compare.rows.map((r) => (
            <ScenarioRow
              key={r.scenarioId ?? CURRENT_PLAN}
              r={r}
              scenario={compare.scenarios.find((x) => x.id === r.scenarioId)}
              base={base}
              documentFigures={documentFigures}
              open={openScenarioId === r.scenarioId}
              actions={actions}
              onOpen={onOpen}
            />
          ))}
        </tbody>
      </table>
      <div className="toolbar sw-compare-bar">
        <button type="button" className="btn primary" disabled={picked.length < 2} onClick={() => void actions.compare()}>
          Compare {picked.length >= 2 ? picked.length : ''} side by side
        </button>
        <span className="muted">
          {picked.length < 2 ? 'tick two or three plans above' : 'the per-week difference is against the first ticked'}
        </span>
      </div>
      {comparison && <ComparisonTable comparison={comparison} />}
    </section>
  );
}

/** A new scenario: a copy of the current plan under the name typed. */
function NewScenarioForm({ onDuplicate }: { onDuplicate: (name: string) => void }) {
  const [name, setName] = useState('');
  return (
    <form
      className="toolbar"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) {
          onDuplicate(name.trim());
          setName('');
        }
      }}
    >
      <input
        className="input"
        placeholder="Scenario name"
        aria-label="Scenario name"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" className="btn" disabled={!name.trim()}>
        Duplicate plan into a scenario
      </button>
    </form>
  );
}
