/**
 * A plan file's plan checked whole before import: unique ids, every reference pointing at something the same plan
 * holds, and every value the database's constraints would refuse (issue 26 item 8), each with its JSON path.
 */
import { dependencyProblems } from '../plan/milestone-dependencies';
import type { Plan } from '../plan/types';

/** Internal consistency: unique ids, and every reference pointing at something the same plan holds. */
export function planProblems(plan: Plan, at: string): Array<{ field: string; message: string; value?: string }> {
  const out: Array<{ field: string; message: string; value?: string }> = [];
  const tracks = new Set<string>();
  const seen = new Set<string>();
  const unique = (kind: string, id: string, field: string) => {
    const key = `${kind}:${id}`;
    if (seen.has(key)) out.push({ field, message: `The ${kind} id "${id}" appears twice.`, value: id });
    seen.add(key);
  };
  plan.tracks.forEach((t, i) => {
    unique('track', t.id, `${at}.tracks[${i}].id`);
    tracks.add(t.id);
    if (!t.name.trim()) out.push({ field: `${at}.tracks[${i}].name`, message: 'A track needs a name.' });
    if (t.end < t.start)
      out.push({
        field: `${at}.tracks[${i}].end`,
        message: `Track "${t.name}" ends (${t.end}) before it starts (${t.start}).`,
        value: t.end,
      });
  });
  const phases = new Set<string>();
  plan.milestones.forEach((m, i) => {
    unique('milestone', m.id, `${at}.milestones[${i}].id`);
    if (!tracks.has(m.trackId))
      out.push({
        field: `${at}.milestones[${i}].trackId`,
        message: `Milestone ${m.code || m.id} is on track "${m.trackId}", which the file does not have.`,
        value: m.trackId,
      });
    m.phases.forEach((p, j) => {
      const where = `${at}.milestones[${i}].phases[${j}]`;
      unique('phase', p.id, `${where}.id`);
      phases.add(p.id);
      if (p.end < p.start)
        out.push({ field: `${where}.end`, message: `Phase "${p.name}" ends (${p.end}) before it starts (${p.start}).`, value: p.end });
      const { low, high } = p.runs;
      if (!(Number.isInteger(low) && low >= 0))
        out.push({ field: `${where}.runs.low`, message: 'Runs are a whole number, 0 or more.', value: String(low) });
      else if (!Number.isInteger(high))
        out.push({ field: `${where}.runs.high`, message: 'Runs are a whole number, 0 or more.', value: String(high) });
      else if (low > high)
        out.push({
          field: `${where}.runs.low`,
          message: `The low end of the runs (${low}) is above the high end (${high}).`,
          value: String(low),
        });
    });
  });
  for (const d of dependencyProblems(plan.milestones))
    out.push({ field: `${at}.milestones[${d.milestone}].dependsOn[${d.dependency}]`, message: d.message, value: d.value });
  const cells = new Map<string, number>();
  plan.allocations.forEach((a, i) => {
    unique('allocation', a.id, `${at}.allocations[${i}].id`);
    // One booking per cell (track, week, offering, GPU), as the planner keeps them.
    const cell = JSON.stringify([a.trackId, a.week, a.offeringId ?? '', a.gpuId]);
    const first = cells.get(cell);
    if (first !== undefined)
      out.push({
        field: `${at}.allocations[${i}]`,
        message: `A second booking of ${a.gpuId}${a.offeringId ? ` (${a.offeringId})` : ''} on track "${a.trackId}" in ${a.week}; the first is ${at}.allocations[${first}]. Merge them into one.`,
      });
    else cells.set(cell, i);
    if (!tracks.has(a.trackId))
      out.push({
        field: `${at}.allocations[${i}].trackId`,
        message: `A booking in ${a.week} is on track "${a.trackId}", which the file does not have.`,
        value: a.trackId,
      });
    if (a.phaseId && !phases.has(a.phaseId))
      out.push({
        field: `${at}.allocations[${i}].phaseId`,
        message: `A booking in ${a.week} serves phase "${a.phaseId}", which the file does not have.`,
        value: a.phaseId,
      });
    if (!(a.gpuCount >= 1 && Number.isInteger(a.gpuCount)))
      out.push({ field: `${at}.allocations[${i}].gpuCount`, message: 'A whole number of GPUs, 1 or more.', value: String(a.gpuCount) });
    if (!(a.hours >= 0 && a.hours <= 168))
      out.push({ field: `${at}.allocations[${i}].hours`, message: 'Hours in a week, 0 to 168.', value: String(a.hours) });
  });
  plan.pools.forEach((p, i) => {
    unique('pool', p.id, `${at}.pools[${i}].id`);
    if (!p.name.trim()) out.push({ field: `${at}.pools[${i}].name`, message: 'A capacity pool needs a name.' });
    if (!(Number.isFinite(p.capacity) && p.capacity > 0))
      out.push({
        field: `${at}.pools[${i}].capacity`,
        message: `Pool "${p.name}" has a capacity of ${p.capacity}; a capacity is above 0.`,
        value: String(p.capacity),
      });
  });
  if (plan.project.end < plan.project.start)
    out.push({
      field: `${at}.project.end`,
      message: `The project ends (${plan.project.end}) before it starts (${plan.project.start}).`,
      value: plan.project.end,
    });
  if (!/^[A-Z]{3}$/.test(plan.project.currency))
    out.push({ field: `${at}.project.currency`, message: 'A three-letter currency code such as USD.', value: plan.project.currency });
  if (!plan.project.name.trim()) out.push({ field: `${at}.project.name`, message: 'A project needs a name.' });
  return out;
}
