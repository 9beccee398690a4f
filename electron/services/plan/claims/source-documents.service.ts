/**
 * The source documents and their claims, every one of them — also the claims that belong to no project (the
 * document “Hardware & Cost Notes” has no example) — each with the app's figure computed now, its verdict, its basis
 * and its inputs. The claims are the bundled ones (resources/example/*.json, resources/claims/*.json); a claim that
 * refers to the plan's checks is evaluated against the plan of the example it belongs to, when that project exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { claimBasis } from '../../../../shared/domain/claims/claim-basis';
import { claimInputsText } from '../../../../shared/domain/claims/claim-inputs';
import { VERDICTS, type Verdict } from '../../../../shared/domain/claims/claim-check';
import { parseClaimsFile } from '../../../../shared/domain/claims/claims-file';
import { evaluateClaims, VERDICT_RULE_TEXT, type ClaimContext } from '../../../../shared/domain/claims/evaluate';
import { UserError } from '../../../../shared/domain/errors';
import { BUNDLED_EXAMPLES, claimsFileOf } from '../../../../shared/domain/plan/bundled-examples';
import type { SourceClaim } from '../../../../shared/domain/plan/types';
import { SOURCE_DOCUMENTS } from '../../../../shared/domain/source-documents';
import type { SourceDocumentsView } from '../../../../shared/ipc/contract/plan-claims';
import type { AppServices } from '../../app-services';

type BundledClaim = SourceClaim & { document: string; projectId: string | null };

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
}

/** Every bundled claim with the document it quotes and the example project that holds it (null: none). */
export function bundledDocumentClaims(resourcesDir: string): BundledClaim[] {
  const out: BundledClaim[] = [];
  const seen = new Set<string>();
  const add = (c: SourceClaim, fallbackDocument: string, projectId: string | null) => {
    if (seen.has(c.id)) return;
    seen.add(c.id);
    out.push({ ...c, document: c.source?.seed ?? fallbackDocument, projectId });
  };
  const claimsDir = path.join(resourcesDir, 'claims');
  const linkedFiles = new Set<string>();
  for (const example of BUNDLED_EXAMPLES) {
    const file = path.join(resourcesDir, example.file);
    if (fs.existsSync(file)) {
      const own = (readJson(file) as { plan?: { claims?: SourceClaim[] } }).plan?.claims ?? [];
      for (const c of own) add(c, example.document, example.projectId);
    }
    if (example.claimsSeed) {
      const claimsFile = path.join(resourcesDir, claimsFileOf(example.claimsSeed));
      linkedFiles.add(path.basename(claimsFile));
      if (fs.existsSync(claimsFile))
        for (const c of parseClaimsFile(readJson(claimsFile), claimsFile).claims) add(c, example.document, example.projectId);
    }
  }
  if (fs.existsSync(claimsDir))
    for (const f of fs
      .readdirSync(claimsDir)
      .filter((x) => /^seed-\d{3}\.json$/.test(x) && !linkedFiles.has(x))
      .sort()) {
      const parsed = parseClaimsFile(readJson(path.join(claimsDir, f)), path.join(claimsDir, f));
      for (const c of parsed.claims) add(c, parsed.seed, null);
    }
  return out;
}

const countsOf = (verdicts: Verdict[]): Record<Verdict, number> =>
  Object.fromEntries(VERDICTS.map((v) => [v, verdicts.filter((x) => x === v).length])) as Record<Verdict, number>;

/** One source document (its number, "000"–"004") or all of them, with every claim evaluated now. */
export async function listSourceDocuments(
  services: Pick<AppServices, 'catalog' | 'estimate' | 'plan'>,
  resourcesDir: string,
  document: string | undefined,
  now: Date,
): Promise<SourceDocumentsView> {
  if (document !== undefined && !SOURCE_DOCUMENTS[document])
    throw new UserError(
      'UNKNOWN_DOCUMENT',
      `no source document ${document}; the documents are ${Object.keys(SOURCE_DOCUMENTS).join(', ')}`,
      {
        document,
      },
    );
  const claims = bundledDocumentClaims(resourcesDir);
  const gpus = services.catalog.listGpus();
  const offerings = services.catalog.listOfferings();
  const estimate: ClaimContext['estimate'] = (workload, gpuIds) =>
    services.estimate.estimateWorkload(workload, gpuIds, { includeFlagged: true });
  // The plan's checks of each example that holds a claim about them (a project the user removed has none).
  const problemsOf = new Map<string, ClaimContext['problems']>();
  const projects = new Map<string, string>();
  for (const projectId of new Set(claims.map((c) => c.projectId).filter((p): p is string => p !== null))) {
    try {
      const needsChecks = claims.some((c) => c.projectId === projectId && (c.check?.kind === 'plan-check' || c.checksSay));
      const view = await services.plan.getPlan(projectId);
      projects.set(projectId, view.plan.project.name);
      problemsOf.set(projectId, needsChecks ? view.analysis.problems : null);
    } catch {
      problemsOf.set(projectId, null);
    }
  }
  const numbers = Object.keys(SOURCE_DOCUMENTS)
    .sort()
    .filter((n) => document === undefined || n === document);
  const documents = numbers.map((number) => {
    const own = claims.filter((c) => c.document === number);
    const evaluated = own.map((c) => {
      const [evaluation] = evaluateClaims([c], {
        gpus,
        offerings,
        estimate,
        problems: c.projectId ? (problemsOf.get(c.projectId) ?? null) : null,
      });
      return {
        id: c.id,
        quote: c.quote,
        where: c.where,
        explanation: c.explanation,
        lines: c.source?.lines ?? [],
        inputs: claimInputsText(c.check),
        computedFrom: claimBasis(c.check),
        evaluation: evaluation!,
      };
    });
    const projectId = own.find((c) => c.projectId)?.projectId ?? BUNDLED_EXAMPLES.find((e) => e.document === number)?.projectId ?? null;
    return {
      number,
      title: SOURCE_DOCUMENTS[number]!.title,
      projectId: projectId && projects.has(projectId) ? projectId : null,
      projectName: projectId ? (projects.get(projectId) ?? null) : null,
      counts: countsOf(evaluated.map((c) => c.evaluation.verdict)),
      claims: evaluated,
    };
  });
  return { documents, rule: VERDICT_RULE_TEXT, evaluatedAt: now.toISOString() };
}
