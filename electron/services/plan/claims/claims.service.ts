/**
 * Evaluates the claims of a project at display time: the app's figures come from the estimate service (current
 * catalog), and claims that refer to the plan's checks are set against the checks of the plan as it is now.
 */
import { evaluateClaims, VERDICT_RULE_TEXT, type ClaimEvaluation } from '../../../../shared/domain/claims/evaluate';
import type { AppServices } from '../../app-services';

export async function evaluateProjectClaims(
  services: AppServices,
  projectId: string | undefined,
  scenarioId: string | undefined,
  now: Date = new Date(),
): Promise<{ evaluations: ClaimEvaluation[]; rule: string; evaluatedAt: string }> {
  const view = await services.plan.getPlan(projectId, scenarioId);
  const evaluations = evaluateClaims(view.plan.claims, {
    gpus: services.catalog.listGpus(),
    offerings: services.catalog.listOfferings(),
    estimate: (workload, gpuIds) => services.estimate.estimateWorkload(workload, gpuIds),
    problems: view.analysis.problems,
  });
  return { evaluations, rule: VERDICT_RULE_TEXT, evaluatedAt: now.toISOString() };
}
