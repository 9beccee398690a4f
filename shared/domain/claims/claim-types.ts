/** What a claim is judged against and what judging it gives: their own module, so evaluate.ts and the derivations it calls do not import each other. */
import type { Gpu, OfferingWithPrices } from '../catalog';
import type { WorkloadEstimate } from '../../estimate/estimate';
import type { Verdict } from './claim-check';

export interface ClaimContext {
  gpus: Gpu[];
  offerings: OfferingWithPrices[];
  /** the estimator over the current catalog, limited to the given GPUs, flagged prices included (a claim is checked
   * against the very price its author cites). */
  estimate: (workload: unknown, gpuIds: string[]) => WorkloadEstimate;
  /** the plan's checks output (null when the claims belong to no plan). */
  problems: Array<{ kind: string; milestoneId?: string }> | null;
}

export interface ClaimEvaluation {
  claimId: string;
  storedVerdict: Verdict;
  /** the verdict the rule gives today. */
  verdict: Verdict;
  /** the stored verdict (and so the claim's text) no longer matches what the app computes, or what the text says of the checks. */
  stale: boolean;
  /** what the explanation says about the plan's checks, and whether it still holds (null: nothing said, or no plan). */
  checksSay: { text: string; holds: boolean | null } | null;
  authorText: string;
  /** the app's figure, computed now, with its unit and basis. */
  appText: string;
  appValue: number | boolean | null;
  unit: string;
  /** how far apart the figures are (1 = within the author's range); null where the rule is not a factor. */
  factor: number | null;
  basis: string;
  /** what the app's figure is computed from, in words (claim-inputs.ts). */
  inputs: string;
}
