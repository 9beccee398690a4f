/**
 * The inputs of a claim's check, in words: what the app computed its figure from (the workload's inputs as the claim
 * states or assumes them, the catalog row, the GPUs compared, the document's own figures). One producer for the
 * Source documents view, the CLI's `claims` and the PDF.
 */
import type { ClaimCheck } from './claim-check';

const num = (x: number): string => x.toLocaleString('en-US', { maximumFractionDigits: 4 });

export function claimInputsText(check: ClaimCheck | undefined): string {
  if (!check) return 'none: the claim carries no check (its stored verdict stands)';
  switch (check.kind) {
    case 'estimate':
    case 'fits':
    case 'speed-ratio':
      return `${check.inputsNote}${check.inputsStated ? '' : ' (an input was assumed: wrong is softened to doubtful)'}${check.kind === 'fits' && check.unmodelled ? `; not modelled: ${check.unmodelled}` : ''}`;
    case 'datasheet-ratio':
      return `catalog datasheets: ${check.field} of ${check.numeratorGpuId} ÷ ${check.field} of ${check.denominatorGpuId}`;
    case 'price':
      return `catalog price of offering ${check.offeringId} (${check.priceKind})`;
    case 'commitment':
      return `catalog ${check.priceKind} price and on-demand price of offering ${check.offeringId}; ${num(check.hoursUsed)} h used ${check.period === 'month' ? 'a month' : 'in the project'}${check.extras?.length ? `; the document's ${check.extras.map((x) => `${x.text} $${num(x.usd)}`).join(', ')}` : ''}`;
    case 'consistency':
      return `the document's own figures: ${check.values
        .map((v) =>
          v.value !== undefined ? `${v.text} = ${num(v.value)}` : `${v.text} = ${v.terms!.map((t) => t.map(num).join(' × ')).join(' + ')}`,
        )
        .join('; ')}`;
    case 'same-choice':
      return `the document's choices for ${check.subject}: ${check.statements.map((st) => `${st.text}: ${st.choices.join(' or ')}`).join('; ')}`;
    case 'capacity':
      return `${check.runs.low}–${check.runs.high} runs × ${check.hoursPerRun.low}–${check.hoursPerRun.high} h per run on ${check.window.gpus} GPU between ${check.window.start} and ${check.window.end}`;
    case 'plan-check':
      return `the plan's check ${check.problemKind}${check.milestoneId ? ` on ${check.milestoneId}` : ''}`;
    case 'none':
      return `none: ${check.reason}`;
  }
}
