/**
 * Evaluates the claims of a project at display time: the app's figures come from the estimate service (current
 * catalog), and claims that refer to the plan's checks are set against the checks of the plan as it is now. A claim
 * saved before claims carried their check (an example project seeded by an older version) takes the check of the
 * bundled claim with the same id (resources/example/*.json, resources/claims/*.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ChecksSay, ClaimCheck } from '../../../../shared/domain/claims/claim-check';
import { parseClaimsFile } from '../../../../shared/domain/claims/claims-file';
import { evaluateClaims, VERDICT_RULE_TEXT, type ClaimEvaluation } from '../../../../shared/domain/claims/evaluate';
import type { PlanView } from '../../../../shared/ipc/contract/plan';
import type { CatalogService } from '../../catalog/catalog.service';
import type { EstimateService } from '../../estimate/estimate.service';
import type { PlanService } from '../plan.service';

type BundledChecks = Map<
  string,
  { check?: ClaimCheck | undefined; checksSay?: ChecksSay | undefined; source?: { seed: string; lines: number[] } | undefined }
>;
type BundledClaim = { id: string; check?: ClaimCheck; checksSay?: ChecksSay; source?: { seed: string; lines: number[] } };
const cache = new Map<string, BundledChecks>();

function readJsonFiles(dir: string): Array<{ file: string; value: unknown }> {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ file: path.join(dir, f), value: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as unknown }));
}

/** The checks of every bundled claim, by claim id (read once per resources folder). */
export function bundledClaimChecks(resourcesDir: string): BundledChecks {
  const cached = cache.get(resourcesDir);
  if (cached) return cached;
  const checks: BundledChecks = new Map();
  for (const { value } of readJsonFiles(path.join(resourcesDir, 'example'))) {
    const claims = (value as { plan?: { claims?: BundledClaim[] } }).plan?.claims ?? [];
    for (const c of claims) if (c.check) checks.set(c.id, { check: c.check, checksSay: c.checksSay, source: c.source });
  }
  for (const { file, value } of readJsonFiles(path.join(resourcesDir, 'claims'))) {
    for (const c of parseClaimsFile(value, file).claims)
      if (c.check) checks.set(c.id, { check: c.check, checksSay: c.checksSay, source: c.source });
  }
  cache.set(resourcesDir, checks);
  return checks;
}

/** The claims of a plan view, evaluated now. */
export function evaluatePlanClaims(
  services: {
    catalog: Pick<CatalogService, 'listGpus' | 'listOfferings'>;
    estimate: Pick<EstimateService, 'estimateWorkload'>;
  },
  resourcesDir: string,
  view: PlanView,
): ClaimEvaluation[] {
  const bundled = bundledClaimChecks(resourcesDir);
  // A claim keeps its own check; one saved without it takes the bundled one, and the document it quotes.
  const claims = view.plan.claims.map((c) => {
    const b = c.check ? undefined : bundled.get(c.id);
    return {
      ...c,
      check: c.check ?? b?.check,
      checksSay: b ? b.checksSay : c.checksSay,
      source: c.source ?? bundled.get(c.id)?.source,
    };
  });
  return evaluateClaims(claims, {
    gpus: services.catalog.listGpus(),
    offerings: services.catalog.listOfferings(),
    estimate: (workload, gpuIds) => services.estimate.estimateWorkload(workload, gpuIds, { includeFlagged: true }),
    problems: view.analysis.problems,
  });
}

/** The services claims are evaluated with (the app's; tests pass stand-ins). */
export interface ClaimServices {
  catalog: Pick<CatalogService, 'listGpus' | 'listOfferings'>;
  estimate: Pick<EstimateService, 'estimateWorkload'>;
  plan: Pick<PlanService, 'getPlan'>;
}

export async function evaluateProjectClaims(
  services: ClaimServices,
  resourcesDir: string,
  projectId: string | undefined,
  scenarioId: string | undefined,
  now: Date,
): Promise<{ evaluations: ClaimEvaluation[]; rule: string; evaluatedAt: string }> {
  const view = await services.plan.getPlan(projectId, scenarioId);
  return { evaluations: evaluatePlanClaims(services, resourcesDir, view), rule: VERDICT_RULE_TEXT, evaluatedAt: now.toISOString() };
}
