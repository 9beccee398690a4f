/**
 * Edits as pure commands: each applies to a plan and yields the new plan and its inverse, so undo/redo is
 * "apply the inverse" and round-trips exactly. The service saves the difference in one transaction.
 */
import type { Allocation, CapacityPool, DataCostItem, Milestone, Plan, Project, Track } from './types';

export interface EntityMap {
  project: Project;
  track: Track;
  milestone: Milestone;
  allocation: Allocation;
  pool: CapacityPool;
  dataCost: DataCostItem;
}
export type EntityKind = keyof EntityMap;

export type PlanCommand =
  | { type: 'upsert'; entity: 'track'; value: Track }
  | { type: 'upsert'; entity: 'milestone'; value: Milestone }
  | { type: 'upsert'; entity: 'allocation'; value: Allocation }
  | { type: 'upsert'; entity: 'pool'; value: CapacityPool }
  | { type: 'upsert'; entity: 'project'; value: Project }
  | { type: 'upsert'; entity: 'dataCost'; value: DataCostItem }
  | { type: 'remove'; entity: Exclude<EntityKind, 'project'>; id: string }
  | { type: 'batch'; label: string; commands: PlanCommand[] };

const COLLECTION = { track: 'tracks', milestone: 'milestones', allocation: 'allocations', pool: 'pools', dataCost: 'dataCosts' } as const;

function listOf(plan: Plan, entity: Exclude<EntityKind, 'project'>): Array<{ id: string }> {
  return plan[COLLECTION[entity]] ?? [];
}

function withList(plan: Plan, entity: Exclude<EntityKind, 'project'>, list: Array<{ id: string }>): Plan {
  return { ...plan, [COLLECTION[entity]]: list } as Plan;
}

export interface Applied {
  plan: Plan;
  inverse: PlanCommand;
}

export function applyCommand(plan: Plan, command: PlanCommand): Applied {
  if (command.type === 'batch') {
    let current = plan;
    const inverses: PlanCommand[] = [];
    for (const c of command.commands) {
      const r = applyCommand(current, c);
      current = r.plan;
      inverses.unshift(r.inverse);
    }
    return { plan: current, inverse: { type: 'batch', label: command.label, commands: inverses } };
  }
  if (command.type === 'upsert' && command.entity === 'project') {
    return { plan: { ...plan, project: command.value }, inverse: { type: 'upsert', entity: 'project', value: plan.project } };
  }
  if (command.type === 'upsert') {
    const list = listOf(plan, command.entity);
    const index = list.findIndex((x) => x.id === command.value.id);
    const next = list.slice();
    if (index >= 0) {
      const old = list[index]!;
      next[index] = command.value;
      return { plan: withList(plan, command.entity, next), inverse: { type: 'upsert', entity: command.entity, value: old } as PlanCommand };
    }
    next.push(command.value);
    return { plan: withList(plan, command.entity, next), inverse: { type: 'remove', entity: command.entity, id: command.value.id } };
  }
  const list = listOf(plan, command.entity);
  const index = list.findIndex((x) => x.id === command.id);
  if (index < 0) return { plan, inverse: { type: 'batch', label: 'nothing', commands: [] } };
  const old = list[index]!;
  const next = list.slice();
  next.splice(index, 1);
  // Re-inserting at the end is fine: order within a collection is by position/week, not by array index.
  return { plan: withList(plan, command.entity, next), inverse: { type: 'upsert', entity: command.entity, value: old } as PlanCommand };
}

/** Human label of a command, for the undo/redo buttons. */
export function commandLabel(command: PlanCommand): string {
  if (command.type === 'batch') return command.label;
  if (command.type === 'remove') return `delete ${command.entity}`;
  return `edit ${command.entity}`;
}

export interface HistoryEntry {
  label: string;
  command: PlanCommand;
  inverse: PlanCommand;
}

/** Undo/redo stacks: plain data, so the service can keep them per project and the renderer can show labels. */
export interface History {
  past: HistoryEntry[];
  future: HistoryEntry[];
}

export const emptyHistory = (): History => ({ past: [], future: [] });

/** Applies a command and records it; pass `applied` when the command was already applied (e.g. by validateCommand). */
export function execute(
  plan: Plan,
  history: History,
  command: PlanCommand,
  limit = 200,
  applied?: Applied,
): { plan: Plan; history: History } {
  const r = applied ?? applyCommand(plan, command);
  const past = [...history.past, { label: commandLabel(command), command, inverse: r.inverse }];
  return { plan: r.plan, history: { past: past.slice(Math.max(0, past.length - limit)), future: [] } };
}

