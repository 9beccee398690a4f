/** One plan in the scenario workbench's list: its figures against the current plan, and what can be done with it. */
import { weekEnd } from '../../../shared/domain/plan/weeks';
import type { Response } from '../../../shared/ipc/contract';
import { rangeText, usdDeltaText } from './figure-text';
import { usePlanStore } from './store';
import { KIND_LABEL } from './ProblemsPanel';
import { fmtHours, fmtMoney } from './timeline-model';
import { CURRENT_PLAN, MAX_PICKED, type ScenarioActions } from './use-scenario-actions';
import { plural } from '../../../shared/domain/count-words';

type Compare = Response<'plan:compare-scenarios'>;

export function ScenarioRow({
  r,
  scenario: s,
  base,
  documentFigures,
  open,
  actions,
  onOpen,
}: {
  r: Compare['rows'][number];
  scenario: Compare['scenarios'][number] | undefined;
  /** The first row (the current plan), which the costs are compared with. */
  base: Compare['rows'][number] | undefined;
  /** The plan comes from a source document with figures: show them. */
  documentFigures: boolean;
  /** Open on the timeline. */
  open: boolean;
  actions: ScenarioActions;
  onOpen: (scenarioId: string | null) => void;
}) {
  const { picked, renaming, confirmDelete } = actions;
  const currency = usePlanStore((state) => state.view?.analysis.totals.currency ?? 'USD');
  const rowKey = r.scenarioId ?? CURRENT_PLAN;
  return (
    <tr className={open ? 'sw-open' : ''}>
      <td>
        <input
          type="checkbox"
          aria-label={`Compare ${r.name}`}
          checked={picked.includes(rowKey)}
          disabled={!picked.includes(rowKey) && picked.length >= MAX_PICKED}
          onChange={() => actions.toggle(rowKey)}
        />
      </td>
      <td>
        {renaming?.id === r.scenarioId ? (
          <form
            className="toolbar"
            onSubmit={(e) => {
              e.preventDefault();
              void actions.saveRename();
            }}
          >
            <input
              className="input"
              aria-label="New scenario name"
              value={renaming.name}
              onChange={(e) => actions.setRenaming({ ...renaming, name: e.target.value })}
              autoFocus
            />
            <button type="submit" className="btn small primary">
              Save
            </button>
            <button type="button" className="btn small" onClick={() => actions.setRenaming(null)}>
              Cancel
            </button>
          </form>
        ) : (
          <strong>{r.name}</strong>
        )}
        {open && <span className="badge info sw-badge">open on the timeline</span>}
        <div className="muted pt-basis pt-clamp" title={s?.variation ?? ''}>
          {s?.variation ?? 'the plan as edited'}
          {r.authorRisk ? ` · the source document's risk: ${r.authorRisk}` : ''}
        </div>
      </td>
      <td className="num">
        {fmtMoney(r.usd, currency)}
        {base && r !== base ? <div className="muted">{usdDeltaText(r.usd, base.usd, currency)}</div> : null}
      </td>
      {documentFigures && <td className="num">{rangeText(r.authorUsd, '$')}</td>}
      <td className="num">{fmtHours(r.gpuHours)}</td>
      <td
        className="nowrap"
        title={
          r.firstWeek
            ? `booked ${r.firstWeek} → ${r.lastWeek}; ${r.durationDays} calendar days${documentFigures ? `; source document: ${rangeText(r.authorDays)} days` : ''}`
            : ''
        }
      >
        {r.lastWeek ? weekEnd(r.lastWeek) : '—'}
        <div className="muted">{r.durationDays ?? '—'} days</div>
      </td>
      <td>
        {r.errors ? <span className="badge bad">{plural(r.errors, 'error')}</span> : <span className="badge ok">no errors</span>}{' '}
        {r.warnings ? <span className="badge warn">{plural(r.warnings, 'warning')}</span> : null}
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
            <button type="button" className="btn small primary" aria-label={`Open ${r.name}`} onClick={() => onOpen(r.scenarioId)}>
              Open
            </button>
          )}
          <button
            type="button"
            className="btn small"
            aria-label={`Duplicate ${r.name}`}
            onClick={() => void actions.duplicate(r.scenarioId, `Copy of ${r.name}`)}
          >
            Duplicate
          </button>
          {s && (
            <button
              type="button"
              className="btn small"
              aria-label={`Rename ${r.name}`}
              onClick={() => actions.setRenaming({ id: s.id, name: s.name })}
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
              onClick={() => void actions.promote(s.id, s.name)}
            >
              Promote
            </button>
          )}
          {s && confirmDelete !== s.id && (
            <button
              type="button"
              className="btn small danger"
              aria-label={`Delete scenario ${r.name}`}
              onClick={() => actions.setConfirmDelete(s.id)}
            >
              Delete
            </button>
          )}
          {s && confirmDelete === s.id && (
            <span className="sw-confirm" role="group" aria-label="Confirm delete">
              its bookings and milestones go with it:
              <button type="button" className="btn small danger" onClick={() => void actions.remove(s.id)}>
                Delete “{s.name}”
              </button>
              <button type="button" className="btn small" onClick={() => actions.setConfirmDelete(null)}>
                Keep
              </button>
            </span>
          )}
        </div>
      </td>
    </tr>
  );
}
