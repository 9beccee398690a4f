/** Test helpers: the bundled example and a catalog snapshot built from the prices the plan was made with. */
import exampleJson from '../../../resources/example/vitaldb-project.json';
import { buildProject, parseProjectFile } from './example';
import type { OfferingFacts, Plan, PlanCatalog, Scenario } from './types';

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
