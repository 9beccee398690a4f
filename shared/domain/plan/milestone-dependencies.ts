/**
 * Milestone order (issue 27 item 2): a milestone may depend on others (M3 after M2, any track). The ids must name
 * milestones of the same plan, never the milestone itself, and never loop back (M2 after M3 after M2). The plan check
 * `milestone-dependency-order` flags a milestone that starts before one it depends on has ended; the optimizer keeps
 * that order (schedule-timing-rows.ts).
 */
import type { Milestone, Plan } from './types';
import type { Problem } from './problem';

export interface DependencyProblem {
  /** Index of the milestone in `plan.milestones`, and of the id in its `dependsOn`. */
  milestone: number;
  dependency: number;
  message: string;
  value: string;
}

const nameOf = (m: Milestone) => m.code || m.name || m.id;

/** The milestone's dates: its first phase's start to its last phase's end (null without phases). */
export function milestoneSpan(m: Milestone): { start: string; end: string } | null {
  if (m.phases.length === 0) return null;
  let start = m.phases[0]!.start;
  let end = m.phases[0]!.end;
  for (const p of m.phases) {
    if (p.start < start) start = p.start;
    if (p.end > end) end = p.end;
  }
  return { start, end };
}

/** Unknown ids, a milestone after itself, twice the same id, and loops (at each milestone of the loop, sorted by milestone). */
export function dependencyProblems(milestones: readonly Milestone[]): DependencyProblem[] {
  const out: DependencyProblem[] = [];
  const index = new Map(milestones.map((m, i) => [m.id, i]));
  const edges = new Map<number, number[]>();
  milestones.forEach((m, i) => {
    const seen = new Set<string>();
    (m.dependsOn ?? []).forEach((id, k) => {
      const j = index.get(id);
      if (seen.has(id)) out.push({ milestone: i, dependency: k, value: id, message: `${nameOf(m)} lists "${id}" twice.` });
      else if (id === m.id) out.push({ milestone: i, dependency: k, value: id, message: `${nameOf(m)} cannot come after itself.` });
      else if (j === undefined)
        out.push({
          milestone: i,
          dependency: k,
          value: id,
          message: `${nameOf(m)} comes after "${id}", which is not a milestone of this plan.`,
        });
      else edges.set(i, [...(edges.get(i) ?? []), j]);
      seen.add(id);
    });
  });
  // Depth-first search in milestone order: a back edge closes a cycle, reported with its path (M2 → M3 → M2).
  const state = new Map<number, 'open' | 'done'>();
  const stack: number[] = [];
  const visit = (i: number) => {
    state.set(i, 'open');
    stack.push(i);
    for (const j of edges.get(i) ?? []) {
      if (state.get(j) === 'open') {
        // the loop j → … → i → j ("depends on"), reported at each of its milestones, from that milestone's side
        const loop = [...stack.slice(stack.indexOf(j))];
        loop.forEach((u, n) => {
          const v = loop[(n + 1) % loop.length]!;
          const from = [...loop.slice(n), ...loop.slice(0, n), u].map((x) => nameOf(milestones[x]!));
          out.push({
            milestone: u,
            dependency: (milestones[u]!.dependsOn ?? []).indexOf(milestones[v]!.id),
            value: milestones[v]!.id,
            message: `The milestones' order loops: ${from.reverse().join(' before ')}. Remove one of these dependencies.`,
          });
        });
      } else if (!state.has(j)) visit(j);
    }
    stack.pop();
    state.set(i, 'done');
  };
  milestones.forEach((_, i) => {
    if (!state.has(i)) visit(i);
  });
  return out.sort((a, b) => a.milestone - b.milestone || a.dependency - b.dependency);
}

/** Plan check: a milestone that starts before a milestone it depends on ends (error), at the milestone's marker. */
export function dependencyOrderProblems(plan: Plan): Problem[] {
  const byId = new Map(plan.milestones.map((m) => [m.id, m]));
  const out: Problem[] = [];
  for (const m of plan.milestones) {
    const span = milestoneSpan(m);
    if (!span) continue;
    for (const id of m.dependsOn ?? []) {
      const before = byId.get(id);
      const beforeSpan = before ? milestoneSpan(before) : null;
      if (!before || !beforeSpan || before.id === m.id) continue;
      if (span.start >= beforeSpan.end) continue;
      out.push({
        id: `milestone-dependency-order:${m.id}:${before.id}`,
        kind: 'milestone-dependency-order',
        severity: 'error',
        trackId: m.trackId,
        milestoneId: m.id,
        message: `${nameOf(m)} starts ${span.start}, before ${nameOf(before)} (which it comes after) ends ${beforeSpan.end}.`,
        cell: { row: 'milestone', trackId: m.trackId, milestoneId: m.id, phaseId: m.phases[0]?.id },
      });
    }
  }
  return out;
}
