/**
 * Scenarios as first-class plans: the list (cost, GPU-hours, finish, problems, the author's figures), and per scenario
 * open (edit it on the timeline), rename, duplicate, delete, promote (with undo); pick two or three to compare side
 * by side with the per-week difference (what moved). Fits a 1280 px window: metrics are rows, plans are columns.
 */
import { useState } from 'react';
import type { SerializedError } from '../../../shared/domain/errors';
import type { Response } from '../../../shared/ipc/contract';
import type { PlanComparisonView } from '../../../shared/ipc/contract/plan-scenarios';
import { api } from '../../app/api';
import { KIND_LABEL } from './ProblemsPanel';
import { fmtHours, fmtUsd } from './timeline-model';
import { weekEnd } from '../../../shared/domain/plan/weeks';

type Compare = Response<'plan:compare-scenarios'>;
const CURRENT = '__current__';
const range = (r: { low: number; high: number } | null | undefined, unit = '') =>
  !r ? '—' : r.low === r.high ? `${unit}${r.low}` : `${unit}${r.low}–${unit}${r.high}`;
/** A difference with its sign, `abs` being the formatted absolute value. */
const signed = (n: number, abs: string) => (n > 0 ? `+${abs}` : n < 0 ? `−${abs}` : '±0');

interface Props {
  projectId: string;
  compare: Compare | null;
  openScenarioId: string | null;
  onOpen: (scenarioId: string | null) => void;
  /** After a change to the list (rename, duplicate, delete, promote): reload the plan and the list. */
  onChanged: () => Promise<void>;
}

