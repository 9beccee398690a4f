/**
 * The source document's claims of a project, evaluated now: the app's figure computed from the current estimator,
 * catalog and plan checks, the verdict the rule gives, and whether the stored verdict has gone stale.
 */
import { z } from 'zod';
import { VERDICTS } from '../../domain/claims/claim-check';
import type { ChannelMap, EventMap } from '../channel';

export const claimEvaluationSchema = z.object({
  claimId: z.string(),
  storedVerdict: z.enum(VERDICTS),
  verdict: z.enum(VERDICTS),
  stale: z.boolean(),
  checksSay: z.object({ text: z.string(), holds: z.boolean().nullable() }).nullable(),
  authorText: z.string(),
  appText: z.string(),
  appValue: z.union([z.number(), z.boolean()]).nullable(),
  unit: z.string(),
  factor: z.number().nullable(),
  basis: z.string(),
});
export type ClaimEvaluationView = z.output<typeof claimEvaluationSchema>;

export const planClaimsChannels = {
  /** Every claim of the project (or scenario) with the app's figure computed now, and the verdict rule in words. */
  'plan:evaluate-claims': {
    request: z.object({ projectId: z.string().min(1).max(120).optional(), scenarioId: z.string().min(1).max(200).optional() }).strict(),
    response: z.object({ evaluations: z.array(claimEvaluationSchema), rule: z.string(), evaluatedAt: z.string() }),
  },
} satisfies ChannelMap;

export const planClaimsEvents = {} satisfies EventMap;
