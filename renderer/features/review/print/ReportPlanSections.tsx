/** The report's plan sections: tracks, milestones, the weekly timeline, and the hardware booked. */
import type { ReportModel } from '../../../../shared/domain/report/report-model';
import { currencySign } from '../../../../shared/domain/money-format';
import { hoursRangeText, moneyRangeText } from '../../../../shared/domain/plan/range-text';
import { AllocationChart } from './ReportCharts';
import { authorRange, hasAuthorFigures, num, range, usd, withoutColumns } from './format';
import { Section, Table, dates } from './report-parts';

export function TracksSection({ model }: { model: ReportModel }) {
  const cur = model.cover.currency;
  return (
    <Section id="tracks" model={model} source="the plan's tracks; hours and cost from their allocations">
      <Table
        head={['Track', 'Owner', 'Focus', 'Dates', 'GPU-hours', 'Cost']}
        numeric={[4, 5]}
        nowrap={[1, 3]}
        rows={model.tracks.map((t) => [
          <>
            <i className="rp-dot" style={{ background: t.colour }} />
            {t.name}
          </>,
          t.owner,
          t.focus,
          dates(t.start, t.end),
          num(t.gpuHours),
          usd(t.usd, cur),
        ])}
      />
    </Section>
  );
}

export function MilestonesSection({ model }: { model: ReportModel }) {
  const cur = model.cover.currency;
  return (
    <Section
      id="milestones"
      model={model}
      source={`the plan's milestones and phases; app = estimation model × catalog price (basis per row); booked = every GPU-hour of the track's hardware in the phase's weeks${hasAuthorFigures(model) ? "; author = the source plan's own figures" : ''}${model.cover.catalogRate ? ` (written in USD; in ${cur} at ${model.cover.catalogRate.text})` : ''}`}
    >
      <Table
        className="rp-milestones"
        numeric={[3, 4, 5, 6, 7, 8]}
        nowrap={[1]}
        {...withoutColumns(
          ['Milestone', 'Dates', 'Hardware', 'Runs', 'App h', 'App cost', 'Booked GPU-h', 'Author h', 'Author cost'],
          model.milestones.map((m) => [
            <>
              <strong>{m.code}</strong> {m.milestone}
              {m.phase !== m.milestone ? <> · {m.phase}</> : null}
              <div className="rp-sub">
                {m.trackName} ({m.owner})
              </div>
            </>,
            dates(m.start, m.end),
            m.hardware,
            range(m.runs),
            <>
              {num(m.appHours, 2)}
              {m.appRange ? <div className="rp-sub">{hoursRangeText(m.appRange.hours)}</div> : null}
            </>,
            <>
              {usd(m.appUsd, cur)}
              {m.appRange ? <div className="rp-sub">{moneyRangeText(cur, m.appRange.cost, false)}</div> : null}
            </>,
            num(m.bookedHours),
            range(m.authorHours, 'h'),
            authorRange(m.authorUsd, model.cover),
          ]),
          hasAuthorFigures(model) ? [] : [7, 8],
        )}
      />
      <h3>Basis of the app's estimates</h3>
      <ul className="rp-notes">
        {model.milestones.map((m) => (
          <li key={m.phaseId}>
            <strong>
              {m.code} · {m.phase}:
            </strong>{' '}
            {m.appBasis}
            {m.appRange ? `; range: ${m.appRange.basis}` : ''}
          </li>
        ))}
      </ul>
      {model.whatMoved && (
        // One block (kept on one page): the milestones that moved, then the plan's cost and finish before → after.
        <div className="rp-what-moved">
          <h3>What moved</h3>
          <p className="rp-sub">
            The auto-plan suggestion “{model.whatMoved.label}”, accepted {model.whatMoved.promotedAt.slice(0, 10)}, changed:
          </p>
          <ul className="rp-notes">
            {model.whatMoved.lines.slice(0, -1).map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
          <p className="rp-what-moved-plan">{model.whatMoved.lines.at(-1)}</p>
        </div>
      )}
    </Section>
  );
}

export function TimelineSection({ model }: { model: ReportModel }) {
  const cur = model.cover.currency;
  return (
    <Section
      id="timeline"
      model={model}
      source="the plan's weekly allocations; cost per allocation by the cost rule in section Assumptions"
    >
      <AllocationChart model={model} />
      <Table
        className="rp-compact"
        head={['Week', 'Track', 'GPU', 'Offering', 'Hours', 'Cost', 'Note']}
        numeric={[4, 5]}
        nowrap={[0, 2]}
        rows={model.allocations.map((a) => [
          a.week,
          a.track,
          `${a.gpuCount > 1 ? `${a.gpuCount}× ` : ''}${a.gpu}`,
          <span className="rp-src">{a.offering ?? '—'}</span>,
          num(a.hours),
          usd(a.usd, cur),
          a.note ?? '',
        ])}
      />
    </Section>
  );
}

export function HardwareSection({ model }: { model: ReportModel }) {
  const cur = model.cover.currency;
  return (
    <Section
      id="hardware"
      model={model}
      source="estimation model across the catalog (per run: the phase's workload; cheapest priced offering per GPU; prices with their dates in section Catalog prices used)"
    >
      <p className="rp-sub">
        Hours are wall-clock time to a trained model on each offering: setup (environment, copying the data) + training at the slower of the
        GPU and the input pipeline (the machine's vCPUs and storage) + validation + checkpoint writes + restarts after a session limit; the
        GPU-only hours (data already on the GPU) are beside them. A cost is of the wall-clock hours when the workload describes its data
        (format, location), else of the GPU-only hours.
      </p>
      {model.recommendations.map((r) => (
        <div key={r.phaseId} className="rp-reco">
          <h3>{r.title}</h3>
          <p className="rp-sub">
            Workload: {r.workload ?? 'none'} · planned: {r.planned}
          </p>
          {r.error ? (
            <p className="bad">{r.error}</p>
          ) : (
            <Table
              head={[
                'GPU',
                'Offering',
                'Price',
                'h/run',
                'Wall-clock h (GPU only)',
                `${currencySign(cur)}/run`,
                'Memory need/has GiB',
                'Fits',
                'Bound',
              ]}
              numeric={[3, 5]}
              nowrap={[6]}
              rows={r.alternatives.map((a) => [
                <>
                  {a.planned ? <strong>{a.gpuName} (planned)</strong> : a.gpuName}
                  {r.recommended?.offeringId === a.offeringId ? <span className="rp-badge">cheapest rental that fits</span> : null}
                </>,
                a.offering,
                `${a.priceKind}, ${a.priceAsOf}`,
                num(a.hoursPerRun, 2),
                a.wallClockHours === null ? (
                  '—'
                ) : (
                  <span title={a.wallClockParts ?? undefined}>{`${num(a.wallClockHours, 2)} (${num(a.gpuHoursPerRun ?? 0, 2)})`}</span>
                ),
                usd(a.usdPerRun, cur),
                `${num(a.requiredGiB)} / ${num(a.gpuMemoryGiB, 0)}`,
                a.fits ? 'yes' : 'no',
                a.bound,
              ])}
            />
          )}
          {unmeasured(r.alternatives).map((a) => (
            <p key={a.gpuId} className="rp-sub" data-testid="report-no-measurement">
              {capitalized(a.noMeasurement!)}.
            </p>
          ))}
          <ul className="rp-why">
            {r.why.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </div>
      ))}
    </Section>
  );
}

/** One line per GPU of the table with no measurement behind it (its range is widened: gpu-evidence.ts). */
function unmeasured<T extends { gpuId: string; noMeasurement?: string | null }>(alternatives: readonly T[]): T[] {
  const seen = new Set<string>();
  return alternatives.filter((a) => a.noMeasurement && !seen.has(a.gpuId) && seen.add(a.gpuId));
}

const capitalized = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;
