/**
 * The report's reference sections: the assumptions (with the setups' run-rates), the prices used, the problems found,
 * the next steps, and the technical appendix (the estimation model's constants in words, with their sources).
 */
import { catalogAmountIn } from '../../../../shared/domain/plan/plan-currency';
import type { ReportModel } from '../../../../shared/domain/report/report-model';
import { offerLabel } from '../../../../shared/domain/offer-label';
import { fromUsd, num } from './format';
import { Section, Table, Sev } from './report-parts';

/** The project's setups per run, month and year (seed 003's example), the author's figure beside the app's. */
function RunRatesTable({
  runRates,
  cover,
  prices,
}: {
  runRates: ReportModel['assumptions']['runRates'];
  cover: ReportModel['cover'];
  prices: ReportModel['prices'];
}) {
  const amount = (v: string | number | null) => fromUsd(v, cover);
  // Offerings by their names (the catalog's prices used list every booked offering), never their ids (azure-nc6s-v3).
  const offering = (id: string) => {
    const p = prices.find((x) => x.offeringId === id && x.provider !== '—');
    return p ? offerLabel(p.provider, p.sku) : 'an offering no longer in the catalog';
  };
  return (
    <>
      <h3>Run-rates of the setups</h3>
      {cover.catalogRate && (
        <p>
          Catalog prices are in USD; shown in {cover.currency} at {cover.catalogRate.text}.
        </p>
      )}
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
          r.lines
            .map(
              (l) => `${offering(l.offeringId)} ${l.priceKind} ${l.boxHours} h × ${l.price ? amount(l.price.usd) : '?'} = ${amount(l.usd)}`,
            )
            .join('; '),
          amount(r.storageUsdPerMonth),
          r.period === 'run' ? `${amount(r.usdPerRun)} per run` : `${amount(r.usdPerMonth)}/month`,
          r.period === 'run' ? '—' : amount(r.usdPerYear),
          r.period === 'run' ? '—' : amount(r.usdPerMonthAsCommitted),
          `${r.author.low === r.author.high ? amount(r.author.low) : `${amount(r.author.low)}–${amount(r.author.high)}`} per ${r.author.per}: ${r.author.text}`,
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
      source={
        <>{model.assumptions.calibration.source}; the plan's notes (the estimation model's constants are in the technical appendix)</>
      }
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
      <h3>Calibration</h3>
      <p>{model.assumptions.calibration.summary}</p>
      <Table
        className="rp-compact"
        head={['Measured workload (H100 SXM)', 'Measured samples/s', 'Model samples/s', 'Model ÷ measured']}
        numeric={[1, 2, 3]}
        rows={model.assumptions.calibration.rows.map((r) => [r.workload, num(r.measured), num(r.model), `×${r.ratio.toFixed(2)}`])}
      />
      {model.assumptions.runRates.length > 0 && (
        <RunRatesTable runRates={model.assumptions.runRates} cover={model.cover} prices={model.prices} />
      )}
      {(model.assumptions.claims.length > 0 || model.assumptions.claimsSummary) && (
        <>
          <h3>Claims in the source plan, checked</h3>
          {model.assumptions.claimsSummary && (
            <p className="rp-claims-summary">
              {model.assumptions.claimsSummary.total} claims checked: {model.assumptions.claimsSummary.counts}. The table shows the{' '}
              {model.assumptions.claimsSummary.shown} that are not ok. Rule: {model.assumptions.claimsSummary.rule}.
            </p>
          )}
          <Table
            head={['Claim', 'Where', 'Verdict', "Author's figure", "App's figure (computed at export)", 'Inputs', 'Why']}
            rows={model.assumptions.claims.map((c) => [
              `“${c.quote}”`,
              c.where,
              c.verdict,
              c.authorFigure,
              c.appFigure,
              c.inputs,
              c.explanation,
            ])}
          />
        </>
      )}
    </Section>
  );
}

export function PricesSection({ model }: { model: ReportModel }) {
  const rate = model.cover.catalogRate;
  return (
    <Section
      id="prices"
      model={model}
      source={`the catalog: every price row (in USD) with the date it was valid and its source document${rate ? `; in ${model.cover.currency} at ${rate.text}` : ''}`}
    >
      <Table
        className="rp-compact"
        head={['Provider', 'Offering', 'GPU', 'Kind', 'USD', ...(rate ? [model.cover.currency] : []), 'Per', 'As of', 'Source', 'Used for']}
        numeric={rate ? [4, 5] : [4]}
        nowrap={rate ? [2, 7] : [2, 6]}
        widths={
          rate
            ? ['9%', '11%', '12%', '8%', '7%', '7%', '5%', '9%', '21%', '11%']
            : ['9%', '12%', '13%', '8%', '7%', '5%', '9%', '25%', '12%']
        }
        rows={model.prices.map((p) => [
          p.provider,
          p.sku,
          p.gpuId,
          p.kind,
          p.usd,
          ...(rate
            ? [
                p.usd
                  .split('–')
                  .map((v) => catalogAmountIn(v, rate.factor, model.cover.currency))
                  .join('–'),
              ]
            : []),
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

/** The last section, for a technical reader: every constant of the estimation model in words, its value and its source. */
export function TechnicalSection({ model }: { model: ReportModel }) {
  return (
    <Section
      id="technical"
      model={model}
      source="the estimation model's constants as the app uses them at export, each with its own source"
    >
      <p>{model.technical.intro}</p>
      <Table
        className="rp-compact"
        head={['Group', 'Constant', 'Value', 'Where it comes from']}
        widths={['9%', '41%', '18%', '32%']}
        rows={model.technical.rows.map((r) => [r.group, r.name, r.value, r.source])}
      />
    </Section>
  );
}