export function ScenarioWorkbench({ projectId, compare, openScenarioId, onOpen, onChanged }: Props) {
  const [picked, setPicked] = useState<string[]>([]);
  const [comparison, setComparison] = useState<PlanComparisonView | null>(null);
  const [error, setError] = useState<SerializedError | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [promoted, setPromoted] = useState<{ name: string; keptName: string } | null>(null);
  const [newName, setNewName] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  if (!compare) return null;
  const base = compare.rows[0];

  const run = async <T,>(call: () => Promise<{ ok: true; value: T } | { ok: false; error: SerializedError }>): Promise<T | null> => {
    const r = await call();
    if (!r.ok) {
      setError(r.error);
      return null;
    }
    setError(null);
    return r.value;
  };
  const toggle = (id: string) => {
    setComparison(null);
    setPicked(picked.includes(id) ? picked.filter((x) => x !== id) : picked.length >= 3 ? picked : [...picked, id]);
  };
  const doCompare = async () => {
    const ids = picked.map((id) => (id === CURRENT ? null : id));
    const v = await run(() => api.plan.comparePlans({ projectId, ids }));
    if (v) setComparison(v);
  };
  const duplicate = async (fromScenarioId: string | null, name: string) => {
    const v = await run(() => api.plan.duplicateScenario({ projectId, name, ...(fromScenarioId ? { fromScenarioId } : {}) }));
    if (v) await onChanged();
  };
  const remove = async (id: string) => {
    setConfirmDelete(null);
    const v = await run(() => api.plan.deleteScenario({ id }));
    if (v) {
      setPicked(picked.filter((x) => x !== id));
      setComparison(null);
      if (openScenarioId === id) onOpen(null);
      await onChanged();
    }
  };
  const promote = async (id: string, name: string) => {
    const v = await run(() => api.plan.promoteScenario({ projectId, scenarioId: id }));
    if (!v) return;
    setPromoted({ name, keptName: `Plan before "${name}"` });
    setPicked([]);
    setComparison(null);
    onOpen(null);
    await onChanged();
  };
  const undoPromote = async () => {
    const v = await run(() => api.plan.undoPromote({ projectId }));
    if (!v) return;
    setPromoted(null);
    await onChanged();
  };
  const saveRename = async () => {
    if (!renaming) return;
    const v = await run(() => api.plan.renameScenario({ projectId, scenarioId: renaming.id, name: renaming.name }));
    if (v) {
      setRenaming(null);
      await onChanged();
    }
  };

  return (
    <section className="panel" aria-label="Scenarios">
      <div className="panel-title">
        <strong>Scenarios</strong>
        <span className="muted">each a plan of its own: open one to edit it on the timeline; tick two or three to compare</span>
        <span className="spacer" />
        <form
          className="toolbar"
          onSubmit={(e) => {
            e.preventDefault();
            if (newName.trim()) {
              void duplicate(null, newName.trim());
              setNewName('');
            }
          }}
        >
          <input
            className="input"
            placeholder="Scenario name"
            aria-label="Scenario name"
            value={newName}
            onChange={(e) => setNewName(e.target.value)}
          />
          <button type="submit" className="btn" disabled={!newName.trim()}>
            Duplicate plan into a scenario
          </button>
        </form>
      </div>
      {promoted && (
        <div className="banner info sw-banner" role="status">
          “{promoted.name}” is now the current plan; the plan it replaced is kept as the scenario “{promoted.keptName}”.
          <button type="button" className="btn small" onClick={() => void undoPromote()}>
            Undo promote
          </button>
        </div>
      )}
      {error && (
        <div className="banner error" role="alert">
          {error.message}{' '}
          <button type="button" className="btn small" onClick={() => setError(null)}>
            Dismiss
          </button>
        </div>
      )}
      <table className="data sw-table">
        <colgroup>
          <col style={{ width: 34 }} />
          <col />
          <col style={{ width: 92 }} />
          <col style={{ width: 84 }} />
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
            <th className="num">Author's cost</th>
            <th className="num">GPU-hours</th>
            <th title="Sunday of the last booked week">Finish</th>
            <th>Problems (checks)</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {compare.rows.map((r) => {
            const s = compare.scenarios.find((x) => x.id === r.scenarioId);
            const key = r.scenarioId ?? CURRENT;
            const open = openScenarioId === r.scenarioId;
            return (
              <tr key={key} className={open ? 'sw-open' : ''}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Compare ${r.name}`}
                    checked={picked.includes(key)}
                    disabled={!picked.includes(key) && picked.length >= 3}
                    onChange={() => toggle(key)}
                  />
                </td>
                <td>
                  {renaming?.id === r.scenarioId ? (
                    <form
                      className="toolbar"
                      onSubmit={(e) => {
                        e.preventDefault();
                        void saveRename();
                      }}
                    >
                      <input
                        className="input"
                        aria-label="New scenario name"
                        value={renaming.name}
                        onChange={(e) => setRenaming({ ...renaming, name: e.target.value })}
                        autoFocus
                      />
                      <button type="submit" className="btn small primary">
                        Save
                      </button>
                      <button type="button" className="btn small" onClick={() => setRenaming(null)}>
                        Cancel
                      </button>
                    </form>
                  ) : (
                    <strong>{r.name}</strong>
                  )}
                  {open && <span className="badge info sw-badge">open on the timeline</span>}
                  <div className="muted pt-basis pt-clamp" title={s?.variation ?? ''}>
                    {s?.variation ?? 'the plan as edited'}
                    {r.authorRisk ? ` · author's risk: ${r.authorRisk}` : ''}
                  </div>
                </td>
                <td className="num">
                  {fmtUsd(r.usd)}
                  {base && r !== base ? (
                    <div className="muted">
                      {signed(Number(r.usd) - Number(base.usd), fmtUsd(String(Math.abs(Number(r.usd) - Number(base.usd)))))}
                    </div>
                  ) : null}
                </td>
                <td className="num">{range(r.authorUsd, '$')}</td>
                <td className="num">{fmtHours(r.gpuHours)}</td>
                <td
                  className="nowrap"
                  title={
                    r.firstWeek
                      ? `booked ${r.firstWeek} → ${r.lastWeek}; ${r.durationDays} calendar days; author: ${range(r.authorDays)} days`
                      : ''
                  }
                >
                  {r.lastWeek ? weekEnd(r.lastWeek) : '—'}
                  <div className="muted">{r.durationDays ?? '—'} days</div>
                </td>
                <td>
                  {r.errors ? <span className="badge bad">{r.errors} errors</span> : <span className="badge ok">no errors</span>}{' '}
                  {r.warnings ? <span className="badge warn">{r.warnings} warnings</span> : null}
                  <ul className="pt-kinds">
                    {Object.entries(r.problemKinds)
                      .sort((a, b) => b[1] - a[1])
                      .slice(0, 3)
                      .map(([k, n]) => (
                        <li key={k}>
                          {n} × {KIND_LABEL[k] ?? k}
                        </li>
                      ))}
                  </ul>
                </td>
                <td>
                  <div className="sw-actions">
                    {open ? (
                      <button type="button" className="btn small" onClick={() => onOpen(null)}>
                        {r.scenarioId ? 'Close' : 'Open'}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="btn small primary"
                        aria-label={`Open ${r.name}`}
                        onClick={() => onOpen(r.scenarioId)}
                      >
                        Open
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn small"
                      aria-label={`Duplicate ${r.name}`}
                      onClick={() => void duplicate(r.scenarioId, `Copy of ${r.name}`)}
                    >
                      Duplicate
                    </button>
                    {s && (
                      <button
                        type="button"
                        className="btn small"
                        aria-label={`Rename ${r.name}`}
                        onClick={() => setRenaming({ id: s.id, name: s.name })}
                      >
                        Rename
                      </button>
                    )}
                    {s && (
                      <button
                        type="button"
                        className="btn small"
                        aria-label={`Promote ${r.name}`}
                        title="Make this scenario the current plan; the current plan is kept as a scenario"
                        onClick={() => void promote(s.id, s.name)}
                      >
                        Promote
                      </button>
                    )}
                    {s && confirmDelete !== s.id && (
                      <button
                        type="button"
                        className="btn small danger"
                        aria-label={`Delete scenario ${r.name}`}
                        onClick={() => setConfirmDelete(s.id)}
                      >
                        Delete
                      </button>
                    )}
                    {s && confirmDelete === s.id && (
                      <span className="sw-confirm" role="group" aria-label="Confirm delete">
                        its bookings and milestones go with it:
                        <button type="button" className="btn small danger" onClick={() => void remove(s.id)}>
                          Delete “{s.name}”
                        </button>
                        <button type="button" className="btn small" onClick={() => setConfirmDelete(null)}>
                          Keep
                        </button>
                      </span>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="toolbar sw-compare-bar">
        <button type="button" className="btn primary" disabled={picked.length < 2} onClick={() => void doCompare()}>
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

export function ComparisonTable({ comparison }: { comparison: PlanComparisonView }) {
  const [onlyChanged, setOnlyChanged] = useState(true);
  const { summaries, finish, weeks } = comparison;
  const ref = summaries[0]!;
  const rows = onlyChanged
    ? weeks.filter((w) => w.plans.some((p, i) => i > 0 && (p.changes.length > 0 || Math.abs(p.deltaGpuHours) > 0.005)))
    : weeks;
  const metric = (label: string, title: string, cell: (i: number) => React.ReactNode) => (
    <tr>
      <th scope="row" title={title}>
        {label}
      </th>
      {summaries.map((_, i) => (
        <td key={i} className="num">
          {cell(i)}
        </td>
      ))}
    </tr>
  );
  return (
    <div className="sw-compare" aria-label="Comparison">
      <table className="data sw-summary">
        <thead>
          <tr>
            <th>Side by side</th>
            {summaries.map((s, i) => (
              <th key={i} className="num">
                {s.name}
                {i === 0 ? <div className="muted">reference</div> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {metric('Cost (app, USD)', 'Sum of the weekly planned cost at catalog prices (or the prices the plan was made with)', (i) => (
            <>
              {fmtUsd(summaries[i]!.usd)}
              {i > 0 && (
                <div className="muted">
                  {signed(
                    Number(summaries[i]!.usd) - Number(ref.usd),
                    fmtUsd(String(Math.abs(Number(summaries[i]!.usd) - Number(ref.usd)))),
                  )}
                </div>
              )}
            </>
          ))}
          {metric('Finish', 'Sunday of the last booked week', (i) => (
            <>
              {finish[i] ?? '—'}
              {i > 0 && finish[i] && finish[0] ? <div className="muted">{dayDiff(finish[0], finish[i]!)}</div> : null}
            </>
          ))}
          {metric('GPU-hours', 'Hours of booked GPUs × GPU count, all weeks', (i) => (
            <>
              {fmtHours(summaries[i]!.gpuHours)} h
              {i > 0 && (
                <div className="muted">
                  {signed(
                    summaries[i]!.gpuHours - ref.gpuHours,
                    `${fmtHours(Math.abs(Math.round((summaries[i]!.gpuHours - ref.gpuHours) * 10) / 10))} h`,
                  )}
                </div>
              )}
            </>
          ))}
          {metric('Calendar days', 'First booked Monday to last booked Sunday', (i) => summaries[i]!.durationDays ?? '—')}
          {metric('Problems', 'Errors and warnings the checks find', (i) => (
            <>
              {summaries[i]!.errors} errors · {summaries[i]!.warnings} warnings
            </>
          ))}
        </tbody>
      </table>
      <div className="toolbar">
        <strong>Week by week</strong>
        <span className="muted">
          {comparison.changedWeeks} week{comparison.changedWeeks === 1 ? '' : 's'} differ from “{ref.name}”
        </span>
        <label className="pj-check">
          <input type="checkbox" checked={onlyChanged} onChange={(e) => setOnlyChanged(e.target.checked)} /> only weeks that differ
        </label>
      </div>
      <table className="data sw-weeks">
        <thead>
          <tr>
            <th>ISO week</th>
            {summaries.map((s, i) => (
              <th key={i}>
                {s.name}
                <div className="muted">GPU-h · cost{i > 0 ? ' · what moved' : ''}</div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((w) => (
            <tr key={w.week}>
              <td className="nowrap">
                {w.week}
                <div className="muted">{w.start}</div>
              </td>
              {w.plans.map((p, i) => (
                <td key={i} className={i > 0 && p.changes.length > 0 ? 'sw-changed' : ''}>
                  <span className="num">
                    {fmtHours(p.gpuHours)} h · {fmtUsd(p.usd)}
                  </span>
                  {i > 0 && Math.abs(p.deltaGpuHours) > 0.005 && (
                    <span className="muted"> ({signed(p.deltaGpuHours, `${fmtHours(Math.abs(p.deltaGpuHours))} h`)})</span>
                  )}
                  {p.changes.length > 0 && (
                    <ul className="sw-moves">
                      {p.changes.map((c, j) => (
                        <li key={j}>
                          {c.trackName}: {c.what} {fmtHours(c.before)} → {fmtHours(c.after)} GPU-h
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={summaries.length + 1} className="muted">
                No week differs.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function dayDiff(a: string, b: string): string {
  const d = Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
  return d === 0 ? 'same day' : d > 0 ? `${d} days later` : `${-d} days earlier`;
}
