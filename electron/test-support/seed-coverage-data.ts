/**
 * What the refs of docs/seed-coverage.md resolve against: the bundled catalog, models, claims and example projects, the
 * plan's problem kinds, the credit presets, the workload schema and the source tree. Every kind resolves or the walker
 * reports the ref as dangling.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { CREDIT_PRESETS } from '../../shared/domain/budget/credits';
import type { CoverageData, ParsedRef, RefKind } from '../../shared/domain/claims/seed-coverage';
import { RUN_RULE_KINDS } from '../../shared/estimate/run-rules';
import { workloadSchema } from '../../shared/estimate/workload';
import { bundledClaimsFiles, bundledJson } from './bundled-data';
import { referenceDir, repoRoot, resourcesDir } from './paths';

type Listed = Record<string, Array<Record<string, unknown> & { id?: string; aliases?: string[] }>>;

const list = (file: string[], key: string) => (bundledJson(...file) as Listed)[key]!;

const ids = (file: string[], key: string): Set<string> => new Set(list(file, key).flatMap((x) => [x.id!, ...(x.aliases ?? [])]));

function idsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => idsIn(v, out));
  else if (value && typeof value === 'object') {
    const id = (value as { id?: unknown }).id;
    if (typeof id === 'string') out.add(id);
    Object.values(value).forEach((v) => idsIn(v, out));
  }
  return out;
}

/** The object schemas a (possibly optional, defaulted or union) schema stands for. */
function objectShapes(schema: z.ZodType): Array<Record<string, z.ZodType>> {
  const def = schema.def as { type: string; innerType?: z.ZodType; options?: z.ZodType[]; shape?: Record<string, z.ZodType> };
  if (def.type === 'object') return [def.shape!];
  if (def.type === 'union') return def.options!.flatMap(objectShapes);
  if (def.innerType) return objectShapes(def.innerType);
  return [];
}

/** Whether a dotted field path (`earlyStopping`, `dataset.diskGB`) is a field of the schema. */
export function schemaHasField(schema: z.ZodType, field: string): boolean {
  const [head, ...rest] = field.split('.');
  const children = objectShapes(schema).flatMap((shape) => (head! in shape ? [shape[head!]!] : []));
  if (rest.length === 0) return children.length > 0;
  return children.some((child) => schemaHasField(child, rest.join('.')));
}

/** `<providerId>.<field>` for every limit a provider states (a null limit is not data). */
function statedLimits(): Set<string> {
  return new Set(
    list(['catalog', 'providers.json'], 'providers').flatMap((p) =>
      Object.entries((p.limits as Record<string, unknown> | null) ?? {})
        .filter(([, v]) => typeof v === 'number')
        .map(([field]) => `${p.id}.${field}`),
    ),
  );
}

function exampleProjects(): Map<string, unknown> {
  const exampleDir = path.join(resourcesDir, 'example');
  return new Map(
    fs
      .readdirSync(exampleDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(exampleDir, f), 'utf8')) as unknown]),
  );
}

function claimIds(examples: Map<string, unknown>): Set<string> {
  return new Set([
    ...bundledClaimsFiles().flatMap((f) => f.claims.map((c) => c.id)),
    ...[...examples.values()].flatMap((e) => ((e as { plan?: { claims?: Array<{ id: string }> } }).plan?.claims ?? []).map((c) => c.id)),
  ]);
}

function problemKinds(): Set<string> {
  // The ProblemKind union (shared/domain/plan/problem.ts, its own module since the checks' import cycle was broken).
  const problemSource = fs.readFileSync(path.join(repoRoot, 'shared', 'domain', 'plan', 'problem.ts'), 'utf8');
  const union = /export type ProblemKind =([^;]*);/.exec(problemSource)?.[1] ?? '';
  return new Set([...[...union.matchAll(/\|\s*'([a-z-]+)'/g)].map((m) => m[1]!), ...RUN_RULE_KINDS]);
}

/** A repository path that exists and stays inside the repository. */
function moduleExists(relative: string): boolean {
  const full = path.resolve(repoRoot, relative);
  return !path.relative(repoRoot, full).startsWith('..') && !path.isAbsolute(relative) && fs.existsSync(full);
}

function readSeeds(): Record<string, string> {
  const seedsDir = path.join(referenceDir, 'seeds');
  return Object.fromEntries(
    fs
      .readdirSync(seedsDir)
      .filter((f) => /^\d{3}_.*\.txt$/.test(f))
      .map((f) => [f.slice(0, 3), fs.readFileSync(path.join(seedsDir, f), 'utf8')]),
  );
}

export function bundledCoverageData(): CoverageData {
  const examples = exampleProjects();
  const sets: Partial<Record<RefKind, Set<string>>> = {
    offering: ids(['catalog', 'offerings.json'], 'offerings'),
    gpu: ids(['catalog', 'gpus.json'], 'gpus'),
    provider: ids(['catalog', 'providers.json'], 'providers'),
    discrepancy: ids(['catalog', 'discrepancies.json'], 'discrepancies'),
    preset: ids(['models', 'presets.json'], 'presets'),
    workload: ids(['models', 'workloads.json'], 'workloads'),
    claim: claimIds(examples),
    check: problemKinds(),
    storage: ids(['catalog', 'storage-transfer.json'], 'rates'),
    limit: statedLimits(),
    'credit-preset': new Set(CREDIT_PRESETS.map((p) => p.key)),
    reliability: new Set(list(['catalog', 'reliability.json'], 'reliability').map((r) => String(r.providerId))),
  };
  const exists = (ref: ParsedRef): boolean => {
    switch (ref.kind) {
      case 'project': {
        const file = examples.get(ref.id);
        return file !== undefined && (ref.anchor === null || idsIn(file).has(ref.anchor));
      }
      case 'runrate': {
        const runRates = (examples.get(ref.id) as { runRates?: Array<{ id: string }> } | undefined)?.runRates ?? [];
        return runRates.some((r) => r.id === ref.anchor);
      }
      case 'workload-field':
        return schemaHasField(workloadSchema, ref.id);
      case 'module':
        return moduleExists(ref.id);
      default:
        return ref.kind !== 'out-of-scope' && (sets[ref.kind]?.has(ref.id) ?? false);
    }
  };
  return { seeds: readSeeds(), exists };
}
