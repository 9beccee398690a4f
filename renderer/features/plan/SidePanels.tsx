/** The milestone table: the author's figures beside the app's (scenarios: ScenarioWorkbench.tsx; the claims: ClaimsPanel.tsx). */
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { hoursRangeText, moneyRangeText, rangeRulesText } from '../../../shared/domain/plan/range-text';
import { rangeText } from './figure-text';
import { estimateBasis, estimateMoney, fmtHours, fmtMoney, gpuShort } from './timeline-model';

export function MilestoneTable({
  view,
  onJump,
}: {
  view: PlanView;
  onJump: (milestoneId: string, phaseId: string, trackId: string, week: string) => void;
}) {
  const { plan, analysis } = view;
  const offerings = new Map(view.catalog.offerings.map((o) => [o.id, o]));
  const phaseRanges = new Map((analysis.ranges?.milestones ?? []).flatMap((m) => m.phases.map((p) => [p.phaseId, p] as const)));
  const rules = analysis.ranges ? rangeRulesText(analysis.ranges) : '';
  return (
    <section className="panel" aria-label="Milestones">
      <div className="panel-title">
        <strong>Milestones</strong>
        <span className="muted">the author's figures as written, the hours the check uses, and what the plan books by each end date</span>
      </div>
      <table className="data pt-mtable">
        <thead>
          <tr>
            <th>Milestone</th>
            <th>Dates</th>
            <th>Hardware</th>
            <th className="num">Runs</th>
            <th>Author: hours / run</th>
            <th>Author: cost</th>
            <th
              className="num"
              title="The hours the check uses; below, the estimate's P10–P90 hours and cost (hover for where the range comes from)"
            >
              Needed GPU-h
            </th>
            <th className="num">Booked GPU-h</th>
            <th>Basis</th>
          </tr>
        </thead>
        <tbody>
          {plan.milestones.flatMap((m) =>
            m.phases.map((ph, i) => {
              const cov = analysis.phases.find((p) => p.phaseId === ph.id);
              const short = cov && cov.neededHours !== null && cov.allocatedHours + 1e-9 < cov.neededHours;
              const o = ph.offeringId ? offerings.get(ph.offeringId) : undefined;
              const range = phaseRanges.get(ph.id);
              return (
                <tr
                  key={ph.id}
                  className={short ? 'pt-row-bad' : ''}
                  onClick={() => onJump(m.id, ph.id, m.trackId, ph.start)}
                  style={{ cursor: 'pointer' }}
                >
                  <td>
                    {i === 0 ? (
                      <strong>
                        {m.code} {m.name}
                      </strong>
                    ) : null}
                    {m.phases.length > 1 ? <div className="muted">{ph.name}</div> : null}
                    {i === 0 ? (
                      <div className="muted">
                        {m.facts
                          .filter((f) => ['Cases', 'PPG windows', 'Epochs', 'Batch size'].includes(f.label))
                          .map((f) => `${f.label.toLowerCase()} ${f.value}`)
                          .join(' · ')}
                      </div>
                    ) : null}
                  </td>
                  <td className="nowrap">
                    {ph.start} → {ph.end}
                  </td>
                  <td>
                    {ph.gpuId ? gpuShort(ph.gpuId) : 'none'}
                    <div className="muted">{o?.label ?? ph.offeringId ?? ''}</div>
                  </td>
                  <td className="num">{rangeText(ph.runs)}</td>
                  <td>{rangeText(ph.authorEstimate?.hoursPerRun)} h</td>
                  <td>
                    {rangeText(ph.authorEstimate?.usd, '$')}
                    {ph.authorEstimate?.usdPerRun ? <div className="muted">{rangeText(ph.authorEstimate.usdPerRun, '$')} / run</div> : null}
                  </td>
                  <td className="num">
                    {cov?.neededHours === null || cov === undefined ? '—' : fmtHours(cov.neededHours)}
                    {range && range.source !== 'none' ? (
                      <div className="muted nowrap" data-testid="needed-range" title={`${range.basis}. ${rules}`}>
                        {hoursRangeText(range.hours)}
                        <div>{moneyRangeText(analysis.ranges!.currency, range.cost, false)}</div>
                      </div>
                    ) : null}
                  </td>
                  <td
                    className={`num${short ? ' pt-bad-text' : ''}`}
                    data-testid="booked-hours"
                    title="Every GPU-hour of this track and hardware booked in the phase's weeks (no cap at what is needed)"
                  >
                    {cov ? fmtHours(cov.bookedHours) : '—'}
                    {cov && cov.neededHours !== null && cov.bookedHours > cov.neededHours + 0.005 && (
                      <div className="muted">{fmtHours(cov.bookedHours - cov.neededHours)} beyond needed</div>
                    )}
                  </td>
                  <td className="muted pt-basis">
                    {ph.appEstimate
                      ? `app estimate ${fmtHours(ph.appEstimate.hours)} h, ${estimateMoney(ph.appEstimate.usd, ph.start, analysis.totals)} (${estimateBasis(ph.appEstimate.basis, ph.start, analysis.totals)}); author: ${rangeText(ph.authorEstimate?.hours)} h`
                      : (cov?.neededBasis ?? '')}
                  </td>
                </tr>
              );
            }),
          )}
        </tbody>
      </table>
    </section>
  );
}
