/** The Plan screen: timeline of the project's GPU bookings with checks, totals, chart, milestones and scenarios. */
import { readableSource } from '../../../shared/domain/source-documents';
import { useEffect, useMemo } from 'react';
import { weekOf } from '../../../shared/domain/plan/weeks';
import { AllocationEditor } from './AllocationEditor';
import { subscriptionMonthOf } from './subscription-explain';
import { MonthView } from './MonthView';
import { PlanChart } from './PlanChart';
import { PlanEditor, PlanPartsPanel } from './PlanEditors';
import { DataCostsPanel } from './DataCostsPanel';
import { ProblemsPanel } from './ProblemsPanel';
import { RunRatesPanel } from './RunRatesPanel';
import { ClaimsPanel } from './ClaimsPanel';
import { MilestoneTable } from './SidePanels';
import { PlanRangesKpi } from './PlanRangesKpi';
import { ScenarioWorkbench } from './ScenarioWorkbench';
import '../projects/projects.css';
import { usePlanStore } from './store';
import { selectAndFocus } from './timeline-focus';
import { Timeline } from './Timeline';
import { SuggestSchedulePanel } from './suggest/SuggestSchedulePanel';
import { useSuggestStore } from './suggest/store';
import { fmtHours, fmtMoney } from './timeline-model';
import { conversionText } from '../../../shared/domain/plan/plan-currency';
import Big from 'big.js';
import './plan.css';
import { plural } from '../../../shared/domain/count-words';

