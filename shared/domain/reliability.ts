/**
 * Reliability of an offer as data: an ordinal 1–5 (seed 002's stars) and a 0–1 score, per provider and optionally per
 * price kind (AWS spot is rated apart from AWS on-demand). Pure: the catalog service reads the rows from SQLite.
 */
import { z } from 'zod';

export const reliabilitySchema = z.object({
  providerId: z.string().min(1),
  /** '' = every price kind of the provider */
  priceKind: z.string(),
  stars: z.number().int().min(1).max(5),
  interruption: z.string(),
  availability: z.string(),
  source: z.string().min(1),
  asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type ReliabilityInput = z.infer<typeof reliabilitySchema>;
export type Reliability = ReliabilityInput & { score: number };

export const scoreOfStars = (stars: number) => Math.round((stars / 5) * 100) / 100;

/** Looks up the rating of (provider, price kind): the kind's own row, else the provider's row, else null (unrated). */
export function reliabilityIndex(rows: readonly Reliability[]) {
  const byKey = new Map(rows.map((r) => [`${r.providerId}|${r.priceKind}`, r]));
  return (providerId: string, priceKind: string): Reliability | null =>
    byKey.get(`${providerId}|${priceKind}`) ?? byKey.get(`${providerId}|`) ?? null;
}
