/**
 * Issue 11, item 14 (values no plan can hold are refused at their field) and item 15 (a plan edit pointing to another
 * project's id is refused), through the real handler table as the app and the e2e bridge call it. Each refusal names
 * the field, says in words what is expected, and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView } from '../../shared/ipc/contract/plan';
import { createTestApp } from '../test-support/test-app';

const today = new Date('2026-03-02T10:00:00Z');
const app = createTestApp({ now: () => today });
afterAll(() => app.dispose());

async function ok<T>(channel: string, request: unknown): Promise<T> {
  const result = await app.handlers.dispatch(channel, request);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`);
  return result.value as T;
}

/** The refusal of a request, with its field and message; fails the test when the request was accepted. */
async function refused(channel: string, request: unknown) {
  const result = await app.handlers.dispatch(channel, request);
  if (result.ok) throw new Error(`${channel} accepted ${JSON.stringify(request).slice(0, 200)}`);
  expect(result.error.message).not.toMatch(/internal|unexpected|received|NaN|Infinity|at .*\.ts:\d+/i);
  return { code: result.error.code, field: result.error.details?.field, message: result.error.message };
}

let a: PlanView;
let b: PlanView;
beforeAll(async () => {
  a = await ok<PlanView>('plan:get-plan', {});
  const { projectId } = await ok<{ projectId: string }>('plan:duplicate-project', { projectId: a.plan.project.id, name: 'Project B' });
  b = await ok<PlanView>('plan:get-plan', { projectId });
  a = await ok<PlanView>('plan:get-plan', { projectId: a.plan.project.id });
});

const editA = (command: unknown) => ({ projectId: a.plan.project.id, revision: a.revision, command });

describe('values no plan can hold are refused at the field (issue 11, item 14)', () => {
  it('a project budget of "1e999" (plan edit, new project, budget form), a negative budget and a 16-digit one', async () => {
    const edit = await refused('plan:edit', editA({ type: 'upsert', entity: 'project', value: { ...a.plan.project, budget: '1e999' } }));
    expect(edit).toMatchObject({ code: 'INVALID_REQUEST', field: 'command.value.budget' });
    expect(edit.message).toBe('Budget: an amount of 0 or more written with digits, such as 615, 3,000 or 615.50');

    const wizard = {
      name: 'Big',
      start: '2026-01-05',
      end: '2026-06-30',
      currency: 'USD',
      budget: '1e999',
      track: { name: 'T', owner: 'me' },
    };
    expect(await refused('plan:create-project', wizard)).toMatchObject({ field: 'budget' });
    const tooBig = await refused('plan:create-project', { ...wizard, budget: '9999999999999999' });
    expect(tooBig).toMatchObject({ field: 'budget' });
    expect(tooBig.message).toMatch(/at most 1,000,000,000,000/);

    const budgets = () => ok<{ budgets: unknown[] }>('budget:list-budgets', { projectId: a.plan.project.id });
    const before = await budgets();
    const budget = { projectId: a.plan.project.id, amount: '1e999', currency: a.plan.project.currency };
    expect(await refused('budget:save-budget', budget)).toMatchObject({ field: 'amount' });
    expect(await refused('budget:save-budget', { ...budget, amount: '-50' })).toMatchObject({ field: 'amount' });
    expect(await budgets()).toEqual(before);
  });

  it('an allocation in week 9999-W01 or 1999-W10, and a track starting in 1850, are refused at the field', async () => {
    const allocation = a.plan.allocations[0]!;
    for (const week of ['9999-W01', '1999-W10', '2025-W54']) {
      const r = await refused('plan:edit', editA({ type: 'upsert', entity: 'allocation', value: { ...allocation, week } }));
      expect(r).toMatchObject({ code: 'INVALID_REQUEST', field: 'command.value.week' });
      expect(r.message).toBe('Week: an ISO week between 2000-W01 and 2100-W52, such as 2025-W51');
    }
    const track = a.plan.tracks[0]!;
    const r = await refused('plan:edit', editA({ type: 'upsert', entity: 'track', value: { ...track, start: '1850-01-01' } }));
    expect(r).toMatchObject({ field: 'command.value.start' });
    expect(r.message).toMatch(/between 2000-01-01 and 2100-12-31/);
    expect((await ok<PlanView>('plan:get-plan', { projectId: a.plan.project.id })).revision).toBe(a.revision);
  });

  it('a price of 1e308, one dated 9999-01-01 and one dated after today are refused at their field', async () => {
    const offeringId = a.catalog.offerings[0]!.id;
    const price = { offeringId, kind: 'on-demand', usd: 2.5, per: 'hour', asOf: '2026-02-01', source: 'price page' };
    const huge = await refused('catalog:add-price', { ...price, usd: 1e308 });
    expect(huge).toMatchObject({ code: 'INVALID_REQUEST', field: 'usd' });
    expect(huge.message).toBe('Price: an amount of at most 1,000,000,000,000');
    expect(await refused('catalog:add-price', { ...price, asOf: '9999-01-01' })).toMatchObject({ field: 'asOf' });
    const future = await refused('catalog:add-price', { ...price, asOf: '2026-03-03' });
    expect(future).toMatchObject({ code: 'FUTURE_DATE', field: 'asOf' });
    expect(future.message).toMatch(/after today \(2026-03-02\)/);

    const offering = { providerId: 'aws', gpuId: a.catalog.offerings[0]!.gpuId, sku: 'x-test', gpuCount: 1 };
    const created = await app.handlers.dispatch('catalog:create-offering', {
      offering,
      prices: [{ kind: 'on-demand', usd: 1e308, per: 'hour', asOf: '2026-02-01', source: 'x' }],
    });
    expect(created).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^Price \(row 1\): /), details: { field: 'prices.0.usd' } },
    });
    const history = await ok<{ prices: unknown[] }>('catalog:get-price-history', { offeringId });
    expect(await ok<{ prices: unknown[] }>('catalog:get-price-history', { offeringId })).toEqual(history);
  });

  it('an exchange rate of 0, "1e5" or dated 1900 is refused at its field', async () => {
    const rate = { from: 'EUR', to: 'USD', rate: '1.08', asOf: '2026-01-02', source: 'ECB' };
    expect(await refused('budget:save-rate', { ...rate, rate: '0' })).toMatchObject({ field: 'rate' });
    expect(await refused('budget:save-rate', { ...rate, rate: '1e5' })).toMatchObject({ field: 'rate' });
    expect(await refused('budget:save-rate', { ...rate, asOf: '1900-01-01' })).toMatchObject({ field: 'asOf' });
  });
});

