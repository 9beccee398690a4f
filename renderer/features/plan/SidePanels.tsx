/** The milestone table (author's figures beside the app's) and scenarios side by side (the claims: ClaimsPanel.tsx). */
import { useState } from 'react';
import type { Response } from '../../../shared/ipc/contract';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { KIND_LABEL } from './ProblemsPanel';
import { fmtHours, fmtUsd, gpuShort } from './timeline-model';

const range = (r: { low: number; high: number } | null | undefined, unit = '') =>
  !r ? '—' : r.low === r.high ? `${unit}${r.low}` : `${unit}${r.low}–${unit}${r.high}`;

export function MilestoneTable({
  view,
  onJump,
}: {
  view: PlanView;
  onJump: (milestoneId: string, phaseId: string, trackId: string, week: string) => void;
}) {
  const { plan, analysis } = view;
  const offerings = new Map(view.catalog.offerings.map((o) => [o.id, o]));
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
            <th className="num">Needed GPU-h</th>
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
                  <td className="num">{range(ph.runs)}</td>
                  <td>{range(ph.authorEstimate?.hoursPerRun)} h</td>
                  <td>
                    {range(ph.authorEstimate?.usd, '$')}
                    {ph.authorEstimate?.usdPerRun ? <div className="muted">{range(ph.authorEstimate.usdPerRun, '$')} / run</div> : null}
                  </td>
                  <td className="num">{cov?.neededHours === null || cov === undefined ? '—' : fmtHours(cov.neededHours)}</td>
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
                      ? `app estimate ${fmtHours(ph.appEstimate.hours)} h, ${fmtUsd(ph.appEstimate.usd)} (${ph.appEstimate.basis}); author: ${range(ph.authorEstimate?.hours)} h`
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

export function ScenariosPanel({
  compare,
  onDuplicate,
  onDelete,
}: {
  compare: Response<'plan:compare-scenarios'> | null;
  onDuplicate: (name: string) => void;
  onDelete?: (id: string) => void;
}) {
  const [name, setName] = useState('');
  if (!compare) return null;
  const base = compare.rows[0];
  return (
    <section className="panel" aria-label="Scenarios">
      <div className="panel-title">
        <strong>Scenarios side by side</strong>
        <span className="muted">app figures from the bookings and the checks; the author's own figures beside them</span>
        <span className="spacer" />
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
      </div>
      <div className="pt-scen-wrap">
        <table className="data pt-scen">
          <thead>
            <tr>
              <th>Scenario</th>
              <th className="num">Cost (app)</th>
              <th className="num">Author's cost</th>
              <th className="num">GPU-hours</th>
              <th>Weeks booked</th>
              <th className="num" title="Calendar days from the first booked week's Monday to the last booked week's Sunday">
                Calendar days
              </th>
              <th className="num" title="The busiest track's booked GPU-hours ÷ 24">
                Compute days
              </th>
              <th className="num">Author's days</th>
              <th>Risk (checks)</th>
              <th>Author's risk</th>
            </tr>
          </thead>
          <tbody>
            {compare.rows.map((r) => {
              const s = compare.scenarios.find((x) => x.id === r.scenarioId);
              return (
                <tr key={r.scenarioId ?? 'current'} title={s?.variation ?? 'The plan as it stands'}>
                  <td className="pt-scen-name">
                    <strong>{r.name}</strong>
                    <div className="muted pt-basis pt-clamp" title={s?.variation ?? ''}>
                      {s?.variation ?? 'the plan as edited'}
                    </div>
                    {s && !s.author && onDelete && (
                      <button type="button" className="btn small" aria-label={`Delete scenario ${s.name}`} onClick={() => onDelete(s.id)}>
                        Delete
                      </button>
                    )}
                  </td>
                  <td className="num">
                    {fmtUsd(r.usd)}
                    {base && r !== base ? (
                      <div className="muted">
                        {Number(r.usd) >= Number(base.usd) ? '+' : '−'}
                        {fmtUsd(String(Math.abs(Number(r.usd) - Number(base.usd))))}
                      </div>
                    ) : null}
                  </td>
                  <td className="num">{range(r.authorUsd, '$')}</td>
                  <td className="num">{fmtHours(r.gpuHours)}</td>
                  <td>
                    {r.firstWeek ?? '—'} →<br />
                    {r.lastWeek ?? '—'}
                  </td>
                  <td className="num">{r.durationDays ?? '—'}</td>
                  <td className="num">{r.computeDays}</td>
                  <td className="num">{range(r.authorDays)}</td>
                  <td>
                    {r.errors ? <span className="badge bad">{r.errors} errors</span> : <span className="badge ok">no errors</span>}{' '}
                    {r.warnings ? <span className="badge warn">{r.warnings} warnings</span> : null}
                    <ul className="pt-kinds">
                      {Object.entries(r.problemKinds)
                        .sort((a, b) => b[1] - a[1])
                        .map(([k, n]) => (
                          <li key={k}>
                            {n} × {KIND_LABEL[k] ?? k}
                          </li>
                        ))}
                    </ul>
                  </td>
                  <td className="pt-basis">{r.authorRisk ?? '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
