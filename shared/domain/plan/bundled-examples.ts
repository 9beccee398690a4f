/**
 * The bundled example projects, one per seed document that describes setups: where each file is, the project id it
 * carries, and the seed whose checked claims (resources/claims/<seed>.json, when present) are loaded into it.
 * Seeded on first start and added to existing databases when missing (never over a project the user has).
 */
import { claimSchema } from './schema';
import type { SourceClaim as Claim } from './types';
import { z } from 'zod';

export interface BundledExample {
  /** path under resources/ */
  file: string;
  projectId: string;
  /** id of the claims file under resources/claims/ (`seed-00N`), or null */
  claimsSeed: string | null;
  /** the number of the source document the example was transcribed from (shared/domain/source-documents.ts). */
  document: string;
}

export const BUNDLED_EXAMPLES: readonly BundledExample[] = [
  { file: 'example/vitaldb-project.json', projectId: 'vitaldb-2025', claimsSeed: null, document: '001' },
  { file: 'example/seed-003-small-lab-project.json', projectId: 'seed-003-small-lab', claimsSeed: 'seed-003', document: '003' },
  { file: 'example/seed-002-prs-med-project.json', projectId: 'seed-002-prs-med', claimsSeed: 'seed-002', document: '002' },
  { file: 'example/seed-004-hf-jobs-project.json', projectId: 'seed-004-hf-jobs', claimsSeed: 'seed-004', document: '004' },
];

export const claimsFileOf = (seed: string) => `claims/${seed}.json`;

/**
 * A claims file is either an array of claims or `{claims: [...]}`. Each claim needs `id` and `quote`; the author's
 * and the app's figures, when the file gives them, are kept in the explanation. Unknown verdicts read as "unverified".
 */
const looseClaim = z
  .object({
    id: z.string().min(1),
    quote: z.string().min(1),
    where: z.string().optional(),
    verdict: z.string().optional(),
    explanation: z.string().optional(),
    authorFigure: z.unknown().optional(),
    appFigure: z.unknown().optional(),
  })
  .passthrough();
const claimsFileSchema = z.union([z.array(looseClaim), z.object({ claims: z.array(looseClaim) }).passthrough()]);

const figure = (v: unknown) => (v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v));

export function parseClaimsFile(raw: unknown, seed: string): Claim[] {
  const parsed = claimsFileSchema.safeParse(raw);
  if (!parsed.success) return [];
  const items = Array.isArray(parsed.data) ? parsed.data : parsed.data.claims;
  return items.map((c) => {
    const verdict = claimSchema.shape.verdict.safeParse(c.verdict);
    const author = figure(c.authorFigure);
    const app = figure(c.appFigure);
    const figures = [author ? `author: ${author}` : '', app ? `app: ${app}` : ''].filter(Boolean).join('; ');
    const explanation = [c.explanation ?? '', figures ? `(${figures})` : ''].filter(Boolean).join(' ');
    return { id: c.id, quote: c.quote, where: c.where ?? seed, verdict: verdict.success ? verdict.data : 'unverified', explanation };
  });
}

/** The example's own claims, then the seed's checked claims (a claim id already present is not added twice). */
export function mergeClaims(own: readonly Claim[], fromFile: readonly Claim[]): Claim[] {
  const ids = new Set(own.map((c) => c.id));
  return [...own, ...fromFile.filter((c) => !ids.has(c.id))];
}
