/**
 * Projects made in the app: a blank plan from the new-project wizard, and a plan re-keyed for another project
 * (duplicate, import). Tracks, milestones, phases, allocations and pools have ids unique across the database, so a
 * copy gets new ids; every reference inside the plan (allocation → track/phase, milestone → track) follows.
 * Pure: ids come from the caller's prefix.
 */
import type { Plan, Scenario } from '../plan/types';
import { plainAmount } from '../field-bounds';

export const TRACK_PALETTE = ['#2563eb', '#d97706', '#059669', '#9333ea', '#dc2626', '#0891b2', '#65a30d', '#db2777'] as const;

/** Separator between a project's id prefix and an entity's own id (`p-123~track-vitaldb`). */
export const ID_SEPARATOR = '~';

/** The entity's own id, without the prefix of the project it was copied into. */
export const baseId = (id: string): string => id.slice(id.lastIndexOf(ID_SEPARATOR) + 1);

/** Maps an entity id into the project `projectId` (idempotent on its own output). */
export const idInProject = (projectId: string, id: string): string => `${projectId}${ID_SEPARATOR}${baseId(id)}`;

/** The plan with every entity id moved into project `projectId`; references follow. Returns a deep copy. */
export function rekeyPlan(plan: Plan, projectId: string): Plan {
  const copy = JSON.parse(JSON.stringify(plan)) as Plan;
  const id = (x: string) => idInProject(projectId, x);
  return {
    ...copy,
    project: { ...copy.project, id: projectId },
    tracks: copy.tracks.map((t) => ({ ...t, id: id(t.id), projectId })),
    milestones: copy.milestones.map((m) => ({
      ...m,
      id: id(m.id),
      trackId: id(m.trackId),
      phases: m.phases.map((p) => ({ ...p, id: id(p.id) })),
      ...(m.dependsOn ? { dependsOn: m.dependsOn.map(id) } : {}),
    })),
    allocations: copy.allocations.map((a) => ({ ...a, id: id(a.id), trackId: id(a.trackId), phaseId: a.phaseId ? id(a.phaseId) : null })),
    pools: copy.pools.map((p) => ({ ...p, id: id(p.id), projectId })),
    ...(copy.dataCosts
      ? { dataCosts: copy.dataCosts.map((d) => ({ ...d, id: id(d.id), trackId: d.trackId ? id(d.trackId) : null })) }
      : {}),
  };
}

/** A scenario re-keyed with its project (its plan's tracks keep matching the project's tracks). */
export function rekeyScenario(scenario: Scenario, projectId: string, scenarioId: string): Scenario {
  return { ...scenario, id: scenarioId, projectId, plan: rekeyPlan(scenario.plan, projectId) };
}

export interface NewProjectInput {
  name: string;
  start: string;
  end: string;
  currency: string;
  budget: string;
  description?: string;
  track: { name: string; owner: string };
}

/**
 * A project's name that no other project has: the name itself when free, else "Name (2)", "Name (3)", … (an
 * imported plan file, a copy: two projects never read the same in the switcher). Names compare case-insensitively.
 */
export function distinctName(name: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((n) => n.trim().toLowerCase()));
  const base = name.trim().replace(/ \(\d+\)$/, '');
  if (!used.has(name.trim().toLowerCase())) return name.trim();
  for (let n = 2; ; n++) if (!used.has(`${base} (${n})`.toLowerCase())) return `${base} (${n})`;
}

/** The plan of a blank project: its first track (over the whole project), nothing booked yet. */
export function blankPlan(projectId: string, input: NewProjectInput): Plan {
  return {
    project: {
      id: projectId,
      name: input.name.trim(),
      start: input.start,
      end: input.end,
      currency: input.currency.trim().toUpperCase(),
      budget: plainAmount(input.budget),
      budgetSource: 'Entered when the project was created',
      description: input.description?.trim() ?? '',
      source: null,
    },
    tracks: [
      {
        id: idInProject(projectId, 'track-1'),
        projectId,
        name: input.track.name.trim(),
        owner: input.track.owner.trim(),
        focus: '',
        colour: TRACK_PALETTE[0],
        start: input.start,
        end: input.end,
        position: 0,
        notes: null,
      },
    ],
    milestones: [],
    allocations: [],
    pools: [],
    plannedPrices: [],
    notes: [],
    claims: [],
  };
}