describe("a plan edit pointing to another project's id is refused, nothing written (issue 11, item 15)", () => {
  const bRows = async () => {
    const view = await ok<PlanView>('plan:get-plan', { projectId: b.plan.project.id });
    return JSON.stringify([view.plan.tracks, view.plan.milestones, view.plan.allocations, view.plan.pools, view.plan.project]);
  };

  it("B's track, milestone, allocation, pool or project, upserted or removed while editing A", async () => {
    const before = await bRows();
    const track = b.plan.tracks[0]!;
    const milestone = b.plan.milestones[0]!;
    const allocation = b.plan.allocations[0]!;
    const pool = b.plan.pools[0]!;
    const A = a.plan.project.id;
    const commands = [
      { type: 'upsert', entity: 'track', value: { ...track, projectId: A, name: 'taken over' } },
      { type: 'upsert', entity: 'pool', value: { ...pool, projectId: A, capacity: 1 } },
      { type: 'upsert', entity: 'milestone', value: { ...milestone, trackId: a.plan.tracks[0]!.id } },
      { type: 'upsert', entity: 'allocation', value: { ...allocation, trackId: a.plan.tracks[0]!.id } },
      { type: 'upsert', entity: 'project', value: { ...b.plan.project, name: 'renamed through A' } },
      { type: 'remove', entity: 'track', id: track.id },
      { type: 'remove', entity: 'milestone', id: milestone.id },
      { type: 'remove', entity: 'allocation', id: allocation.id },
      { type: 'remove', entity: 'pool', id: pool.id },
      { type: 'batch', label: 'move', commands: [{ type: 'remove', entity: 'allocation', id: allocation.id }] },
    ];
    for (const command of commands) {
      const r = await refused('plan:edit', editA(command));
      expect(r.code, JSON.stringify(command).slice(0, 80)).toBe('OTHER_PROJECT');
      expect(r.message).toMatch(/another project|not the one open/);
      expect(r.message).toMatch(/Nothing was saved/);
    }
    expect(await bRows()).toBe(before);
    expect((await ok<PlanView>('plan:get-plan', { projectId: A })).revision).toBe(a.revision);
  });

  it('a scenario, budget or rule of B named while editing A', async () => {
    const A = a.plan.project.id;
    const B = b.plan.project.id;
    const { scenario } = await ok<{ scenario: { id: string } }>('plan:duplicate-scenario', { projectId: B, name: 'B only' });
    const track = a.plan.tracks[0]!;
    const viaScenario = await refused('plan:edit', {
      projectId: A,
      scenarioId: scenario.id,
      revision: 0,
      command: { type: 'upsert', entity: 'track', value: { ...track, name: 'x' } },
    });
    expect(viaScenario).toMatchObject({ code: 'UNKNOWN_SCENARIO', field: 'scenarioId' });
    expect(await refused('plan:rename-scenario', { projectId: A, scenarioId: scenario.id, name: 'stolen' })).toMatchObject({
      code: 'UNKNOWN_SCENARIO',
    });

    const currency = b.plan.project.currency;
    const { budget } = await ok<{ budget: { id: number } }>('budget:save-budget', { projectId: B, amount: '100', currency });
    const overwrite = await refused('budget:save-budget', { id: budget.id, projectId: A, amount: '5', currency: a.plan.project.currency });
    expect(overwrite).toMatchObject({ code: 'OTHER_PROJECT', field: 'id' });
    // B (a copy of the example, with its budget record: total and splits) keeps its total of 100; nothing became 5.
    const bBudgets = (await ok<{ budgets: Array<{ amount: string }> }>('budget:list-budgets', { projectId: B })).budgets;
    expect(bBudgets).toContainEqual(expect.objectContaining({ id: budget.id, trackId: null, month: null, amount: '100' }));
    expect(bBudgets.filter((x) => x.amount === '5')).toEqual([]);

    const bTrack = b.plan.tracks[0]!.id;
    const { rule } = await ok<{ rule: { id: number } }>('budget:save-rule', {
      projectId: B,
      kind: 'service',
      pattern: 'EC2*',
      trackId: bTrack,
    });
    const ruleOverwrite = await refused('budget:save-rule', {
      id: rule.id,
      projectId: A,
      kind: 'service',
      pattern: '*',
      trackId: track.id,
    });
    expect(ruleOverwrite).toMatchObject({ code: 'OTHER_PROJECT' });
    expect(await refused('budget:save-rule', { projectId: A, kind: 'service', pattern: '*', trackId: bTrack })).toMatchObject({
      field: 'trackId',
    });
    const rules = await ok<{ rules: Array<{ id: number; pattern: string }> }>('budget:list-rules', { projectId: B });
    expect(rules.rules).toEqual([expect.objectContaining({ id: rule.id, pattern: 'EC2*' })]);
  });
});

