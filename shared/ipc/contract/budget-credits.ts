/**
 * Credits and free tiers (issue 18 item 13): dated budget offsets with an expiry, per project and optionally per
 * provider, and what they cover of the actual spend and the forecast. Merged into `budgetChannels` (contract/budget.ts).
 */
import { z } from 'zod';
import type { ChannelMap } from '../channel';

const projectId = z.string().min(1).max(120);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

export const creditDraftSchema = z
  .object({
    id: z.number().int().positive().optional(),
    projectId,
    providerId: z.string().trim().min(1).max(120).nullable(),
    name: z.string().trim().min(1, 'a name such as "Azure free account credit"').max(200),
    amount: z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'a positive decimal such as 200 or 49.99'),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'a three-letter ISO 4217 code such as USD'),
    grantedOn: day,
    expiresOn: day,
    source: z.string().trim().min(1, 'where the credit comes from (offer, e-mail, document)').max(500),
    notes: z.string().max(2000).nullable().default(null),
  })
  .refine((c) => c.expiresOn >= c.grantedOn, { path: ['expiresOn'], message: 'the expiry must not be before the grant day' });

export const creditSchema = z.object({
  id: z.number().int(),
  projectId: z.string(),
  providerId: z.string().nullable(),
  name: z.string(),
  amount: z.string(),
  currency: z.string(),
  grantedOn: z.string(),
  expiresOn: z.string(),
  source: z.string(),
  notes: z.string().nullable(),
});

export const creditSummarySchema = z.object({
  currency: z.string(),
  credits: z.array(
    z.object({
      creditId: z.number().int(),
      name: z.string(),
      providerId: z.string().nullable(),
      amount: z.string(),
      currency: z.string(),
      grantedOn: z.string(),
      expiresOn: z.string(),
      source: z.string(),
      usedActual: z.string(),
      usedPlanned: z.string(),
      remaining: z.string(),
      lostAtExpiry: z.string(),
      status: z.enum(['not-started', 'active', 'used-up', 'expired']),
      applied: z.boolean(),
    }),
  ),
  appliedActual: z.string(),
  appliedPlanned: z.string(),
  applied: z.string(),
  forecastBefore: z.string(),
  forecastAfter: z.string(),
  basis: z.string(),
});

export const creditPresetSchema = z.object({
  key: z.string(),
  providerId: z.string(),
  name: z.string(),
  amount: z.string(),
  days: z.number().int(),
  source: z.string(),
});

const creditsView = z.object({
  credits: z.array(creditSchema),
  summary: creditSummarySchema,
  presets: z.array(creditPresetSchema),
});
export type CreditsView = z.output<typeof creditsView>;
export type CreditDraft = z.input<typeof creditDraftSchema>;

export const budgetCreditsChannels = {
  'budget:list-credits': { request: z.object({ projectId: projectId.optional() }).strict(), response: creditsView },
  'budget:save-credit': { request: z.object({ credit: creditDraftSchema }).strict(), response: creditsView },
  'budget:delete-credit': { request: z.object({ id: z.number().int().positive() }).strict(), response: creditsView },
} satisfies ChannelMap;
