/**
 * The source document's claims of a project, evaluated now: the app's figure computed from the current estimator,
 * catalog and plan checks, the verdict the rule gives, and whether the stored verdict has gone stale.
 */
import { z } from 'zod';
import { CLAIM_BASES } from '../../domain/claims/claim-basis';
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
  /** what the app's figure is computed from, in words. */
  inputs: z.string(),
});
export type ClaimEvaluationView = z.output<typeof claimEvaluationSchema>;

const verdictCounts = z.object(
  Object.fromEntries(VERDICTS.map((v) => [v, z.number().int()])) as Record<(typeof VERDICTS)[number], z.ZodNumber>,
);

/** A source document with every claim transcribed from it, each evaluated now; the example project it belongs to. */
export const sourceDocumentSchema = z.object({
  /** the document's number ("000"–"004"). */
  number: z.string(),
  title: z.string(),
  /** the example project transcribed from the document (null: none, or the user removed it). */
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  counts: verdictCounts,
  claims: z.array(
    z.object({
      id: z.string(),
      quote: z.string(),
      where: z.string(),
      explanation: z.string(),
      /** the document's lines the claim quotes. */
      lines: z.array(z.number()),
      /** what the app computed its figure from, in words. */
      inputs: z.string(),
      /** what the claim's verdict is computed from (claim-basis.ts): the estimator, the catalog, the plan's checks, the document's own arithmetic, nothing computable, or stored. */
      computedFrom: z.enum(CLAIM_BASES),
      evaluation: claimEvaluationSchema,
    }),
  ),
});
export const sourceDocumentsViewSchema = z.object({ documents: z.array(sourceDocumentSchema), rule: z.string(), evaluatedAt: z.string() });
export type SourceDocumentsView = z.output<typeof sourceDocumentsViewSchema>;

export const planClaimsChannels = {
  /** Every claim of the project (or scenario) with the app's figure computed now, and the verdict rule in words. */
  'plan:evaluate-claims': {
    request: z.object({ projectId: z.string().min(1).max(120).optional(), scenarioId: z.string().min(1).max(200).optional() }).strict(),
    response: z.object({ evaluations: z.array(claimEvaluationSchema), rule: z.string(), evaluatedAt: z.string() }),
  },
  /** The source documents (all, or one by its number) with every claim, also those that belong to no project. */
  'plan:list-source-documents': {
    request: z
      .object({
        document: z
          .string()
          .regex(/^\d{3}$/)
          .optional(),
      })
      .strict(),
    response: sourceDocumentsViewSchema,
  },
} satisfies ChannelMap;

export const planClaimsEvents = {} satisfies EventMap;