export function undo(plan: Plan, history: History): { plan: Plan; history: History; entry: HistoryEntry } | null {
  const entry = history.past[history.past.length - 1];
  if (!entry) return null;
  const r = applyCommand(plan, entry.inverse);
  return { plan: r.plan, history: { past: history.past.slice(0, -1), future: [...history.future, entry] }, entry };
}

export function redo(plan: Plan, history: History): { plan: Plan; history: History; entry: HistoryEntry } | null {
  const entry = history.future[history.future.length - 1];
  if (!entry) return null;
  const r = applyCommand(plan, entry.command);
  return { plan: r.plan, history: { past: [...history.past, entry], future: history.future.slice(0, -1) }, entry };
}

/** The milestones that come after `milestoneId` (their `dependsOn` names it). */
export function milestoneDependents(plan: Plan, milestoneId: string): Milestone[] {
  return plan.milestones.filter((m) => m.dependsOn?.includes(milestoneId));
}

/**
 * The question to ask before deleting a milestone others depend on ("M3 depends on M2. Delete M2 and drop that
 * dependency?"), or null when none does.
 */
export function removeMilestoneQuestion(plan: Plan, milestoneId: string): string | null {
  const after = milestoneDependents(plan, milestoneId);
  const m = plan.milestones.find((x) => x.id === milestoneId);
  if (!m || after.length === 0) return null;
  const name = (x: Milestone) => x.code || x.name;
  const one = after.length === 1;
  return `${after.map(name).join(', ')} ${one ? 'depends' : 'depend'} on ${name(m)}. Delete ${name(m)} and drop ${one ? 'that dependency' : 'those dependencies'}?`;
}

/** Removing a milestone drops it from the dependencies of those after it, in the same undoable step. */
export function removeMilestoneCommand(plan: Plan, milestoneId: string): PlanCommand {
  const after = milestoneDependents(plan, milestoneId);
  const remove: PlanCommand = { type: 'remove', entity: 'milestone', id: milestoneId };
  if (after.length === 0) return remove;
  return {
    type: 'batch',
    label: 'delete milestone',
    commands: [
      ...after.map((m): PlanCommand => {
        const { dependsOn, ...rest } = m;
        const left = (dependsOn ?? []).filter((id) => id !== milestoneId);
        return { type: 'upsert', entity: 'milestone', value: left.length > 0 ? { ...rest, dependsOn: left } : rest };
      }),
      remove,
    ],
  };
}

/** Removing a track removes its milestones and allocations in the same undoable step. */
export function removeTrackCommand(plan: Plan, trackId: string): PlanCommand {
  return {
    type: 'batch',
    label: 'delete track',
    commands: [
      ...plan.allocations
        .filter((a) => a.trackId === trackId)
        .map((a) => ({ type: 'remove' as const, entity: 'allocation' as const, id: a.id })),
      ...plan.milestones
        .filter((m) => m.trackId === trackId)
        .map((m) => ({ type: 'remove' as const, entity: 'milestone' as const, id: m.id })),
      ...(plan.dataCosts ?? [])
        .filter((d) => d.trackId === trackId)
        .map((d) => ({ type: 'remove' as const, entity: 'dataCost' as const, id: d.id })),
      { type: 'remove', entity: 'track', id: trackId },
    ],
  };
}

/** Moves allocations by whole weeks (drag of a bar, or Alt+arrow on the keyboard). */
export function moveAllocationsCommand(plan: Plan, ids: string[], toWeek: (week: string) => string): PlanCommand {
  const set = new Set(ids);
  return {
    type: 'batch',
    label: ids.length === 1 ? 'move allocation' : `move ${ids.length} allocations`,
    commands: plan.allocations
      .filter((a) => set.has(a.id))
      .map((a) => ({ type: 'upsert' as const, entity: 'allocation' as const, value: { ...a, week: toWeek(a.week) } })),
  };
}

/** The entities a command touches, by kind (what the service must write or delete). */
export function touchedIds(command: PlanCommand, out: Map<EntityKind, Set<string>> = new Map()): Map<EntityKind, Set<string>> {
  if (command.type === 'batch') {
    for (const c of command.commands) touchedIds(c, out);
    return out;
  }
  const set = out.get(command.entity) ?? new Set<string>();
  set.add(command.type === 'upsert' ? command.value.id : command.id);
  out.set(command.entity, set);
  return out;
}
