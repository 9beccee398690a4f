/**
 * Validation of edits, field by field: a command is refused (nothing applied) when the plan it would produce has
 * an entity it touched in a bad state. Messages name the field and say what is expected.
 */
import { applyCommand, touchedIds, type Applied, type PlanCommand } from './commands';
import { indexCatalog } from './pricing';
import type { Allocation, CapacityPool, Milestone, Plan, PlanCatalog, Project, Track } from './types';
import { amountText, isPlausibleWeek, MAX_YEAR, MIN_YEAR } from '../field-bounds';
import { HOURS_PER_WEEK, isWeekKey } from './weeks';
import { validateDataCost } from '../data-costs/validation';
import { dateRange, type FieldError } from './field-error';
import { dependencyProblems } from './milestone-dependencies';

export { dateRange, type FieldError } from './field-error';

const COLOUR = /^#[0-9a-fA-F]{6}$/;

export function validateProject(p: Project): FieldError[] {
  const out: FieldError[] = [];
  if (!p.name.trim()) out.push({ entity: 'project', id: p.id, field: 'name', message: 'A project needs a name.' });
  dateRange(out, 'project', p.id, p.start, p.end);
  const budget = amountText.safeParse(p.budget);
  if (!budget.success)
    out.push({
      entity: 'project',
      id: p.id,
      field: 'budget',
      message: `The budget is ${budget.error.issues[0]?.message ?? 'an amount of 0 or more'}.`,
      value: p.budget.slice(0, 40),
    });
  if (!/^[A-Z]{3}$/.test(p.currency))
    out.push({ entity: 'project', id: p.id, field: 'currency', message: 'A three-letter currency code such as USD.', value: p.currency });
  return out;
}

export function validateTrack(t: Track, plan: Plan): FieldError[] {
  const out: FieldError[] = [];
  if (!t.name.trim()) out.push({ entity: 'track', id: t.id, field: 'name', message: 'A track needs a name.' });
  if (!COLOUR.test(t.colour)) out.push({ entity: 'track', id: t.id, field: 'colour', message: 'A colour as #rrggbb.', value: t.colour });
  if (t.projectId !== plan.project.id)
    out.push({ entity: 'track', id: t.id, field: 'projectId', message: 'The track belongs to another project.' });
  dateRange(out, 'track', t.id, t.start, t.end);
  return out;
}

export function validateMilestone(m: Milestone, plan: Plan, catalog: PlanCatalog): FieldError[] {
  const out: FieldError[] = [];
  const offerings = indexCatalog(catalog);
  if (!m.name.trim()) out.push({ entity: 'milestone', id: m.id, field: 'name', message: 'A milestone needs a name.' });
  if (!plan.tracks.some((t) => t.id === m.trackId))
    out.push({ entity: 'milestone', id: m.id, field: 'trackId', message: 'Choose a track of this project.', value: m.trackId });
  if (m.phases.length === 0)
    out.push({ entity: 'milestone', id: m.id, field: 'phases', message: 'A milestone has at least one phase (dates and hardware).' });
  const index = plan.milestones.findIndex((x) => x.id === m.id);
  for (const d of dependencyProblems(plan.milestones))
    if (d.milestone === index)
      out.push({ entity: 'milestone', id: m.id, field: `dependsOn.${d.dependency}`, message: d.message, value: d.value });
  m.phases.forEach((ph, i) => {
    const prefix = `phases.${i}.`;
    dateRange(out, 'milestone', m.id, ph.start, ph.end, prefix);
    if (!(ph.runs.low >= 0) || !Number.isInteger(ph.runs.low))
      out.push({
        entity: 'milestone',
        id: m.id,
        field: `${prefix}runs.low`,
        message: 'A whole number of runs, 0 or more.',
        value: String(ph.runs.low),
      });
    if (!(ph.runs.high >= ph.runs.low) || !Number.isInteger(ph.runs.high))
      out.push({
        entity: 'milestone',
        id: m.id,
        field: `${prefix}runs.high`,
        message: 'A whole number of runs, not below the low end.',
        value: String(ph.runs.high),
      });
    if (ph.offeringId) {
      const o = offerings.get(ph.offeringId);
      if (!o || o.deleted)
        out.push({
          entity: 'milestone',
          id: m.id,
          field: `${prefix}offeringId`,
          message: `No offering "${ph.offeringId}" in the catalog (deleted or unknown).`,
          value: ph.offeringId,
        });
    }
  });
  return out;
}

