import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { analyzePlan } from '../plan/checks';
import { loadExample, plannedCatalog } from '../plan/test-fixtures';
import type { Plan } from '../plan/types';
import { computeOverview } from './overview';
import { centsAddingUp } from './planned-data-by-track';

/** The Budget screen's "By track and month" rows for a plan, without spend. */
function overviewOf(plan: Plan) {
  const totals = analyzePlan(plan, plannedCatalog(plan)).totals;
  const o = computeOverview({
    plan,
    planWeeks: totals.weeks,
    lines: [],
    rules: [],
    budgets: [],
    rates: [],
    today: '2026-11-26',
    dataCosts: totals.dataCosts,
  });
  return { o, totals };
}
const sum = (xs: string[]) => xs.reduce((s, x) => s.plus(x), new Big(0));
/** Equal to within the cents of rounding (a row sums weeks priced exactly; the weeks show rounded). */
const near = (a: Big | string, b: Big | string) => new Big(a).minus(b).abs().lte('0.05');

describe("the budget's track rows carry their storage and transfer (one figure, one value)", () => {
  const { plan } = loadExample();

  it("VitalDB: the datasets stated for the VitalDB track are in its row, and the rows add up to the project's planned total", () => {
    const { o, totals } = overviewOf(plan);
    expect(totals.dataCosts.usd).toBe('2.70');
    const vitaldb = o.tracks.find((t) => t.trackId === 'track-vitaldb')!;
    const gpuOnly = sum(totals.weeks.map((w) => w.byTrack['track-vitaldb']?.usd ?? '0'));
    expect(new Big(vitaldb.planned).minus(gpuOnly).abs().minus('2.70').abs().lte('0.01')).toBe(true);
    expect(o.projectWideData).toBeNull();
    // Before: the track rows were GPU only and added up to $628.57 under a project total of $631.27.
    expect(sum(o.tracks.map((t) => t.planned)).toFixed(2)).toBe(o.planned.total);
    // and month by month, to the cent
    for (const m of o.months) expect(sum(o.tracks.map((t) => t.months[m.month]!.planned)).toFixed(2), m.month).toBe(m.planned);
  });

  it('storage stated for the whole project gets a row of its own; the tracks keep their GPU cost and the rows still add up', () => {
    const wholeProject: Plan = { ...plan, dataCosts: (plan.dataCosts ?? []).map((d) => ({ ...d, trackId: null })) };
    const { o, totals } = overviewOf(wholeProject);
    expect(o.projectWideData?.planned).toBe('2.70');
    for (const m of o.months)
      expect(sum([...o.tracks.map((t) => t.months[m.month]!.planned), o.projectWideData!.months[m.month]!]).toFixed(2), m.month).toBe(
        m.planned,
      );
    for (const t of o.tracks) expect(near(t.planned, sum(totals.weeks.map((w) => w.byTrack[t.trackId]?.usd ?? '0')))).toBe(true);
    expect(sum([...o.tracks.map((t) => t.planned), o.projectWideData!.planned]).toFixed(2)).toBe(o.planned.total);
  });

  it('without the plan’s storage figures (an older caller) the rows are GPU only, as before', () => {
    const totals = analyzePlan(plan, plannedCatalog(plan)).totals;
    const o = computeOverview({ plan, planWeeks: totals.weeks, lines: [], rules: [], budgets: [], rates: [], today: '2026-11-26' });
    expect(o.projectWideData).toBeNull();
    expect(near(sum(o.tracks.map((t) => t.planned)), totals.usd)).toBe(true);
  });
});

describe('cents that add up to the total', () => {
  it('gives the missing cents to the largest remainders and takes the extra ones from the smallest', () => {
    const third = new Big(1).div(3);
    expect(centsAddingUp([third, third, third], '1.00')).toEqual(['0.34', '0.33', '0.33']);
    // each rounded alone these would show 605.99 + 25.30 + 34.80 = 666.09 under a total of 666.07
    expect(centsAddingUp([new Big('605.994'), new Big('25.296'), new Big('34.796')], '666.07')).toEqual(['605.99', '25.29', '34.79']);
    expect(centsAddingUp([new Big('10.004'), new Big('5.004')], '15.01')).toEqual(['10.01', '5.00']);
    expect(centsAddingUp([new Big('0.001'), new Big('0.002')], '0.05')).toEqual(['0.02', '0.03']); // the larger remainder first
    expect(centsAddingUp([], '0.00')).toEqual([]);
  });
});
