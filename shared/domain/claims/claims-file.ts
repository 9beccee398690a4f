/**
 * A seed's claims, bundled as resources/claims/seed-NNN.json (the example project of that seed loads them when it
 * exists). Each claim is a plan claim (claimSchema) with its check: the author's figure and the inputs from which the
 * app computes its own.
 */
import { z } from 'zod';
import { UserError } from '../errors';
import { claimSchema } from '../plan/schema';

export const CLAIMS_FILE_FORMAT = 'gpu-planner-claims/1';
export const claimsFilePath = (seed: string): string => `claims/seed-${seed}.json`;

export const claimsFileSchema = z.object({
  format: z.literal(CLAIMS_FILE_FORMAT),
  seed: z.string().regex(/^\d{3}$/),
  document: z.string().min(1),
  claims: z.array(claimSchema),
});
export type ClaimsFile = z.infer<typeof claimsFileSchema>;

export function parseClaimsFile(raw: unknown, file: string): ClaimsFile {
  const parsed = claimsFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UserError('BAD_CLAIMS_FILE', `${file}: ${issue.path.join('.')}: ${issue.message}`, {
      file,
      field: issue.path.join('.'),
    });
  }
  const ids = new Set<string>();
  for (const [i, c] of parsed.data.claims.entries()) {
    if (ids.has(c.id))
      throw new UserError('BAD_CLAIMS_FILE', `${file}: claims.${i}.id: "${c.id}" appears twice`, { file, field: `claims.${i}.id` });
    ids.add(c.id);
  }
  return parsed.data;
}
