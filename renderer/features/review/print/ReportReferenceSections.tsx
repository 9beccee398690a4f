/** The report's reference sections: the assumptions (with the setups' run-rates), the prices used, the problems found, the next steps. */
import type { ReportModel } from '../../../../shared/domain/report/report-model';
import { num } from './format';
import { Section, Table, Sev, dollars } from './report-parts';

/** The project's setups per run, month and year (seed 003's example), the author's figure beside the app's. */
function RunRatesTable({ runRates }: { runRates: ReportModel['assumptions']['runRates'] }) {
  return (
    <>
      <h3>Run-rates of the setups</h3>
      <Table
        className="rp-compact"
        head={[
          'Setup',
          'Compute (bookings × catalog price)',
          'Storage /month',
          'App: run or month',
          'App: year',
          'Reserved as committed /month',
          'Author',
        ]}
        numeric={[2, 3, 4, 5]}
        widths={['15%', '27%', '9%', '12%', '10%', '11%', '16%']}
        rows={runRates.map((r) => [
          r.name,
          r.lines.map((l) => `${l.offeringId} ${l.priceKind} ${l.boxHours} h × $${l.price?.usd ?? '?'} = ${dollars(l.usd)}`).join('; '),
          dollars(r.storageUsdPerMonth),
          r.period === 'run' ? `${dollars(r.usdPerRun)} per run` : `${dollars(r.usdPerMonth)}/month`,
          r.period === 'run' ? '—' : dollars(r.usdPerYear),
          r.period === 'run' ? '—' : dollars(r.usdPerMonthAsCommitted),
          `${r.author.low === r.author.high ? dollars(r.author.low) : `${dollars(r.author.low)}–${dollars(r.author.high)}`} per ${r.author.per}: ${r.author.text}`,
        ])}
      />
    </>
  );
}

export function AssumptionsSection({ model }: { model: ReportModel }) {
  return (
    <Section
      id="assumptions"
      model={model}
      source={<>{model.assumptions.calibration.source}; the estimation model's constants; the plan's notes</>}
    >
      <h3>Plan assumptions</h3>
      <ul className="rp-notes">
        {model.assumptions.planNotes.map((n, i) => (
          <li key={i}>{n}</li>
        ))}
        <li>
          <strong>Cost rule:</strong> {model.assumptions.costRule}
        </li>
      </ul>
      <h3>Estimation model constants</h3>
      <Table
        className="rp-compact"
        head={['Group', 'Assumption', 'Value']}
        numeric={[2]}
        rows={model.assumptions.constants.map((c) => [c.group, c.name, String(c.value)])}
      />
      <h3>Calibration</h3>
      <p>{model.assumptions.calibration.summary}</p>
      <Table
        className="rp-compact"
        head={['Measured workload (H100 SXM)', 'Measured samples/s', 'Model samples/s', 'Model ÷ measured']}
        numeric={[1, 2, 3]}
        rows={model.assumptions.calibration.rows.map((r) => [r.workload, num(r.measured), num(r.model), `×${r.ratio.toFixed(2)}`])}
      />
      {model.assumptions.runRates.length > 0 && <RunRatesTable runRates={model.assumptions.runRates} />}
      {model.assumptions.claims.length > 0 && (
        <>
          <h3>Claims in the source plan, checked</h3>
          <Table
            head={['Claim', 'Where', 'Verdict', "Author's figure", "App's figure (computed at export)", 'Why']}
            rows={model.assumptions.claims.map((c) => [`“${c.quote}”`, c.where, c.verdict, c.authorFigure, c.appFigure, c.explanation])}
          />
        </>
      )}
    </Section>
  );
}

export function PricesSection({ model }: { model: ReportModel }) {
  return (
    <Section id="prices" model={model} source="the catalog: every price row with the date it was valid and its source document">
      <Table
        className="rp-compact"
        head={['Provider', 'Offering', 'GPU', 'Kind', 'USD', 'Per', 'As of', 'Source', 'Used for']}
        numeric={[4]}
        nowrap={[2, 6]}
        widths={['9%', '12%', '13%', '8%', '7%', '5%', '9%', '25%', '12%']}
        rows={model.prices.map((p) => [
          p.provider,
          p.sku,
          p.gpuId,
          p.kind,
          p.usd,
          p.per,
          p.asOf,
          <span className="rp-src">{p.source}</span>,
          p.usedFor,
        ])}
      />
    </Section>
  );
}

export function ProblemsSection({ model }: { model: ReportModel }) {
  return (
    <Section id="problems" model={model} source="the plan's checks (budget, pools and concurrency, track dates, milestone coverage)">
      {model.problems.length === 0 ? (
        <p>No open problems.</p>
      ) : (
        <Table
          head={['Severity', 'Kind', 'Week', 'Problem']}
          nowrap={[1, 2]}
          rows={model.problems.map((p) => [<Sev s={p.severity} />, p.kindWords, p.week ?? '—', p.message])}
        />
      )}
    </Section>
  );
}

export function NextStepsSection({ model }: { model: ReportModel }) {
  return (
    <Section
      id="next-steps"
      model={model}
      source="derived from the open problems, the milestones, the prices' dates and the estimator's alternatives"
    >
      <ul className="rp-checklist">
        {model.nextSteps.map((s, i) => (
          <li key={i}>
            <span className="rp-box" aria-hidden="true" />
            {s.text} <span className="rp-sub">({s.source})</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