export function PlanScreen() {
  const s = usePlanStore();
  const { view, load } = s;
  useEffect(() => {
    void load();
  }, [load]);

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) anywhere on the screen except while typing in a field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) {
        e.preventDefault();
        void usePlanStore.getState().undo();
      } else if ((k === 'z' && e.shiftKey) || k === 'y') {
        e.preventDefault();
        void usePlanStore.getState().redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const todayWeek = useMemo(() => weekOf(new Date()), []);
  if (!view) {
    return (
      <div className="screen">
        <h1>Plan</h1>
        {s.error ? (
          <div className="banner error" role="alert">
            {s.error.message}
          </div>
        ) : (
          <div className="muted">Loading the plan…</div>
        )}
      </div>
    );
  }
  const { plan, analysis } = view;
  const closeBooking = () => selectAndFocus(s.selected, null);
  const cur = analysis.totals.currency;
  const selectedAllocation = plan.allocations.find((a) => a.id === s.selectedAllocationId) ?? null;
  const errors = analysis.problems.filter((p) => p.severity === 'error').length;
  const overBudget = Number(analysis.totals.remainingAllCostsUsd) < 0;
  const inPlan = view.weeks.includes(todayWeek);

  return (
    <div className="screen pt-screen" data-plan-ready="true">
      <div className="screen-header">
        <div>
          <h1 className="pt-title">{view.scenario ? `Scenario · ${view.scenario.name}` : `Plan · ${plan.project.name}`}</h1>
          <div className="muted">
            {plan.project.start} → {plan.project.end} · {plural(plan.tracks.length, 'track')} ·{' '}
            {plural(plan.milestones.length, 'milestone')} · source:{' '}
            {plan.project.source ? readableSource(plan.project.source) : 'entered in the app'}
          </div>
        </div>
        <span className="spacer" />
        <div className="toolbar" role="toolbar" aria-label="Plan actions">
          <button
            type="button"
            className="btn"
            onClick={() => useSuggestStore.getState().setOpen(true)}
            title="The cheapest weekly schedule that meets every milestone, pool and the budget"
          >
            Suggest schedule…
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => void s.undo()}
            disabled={!view.history.undoLabel}
            title={view.history.undoLabel ? `Undo ${view.history.undoLabel} (Ctrl+Z)` : 'Nothing to undo'}
          >
            ↶ Undo
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => void s.redo()}
            disabled={!view.history.redoLabel}
            title={view.history.redoLabel ? `Redo ${view.history.redoLabel} (Ctrl+Shift+Z)` : 'Nothing to redo'}
          >
            ↷ Redo
          </button>
          <span className="pt-zoom" role="group" aria-label="Zoom">
            <button
              type="button"
              className={`btn${s.zoom === 'weeks' ? ' primary' : ''}`}
              aria-pressed={s.zoom === 'weeks'}
              onClick={() => s.setZoom('weeks')}
            >
              Weeks
            </button>
            <button
              type="button"
              className={`btn${s.zoom === 'months' ? ' primary' : ''}`}
              aria-pressed={s.zoom === 'months'}
              onClick={() => s.setZoom('months')}
            >
              Months
            </button>
          </span>
        </div>
      </div>

      {view.scenario && (
        <div className="banner warn pt-scenario-bar" role="status">
          <span>
            You are editing the scenario <strong>“{view.scenario.name}”</strong> of {plan.project.name}: edits, undo and the checks apply to
            it; the current plan is not touched.
          </span>
          <span className="spacer" />
          <button type="button" className="btn small" onClick={() => void s.openScenario(null)}>
            Back to the current plan
          </button>
        </div>
      )}

      <div className="kpis">
        <div
          className="kpi"
          title={`All costs, in ${cur}: every week's GPU cost at the planned prices (${plan.plannedPrices.map((p) => `${p.offeringId} $${p.usd}/${p.per} as of ${p.asOf}`).join('; ')}) plus the storage and transfer the plan states.${conversionText(analysis.totals.conversion)}`}
        >
          <div className="kpi-label">Planned cost</div>
          <div className={`kpi-value${overBudget ? ' pt-bad-text' : ''}`}>{fmtMoney(analysis.totals.allCostsUsd, cur)}</div>
          <div className="kpi-sub">
            GPU {fmtMoney(analysis.totals.usd, cur)} + storage and transfer · of {fmtMoney(analysis.totals.budget, cur)} budget ·{' '}
            {overBudget
              ? `${fmtMoney(new Big(analysis.totals.remainingAllCostsUsd).neg().toFixed(2), cur)} over`
              : `${fmtMoney(analysis.totals.remainingAllCostsUsd, cur)} left`}
          </div>
        </div>
        <div
          className="kpi"
          title={`Storage and data transfer the plan states, priced from dated storage and transfer prices. ${analysis.totals.dataCosts.rule}`}
        >
          <div className="kpi-label">Storage &amp; transfer</div>
          <div className="kpi-value">{fmtMoney(new Big(analysis.totals.storageUsd).plus(analysis.totals.transferUsd).toFixed(2), cur)}</div>
          <div className="kpi-sub">
            storage {fmtMoney(analysis.totals.storageUsd, cur)} · transfer {fmtMoney(analysis.totals.transferUsd, cur)} · counted in the
            total
          </div>
        </div>
        <PlanRangesKpi view={view} />
        <div className="kpi" title="Hours of booked GPUs × GPU count, all weeks">
          <div className="kpi-label">GPU-hours booked</div>
          <div className="kpi-value">{fmtHours(analysis.totals.gpuHours)} h</div>
          <div className="kpi-sub">
            {view.weeks[0]} → {view.weeks[view.weeks.length - 1]} ({view.weeks.length} ISO weeks)
          </div>
        </div>
        <div className="kpi">
          <div className="kpi-label">Problems</div>
          <div className={`kpi-value${errors ? ' pt-bad-text' : ''}`}>{analysis.problems.length}</div>
          <div className="kpi-sub" data-analysis-ms={view.analysisMs}>
            {errors} error{errors === 1 ? '' : 's'}
          </div>
        </div>
        <div className="kpi">
          <div className="kpi-label">Today</div>
          <div className="kpi-value">{todayWeek}</div>
          <div className="kpi-sub">
            {inPlan
              ? 'marked in blue on the timeline'
              : todayWeek > view.weeks[view.weeks.length - 1]!
                ? 'after the plan’s last week'
                : 'before the plan’s first week'}
          </div>
        </div>
      </div>

      {s.error && (
        <div className="banner error pt-error" role="alert">
          <strong>Not saved:</strong> {s.error.message}
          {s.error.details?.problems && s.error.details.problems.length > 1 && (
            <ul>
              {s.error.details.problems.map((p, i) => (
                <li key={i}>
                  {p.field}: {p.message}
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="btn small" onClick={s.clearError} style={{ marginLeft: 8 }}>
            Dismiss
          </button>
        </div>
      )}

      <SuggestSchedulePanel />

      <section className="panel pt-timeline-panel" aria-label="Timeline">
        <div className="panel-title">
          <strong>Timeline</strong>
          <span className="muted">
            {s.zoom === 'weeks'
              ? 'drag a bar to move it, drag its right edge to resize, double-click an empty week to book · keys: arrows, Enter, Alt+←/→ move, Shift+→ extend, Shift+← remove week, +/− hours, Delete'
              : 'month view (read-only): weeks belong to the month of their Thursday'}
          </span>
        </div>
        {s.zoom === 'weeks' ? (
          <Timeline
            view={view}
            selection={{ cell: s.selected, allocationId: s.selectedAllocationId, flash: s.flash }}
            todayWeek={todayWeek}
            onEdit={s.edit}
            onSelect={s.select}
            onEditTrack={(id) => s.openEditor({ kind: 'track', id })}
            onDraft={s.startDraft}
          />
        ) : (
          <MonthView view={view} />
        )}
      </section>

      {selectedAllocation ? (
        <AllocationEditor
          plan={plan}
          allocation={selectedAllocation}
          offerings={view.catalog.offerings}
          costUsd={analysis.totals.allocationUsd[selectedAllocation.id]}
          subscription={subscriptionMonthOf(analysis.totals.subscriptions, selectedAllocation.id)}
          fieldErrors={s.fieldErrors}
          onEdit={s.edit}
          onClose={closeBooking}
        />
      ) : (
        s.draftAllocation && (
          <AllocationEditor
            key={s.draftAllocation.id}
            plan={plan}
            allocation={s.draftAllocation}
            offerings={view.catalog.offerings}
            costUsd={undefined}
            fieldErrors={s.fieldErrors}
            onEdit={s.edit}
            onClose={closeBooking}
            isNew
            onSaved={(id) => selectAndFocus({ trackId: s.draftAllocation!.trackId, week: s.draftAllocation!.week }, id)}
          />
        )
      )}

      <PlanPartsPanel plan={plan} onOpen={s.openEditor} onEdit={s.edit} />
      <DataCostsPanel view={view} onOpen={s.openEditor} onEdit={s.edit} />
      {s.editor && (
        <PlanEditor
          key={`${s.editor.kind}:${'id' in s.editor ? (s.editor.id ?? 'new') : ''}`}
          view={view}
          target={s.editor}
          error={s.error}
          busy={s.busy}
          onEdit={s.edit}
          onClose={() => s.openEditor(null)}
        />
      )}

      <div className="pt-two">
        <ProblemsPanel problems={analysis.problems} onJump={(p) => s.jump(p.cell)} />
        <PlanChart view={view} todayWeek={todayWeek} />
      </div>

      <MilestoneTable
        view={view}
        onJump={(milestoneId, phaseId, trackId, start) => s.jump({ row: 'milestone', milestoneId, phaseId, trackId, week: weekOf(start) })}
      />
      <ScenarioWorkbench
        projectId={plan.project.id}
        compare={s.compare}
        openScenarioId={view.scenario?.id ?? null}
        onOpen={(id) => void s.openScenario(id)}
        onChanged={() => s.load()}
      />
      {!view.scenario && <RunRatesPanel projectId={plan.project.id} revision={view.revision} />}
      <ClaimsPanel view={view} />
    </div>
  );
}
