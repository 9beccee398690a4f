/** Test helpers: the bundled example and a catalog snapshot built from the prices the plan was made with. */
import exampleJson from '../../../resources/example/vitaldb-project.json';
import { buildProject, parseProjectFile } from './example';
import type { Allocation, Milestone, OfferingFacts, Plan, PlanCatalog, Scenario } from './types';

export function loadExample(): { plan: Plan; scenarios: Scenario[] } {
  return buildProject(parseProjectFile(exampleJson), '2025-12-10T00:00:00.000Z');
}

const GPU_OF: Record<string, string> = {
  'colab-pro-t4-16gb': 't4-16gb',
  'colab-pro-plus-l4-24gb': 'l4-24gb',
  'colab-pro-plus-a100-40gb': 'a100-sxm-40gb',
};

const GPU_NAME: Record<string, string> = {
  't4-16gb': 'NVIDIA T4 16GB',
  'l4-24gb': 'NVIDIA L4 24GB',
  'a100-sxm-40gb': 'NVIDIA A100 SXM 40GB',
};

/** The three Colab offerings at the prices the seed implies (so no price-changed problem unless a test changes one). */
export function plannedCatalog(plan: Plan): PlanCatalog {
  const offerings: OfferingFacts[] = plan.plannedPrices.map((p) => ({
    id: p.offeringId,
    gpuId: GPU_OF[p.offeringId] ?? 'unknown',
    gpuName: GPU_NAME[GPU_OF[p.offeringId] ?? ''] ?? 'unknown GPU',
    gpuCount: 1,
    vcpus: null,
    label: p.offeringId,
    deleted: false,
    prices: [{ kind: p.kind, usd: p.usd, per: p.per, asOf: p.asOf, source: p.source }],
  }));
  return { offerings };
}

/** A test project (all optional fields empty) and a track of it spanning its dates: the small plans the tests build. */
export function fixtureProject(p: { name: string; start: string; end: string; budget: string }): Plan['project'] {
  return { id: 'p', currency: 'USD', budgetSource: '', description: '', source: null, ...p };
}

export function fixtureTrack(project: Plan['project'], id: string, position: number): Plan['tracks'][number] {
  return {
    id,
    projectId: project.id,
    name: id,
    owner: 'o',
    focus: '',
    colour: '#336699',
    start: project.start,
    end: project.end,
    position,
    notes: null,
  };
}

/** An offering of one GPU at one dated price (the small catalogs the optimizer tests build). */
export function fixtureOffering(
  id: string,
  gpuId: string,
  price: { kind?: string; usd: string; per?: 'hour' | 'month' },
  label = id,
): OfferingFacts {
  return {
    id,
    gpuId,
    gpuCount: 1,
    vcpus: 8,
    label,
    deleted: false,
    prices: [{ kind: price.kind ?? 'on-demand', usd: price.usd, per: price.per ?? 'hour', asOf: '2026-01-01', source: 'test' }],
  };
}

/** A milestone of one phase (`<id>-p`, one run) on one offering, needing `hours` GPU-hours by the author's estimate. */
export function fixtureMilestone(m: {
  id: string;
  trackId: string;
  position: number;
  start: string;
  end: string;
  offeringId: string;
  gpuId: string;
  hours: number;
  dependsOn?: string[] | undefined;
}): Milestone {
  return {
    id: m.id,
    trackId: m.trackId,
    code: m.id.toUpperCase(),
    name: m.id,
    description: '',
    facts: [],
    position: m.position,
    ...(m.dependsOn ? { dependsOn: m.dependsOn } : {}),
    phases: [
      {
        id: `${m.id}-p`,
        name: m.id,
        start: m.start,
        end: m.end,
        offeringId: m.offeringId,
        gpuId: m.gpuId,
        runs: { low: 1, high: 1 },
        workload: null,
        appEstimate: null,
        authorEstimate: { hours: { low: m.hours, high: m.hours }, usd: { low: 0, high: 0 }, hoursPerRun: null, usdPerRun: null, text: '' },
      },
    ],
  };
}

/** A booking of one GPU for `hours` in `week` (labelled with a phase, or none). */
export function fixtureBooking(b: {
  id: string;
  trackId: string;
  week: string;
  offeringId: string;
  gpuId: string;
  hours: number;
  phaseId?: string | null;
}): Allocation {
  return { gpuCount: 1, note: null, ...b, phaseId: b.phaseId ?? null };
}

/** A plan of the given parts (no pools, prices, notes or claims unless given). */
export function fixturePlan(
  project: Plan['project'],
  parts: Pick<Plan, 'tracks' | 'milestones'> & Partial<Pick<Plan, 'allocations' | 'pools'>>,
): Plan {
  return { project, allocations: [], pools: [], plannedPrices: [], notes: [], claims: [], ...parts };
}
