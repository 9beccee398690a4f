/**
 * "Suggest schedule": the optimizer's cheapest (or earliest) weekly schedule meeting every milestone, beside the plan
 * (cost, finish, GPU-hours, problems), with what binds in words; accepted whole or week by week, undone like any edit.
 */
import type { OptimizeResult } from '../../../../shared/ipc/contract/plan-optimize';
import { usePlanStore } from '../store';
import { fmtHours, fmtMoney } from '../timeline-model';
import { useSuggestStore } from './store';
import { suggestStatusText } from './suggest-status';
import { DiffTable } from './DiffTable';

export function SuggestSchedulePanel() {
  const s = useSuggestStore();
  // The optimizer's costs are in the project's currency (converted week by week), so is the worth of a week earlier.
  const currency = usePlanStore((state) => state.view?.analysis.totals.currency ?? 'USD');
  if (!s.open) return null;
  const { options, result } = s;
  return (
    <section className="panel pt-suggest" aria-label="Suggest schedule">
      <div className="panel-title">
        <strong>Suggest a schedule</strong>
        <span className="muted">
          the optimizer (HiGHS, mixed-integer) books every milestone's GPU-hours within the pools' capacity and the budget, at the plan's
          own prices
        </span>
        <span className="spacer" />
        <button type="button" className="btn small" onClick={() => s.setOpen(false)} aria-label="Close the suggestion">
          Close
        </button>
      </div>
      <form
        className="pt-suggest-options"
        onSubmit={(e) => {
          e.preventDefault();
          void s.suggest();
        }}
      >
        <label className="field">
          <span>Goal</span>
          <select
            className="input"
            value={options.objective}
            onChange={(e) => s.setOptions({ objective: e.target.value as 'cost' | 'finish' | 'mix' | 'change' })}
          >
            <option value="cost">Least cost</option>
            <option value="finish">Earliest finish within the budget</option>
            <option value="mix">Cost and finish, weighted</option>
            <option value="change">Least change: move the fewest GPU-hours</option>
          </select>
        </label>
        {options.objective === 'mix' && (
          <NumberSetting
            label={`A week earlier is worth (${currency})`}
            min={0}
            step={10}
            value={options.usdPerWeekEarlier}
            onChange={(text) => s.setOptions({ usdPerWeekEarlier: Math.max(0, Number(text) || 0) })}
          />
        )}
        <label className="field">
          <span>Runs per milestone</span>
          <select className="input" value={options.runCount} onChange={(e) => s.setOptions({ runCount: e.target.value as 'mid' | 'high' })}>
            <option value="mid">middle of the range (as the checks count)</option>
            <option value="high">high end of the range</option>
          </select>
        </label>
        <fieldset className="pt-suggest-freedoms">
          <legend>The optimizer moves bookings only. Also allow it to:</legend>
          <label className="field pt-suggest-check">
            <input type="checkbox" checked={options.allowDates} onChange={(e) => s.setOptions({ allowDates: e.target.checked })} />
            <span>move milestones' dates (earlier, never past their end date)</span>
          </label>
          <label className="field pt-suggest-check">
            <input type="checkbox" checked={options.allowHardware} onChange={(e) => s.setOptions({ allowHardware: e.target.checked })} />
            <span>choose other offerings or GPUs (any the workload fits, estimated on it)</span>
          </label>
          <label className="field pt-suggest-check">
            <input type="checkbox" checked={options.allowReorder} onChange={(e) => s.setOptions({ allowReorder: e.target.checked })} />
            <span>reorder a track's milestones (declared dependencies still hold)</span>
          </label>
          <label className="field pt-suggest-check">
            <input type="checkbox" checked={options.allowTurns} onChange={(e) => s.setOptions({ allowTurns: e.target.checked })} />
            <span>let bookings of a pool take turns within its week's hours (off: the strict rule)</span>
          </label>
        </fieldset>
        <NumberSetting
          label="Time limit (s)"
          min={1}
          max={600}
          value={options.timeLimitSeconds}
          onChange={(text) => s.setOptions({ timeLimitSeconds: Math.min(600, Math.max(1, Number(text) || 30)) })}
        />
        {s.running ? (
          <>
            <span className="pt-suggest-progress" role="status" aria-live="polite">
              Solving… {s.progress ? `${s.progress.seconds.toFixed(1)} s` : ''}
              {s.progress?.gap !== null && s.progress?.gap !== undefined
                ? ` · within ${(s.progress.gap * 100).toFixed(1)} % of optimal so far`
                : ''}
            </span>
            <button type="button" className="btn" onClick={() => void s.stop()}>
              Stop and keep the best so far
            </button>
          </>
        ) : (
          <button type="submit" className="btn primary">
            Suggest
          </button>
        )}
      </form>
      {s.error && (
        <div className="banner error" role="alert">
          {s.error.message}
        </div>
      )}
      {result && <SuggestionResult result={result} />}
    </section>
  );
}

