/**
 * The review report as one printable document: the same component for the PDF (PrintView) and the Review
 * screen's live preview. Props only; every section ends with where its figures come from.
 */
import { REPORT_SECTIONS, type ReportModel } from '../../../../shared/domain/report/report-model';
import { BriefPages } from './BriefPages';
import { BudgetSection, CostsSection } from './ReportMoneySections';
import { HardwareSection, MilestonesSection, TimelineSection, TracksSection } from './ReportPlanSections';
import { AssumptionsSection, NextStepsSection, PricesSection, ProblemsSection, TechnicalSection } from './ReportReferenceSections';
import { SummarySection } from './ReportSummarySection';

export function ReportDocument({ model }: { model: ReportModel }) {
  const { cover } = model;
  return (
    <article className="rp-doc">
      <BriefPages model={model} />
      {model.sections.length > 0 && (
        <section className="rp-appendix-head" aria-label="Appendix contents">
          <h2>Appendix</h2>
          <p className="rp-sub">
            GPU plan review of {cover.projectName}, scenario {cover.scenario}, report date {cover.date} · GPU Planner {cover.appVersion}
          </p>
          <ol className="rp-toc-list" type="A">
            {model.sections.map((id) => (
              <li key={id}>{REPORT_SECTIONS.find((x) => x.id === id)!.title}</li>
            ))}
          </ol>
        </section>
      )}
      <SummarySection model={model} />
      <TracksSection model={model} />
      <MilestonesSection model={model} />
      <TimelineSection model={model} />
      <HardwareSection model={model} />
      <CostsSection model={model} />
      <BudgetSection model={model} />
      <AssumptionsSection model={model} />
      <PricesSection model={model} />
      <ProblemsSection model={model} />
      <NextStepsSection model={model} />
      <TechnicalSection model={model} />
    </article>
  );
}