export function validateAllocation(a: Allocation, plan: Plan, catalog: PlanCatalog, previous?: Allocation): FieldError[] {
  const out: FieldError[] = [];
  const e = 'allocation';
  if (!plan.tracks.some((t) => t.id === a.trackId))
    out.push({ entity: e, id: a.id, field: 'trackId', message: 'Choose a track of this project.', value: a.trackId });
  if (!isWeekKey(a.week) || !isPlausibleWeek(a.week))
    out.push({ entity: e, id: a.id, field: 'week', message: `An ISO week between ${MIN_YEAR}-W01 and ${MAX_YEAR}-W52.`, value: a.week });
  if (!Number.isFinite(a.hours) || a.hours < 0)
    out.push({ entity: e, id: a.id, field: 'hours', message: 'Hours cannot be negative.', value: String(a.hours) });
  else if (a.hours > HOURS_PER_WEEK)
    out.push({
      entity: e,
      id: a.id,
      field: 'hours',
      message: `A week has ${HOURS_PER_WEEK} hours; book more GPUs instead of more than ${HOURS_PER_WEEK} h.`,
      value: String(a.hours),
    });
  if (!Number.isInteger(a.gpuCount) || a.gpuCount < 1)
    out.push({
      entity: e,
      id: a.id,
      field: 'gpuCount',
      message: a.gpuCount < 0 ? 'The GPU count cannot be negative.' : 'At least one GPU, a whole number.',
      value: String(a.gpuCount),
    });
  if (a.offeringId) {
    const o = indexCatalog(catalog).get(a.offeringId);
    // An allocation already on a since-deleted offering may be kept (a check flags it) but not newly moved onto one.
    const unchangedOffering = previous && previous.offeringId === a.offeringId;
    if (!o)
      out.push({ entity: e, id: a.id, field: 'offeringId', message: `No offering "${a.offeringId}" in the catalog.`, value: a.offeringId });
    else if (o.deleted && !unchangedOffering)
      out.push({
        entity: e,
        id: a.id,
        field: 'offeringId',
        message: `Offering "${o.label}" was deleted from the catalog; choose another.`,
        value: a.offeringId,
      });
    else {
      if (Number.isInteger(a.gpuCount) && a.gpuCount > o.gpuCount)
        out.push({
          entity: e,
          id: a.id,
          field: 'gpuCount',
          message: `${o.label} has ${o.gpuCount} GPU${o.gpuCount === 1 ? '' : 's'}; book ${o.gpuCount} or fewer (or another allocation).`,
          value: String(a.gpuCount),
        });
      if (a.gpuId !== o.gpuId)
        out.push({ entity: e, id: a.id, field: 'gpuId', message: `${o.label} has ${o.gpuId} GPUs, not ${a.gpuId}.`, value: a.gpuId });
    }
  } else if (!a.gpuId) out.push({ entity: e, id: a.id, field: 'gpuId', message: 'Choose an offering or at least a GPU type.' });
  const twin = plan.allocations.find(
    (b) => b.id !== a.id && b.trackId === a.trackId && b.week === a.week && b.offeringId === a.offeringId && b.gpuId === a.gpuId,
  );
  if (twin)
    out.push({
      entity: e,
      id: a.id,
      field: 'week',
      message: `This track already has ${a.offeringId ?? a.gpuId} booked in ${a.week}; change that booking instead.`,
      value: a.week,
    });
  return out;
}

export function validatePool(p: CapacityPool): FieldError[] {
  const out: FieldError[] = [];
  if (!p.name.trim()) out.push({ entity: 'pool', id: p.id, field: 'name', message: 'A pool needs a name.' });
  if (!Number.isFinite(p.capacity) || p.capacity <= 0)
    out.push({
      entity: 'pool',
      id: p.id,
      field: 'capacity',
      message: 'Capacity is a number above 0 (GPUs at once, or vCPUs of quota).',
      value: String(p.capacity),
    });
  if (p.offeringIds.length === 0 && p.gpuIds.length === 0)
    out.push({ entity: 'pool', id: p.id, field: 'offeringIds', message: 'Say which offerings or GPU types the pool admits.' });
  return out;
}

/**
 * Applies the command to a scratch copy and validates every entity it touched.
 * Returns the field errors (empty = the edit may be saved) and the resulting plan.
 */
export function validateCommand(
  plan: Plan,
  catalog: PlanCatalog,
  command: PlanCommand,
): { errors: FieldError[]; plan: Plan; applied: Applied } {
  const applied = applyCommand(plan, command);
  const next = applied.plan;
  const errors: FieldError[] = [];
  for (const [entity, ids] of touchedIds(command)) {
    for (const id of ids) {
      if (entity === 'project') errors.push(...validateProject(next.project));
      else if (entity === 'track') {
        const t = next.tracks.find((x) => x.id === id);
        if (t) errors.push(...validateTrack(t, next));
        else if (next.allocations.some((a) => a.trackId === id) || next.milestones.some((m) => m.trackId === id))
          errors.push({ entity, id, field: 'id', message: 'The track still has allocations or milestones; delete them with it.' });
      } else if (entity === 'milestone') {
        const m = next.milestones.find((x) => x.id === id);
        if (m) errors.push(...validateMilestone(m, next, catalog));
        else {
          const after = next.milestones.filter((x) => x.dependsOn?.includes(id));
          if (after.length > 0)
            errors.push({
              entity,
              id,
              field: 'id',
              message: `${after.map((x) => x.code || x.name).join(', ')} ${after.length === 1 ? 'comes' : 'come'} after this milestone; remove that dependency first.`,
            });
        }
      } else if (entity === 'allocation') {
        const a = next.allocations.find((x) => x.id === id);
        if (a)
          errors.push(
            ...validateAllocation(
              a,
              next,
              catalog,
              plan.allocations.find((x) => x.id === id),
            ),
          );
      } else if (entity === 'pool') {
        const p = next.pools.find((x) => x.id === id);
        if (p) errors.push(...validatePool(p));
      } else if (entity === 'dataCost') {
        const d = next.dataCosts?.find((x) => x.id === id);
        if (d) errors.push(...validateDataCost(d, next, catalog.dataRates));
      }
    }
  }
  return { errors, plan: next, applied };
}