describe('unknown keys are refused, not dropped (issue 11, item 5)', () => {
  it('catalog:add-price, catalog:create-offering, catalog:update-offering and the estimate:* channels name the unknown key', async () => {
    const offeringId = a.catalog.offerings[0]!.id;
    const price = { offeringId, kind: 'on-demand', usd: 2.5, per: 'hour', asOf: '2026-02-01', source: 'price page' };
    const offering = { providerId: 'aws', gpuId: a.catalog.offerings[0]!.gpuId, sku: 'x-strict', gpuCount: 1 };
    const requests: Array<[string, unknown]> = [
      ['catalog:add-price', { ...price, discount: 0.5 }],
      ['catalog:create-offering', { offering: { ...offering, spot: true }, prices: [] }],
      ['catalog:create-offering', { offering, prices: [], owner: 'x' }],
      ['catalog:update-offering', { id: offeringId, changes: { sku: 'y' }, force: true }],
      ['estimate:list-presets', { all: true }],
      ['estimate:run', { workload: {}, gpuIds: ['a100-sxm-40gb'], fast: true }],
      ['estimate:sweep', { sweepId: 's', workloads: [{}], gpuIds: ['a100-sxm-40gb'], fast: true }],
      ['estimate:cancel-sweep', { sweepId: 's', now: true }],
      ['estimate:save-workload', { name: 'w', workload: {}, shared: true }],
      ['estimate:list-workloads', { mine: true }],
      ['estimate:delete-workload', { id: 'w', cascade: true }],
    ];
    for (const [channel, request] of requests) {
      const r = await refused(channel, request);
      expect(r.code, channel).toBe('INVALID_REQUEST');
      expect(r.message, channel).toMatch(/Unrecognized key/i);
    }
  });
});