function SuggestionResult({ result }: { result: OptimizeResult }) {
  const s = useSuggestStore();
  const view = usePlanStore((state) => state.view);
  const label = (offeringId: string | null, gpuId: string) =>
    view?.catalog.offerings.find((o) => o.id === offeringId)?.label ?? offeringId ?? gpuId;
  const removed = (week: string) =>
    (view?.plan.allocations ?? []).filter((a) => a.week === week && result.replacedAllocationIds.includes(a.id));
  const [plan, suggestion] = result.comparison;
  const currency = view?.analysis.totals.currency ?? 'USD';
  return (
    <div className="pt-suggest-result" data-suggest-status={result.status}>
      <div className={`banner ${result.status === 'infeasible' ? 'warn' : 'ok'}`} role="status">
        <strong>{suggestStatusText(result.status, result.objective.kind)}</strong>
        <span className="muted">
          {' '}
          Solved in {result.solver.seconds.toFixed(2)} s
          {result.solver.gap ? ` (within ${(result.solver.gap * 100).toFixed(2)} % of optimal)` : ''}. Kept as a scenario, so it is compared
          below and in the review PDF.
        </span>
      </div>
      {result.binding.length > 0 && (
        <ul className="pt-binding" aria-label="What binds">
          {result.binding.map((b, i) => (
            <li key={i}>{b.message}</li>
          ))}
        </ul>
      )}
      <DiffTable diff={result.diff} label={(id) => label(id, id)} />
      {result.relaxations.length > 0 && (
        <div className="pt-suggest-relax">
          <strong>The smallest change that makes a schedule exist</strong>
          <span className="muted"> any one of these, each checked by solving again with it</span>
          <ul aria-label="The smallest change that makes a schedule exist">
            {result.relaxations.map((r, i) => (
              <li key={i} data-relaxation={r.kind}>
                {r.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.notFixableByScheduling.length > 0 && (
        <div className="pt-suggest-notfixable">
          <strong>Not fixable by scheduling</strong>
          <span className="muted"> moving bookings leaves these as they are; what would fix each</span>
          <ul aria-label="Not fixable by scheduling">
            {result.notFixableByScheduling.map((n, i) => (
              <li key={i} data-problem={n.kind}>
                <span className={`badge ${n.severity === 'error' ? 'bad' : 'warn'}`}>{n.severity}</span> {n.message}
                <div className="muted">Fix: {n.fix}</div>
              </li>
            ))}
          </ul>
        </div>
      )}
      {plan && suggestion && (
        <table className="data pt-suggest-compare">
          <caption className="muted">The plan and the suggestion, costed the same way ({currency}, the plan's prices)</caption>
          <thead>
            <tr>
              <th>
                <span className="sr-only">Schedule</span>
              </th>
              <th className="num">Cost (USD)</th>
              <th>Weeks with bookings</th>
              <th className="num">GPU-hours</th>
              <th className="num">Errors</th>
              <th className="num">Warnings</th>
            </tr>
          </thead>
          <tbody>
            {[plan, suggestion].map((r) => (
              <tr key={r.name}>
                <th scope="row">{r.name}</th>
                <td className="num">{fmtMoney(r.usd, currency)}</td>
                <td>
                  {r.firstWeek ?? '—'} → {r.lastWeek ?? '—'}
                </td>
                <td className="num">{fmtHours(r.gpuHours)} h</td>
                <td className="num">{r.errors}</td>
                <td className="num">{r.warnings}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="pt-suggest-weeks">
        <strong>Weeks that change</strong>
        <span className="muted"> tick weeks to accept only those; bookings of other weeks stay as planned</span>
        <ul>
          {result.changedWeeks.map((week) => (
            <li key={week}>
              <label>
                <input type="checkbox" checked={s.chosenWeeks.includes(week)} onChange={() => s.toggleWeek(week)} /> <strong>{week}</strong>{' '}
                {[
                  ...removed(week).map((a) => `− ${label(a.offeringId, a.gpuId)} ${fmtHours(a.hours)} h`),
                  ...result.addedAllocations
                    .filter((a) => a.week === week)
                    .map((a) => `+ ${label(a.offeringId, a.gpuId)} ${fmtHours(a.hours)} h`),
                ].join(' · ')}
              </label>
            </li>
          ))}
        </ul>
      </div>
      <div className="toolbar">
        <button
          type="button"
          className="btn primary"
          disabled={!result.scenarioId || result.changedWeeks.length === 0}
          onClick={() => void s.accept()}
        >
          Accept all
        </button>
        <button
          type="button"
          className="btn"
          disabled={s.chosenWeeks.length === 0}
          onClick={() => void s.accept([...s.chosenWeeks].sort())}
        >
          Accept {s.chosenWeeks.length || ''} selected week{s.chosenWeeks.length === 1 ? '' : 's'}
        </button>
        {s.accepted && <span role="status">{s.accepted} Undo (Ctrl+Z) brings the plan back.</span>}
      </div>
    </div>
  );
}

/** A numeric option of the solver, a spin box under its label; the caller bounds what is typed. */
function NumberSetting({
  label,
  min,
  max,
  step,
  value,
  onChange,
}: {
  label: string;
  min: number;
  max?: number;
  step?: number;
  value: number;
  onChange: (text: string) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input className="input" type="number" min={min} max={max} step={step} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
