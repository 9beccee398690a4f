import { describe, expect, it } from 'vitest';
import { defaultBooking, NEW_BOOKING_HOURS, nearestBooking, newBooking, newId, phaseInWeek } from './booking';
import { loadExample, plannedCatalog } from './test-fixtures';
import type { Plan } from './types';

const { plan } = loadExample();
const offerings = new Map(plannedCatalog(plan).offerings.map((o) => [o.id, o]));

describe('newId', () => {
  it('is the prefix, the time in base 36 and a random suffix', () => {
    expect(newId('alloc', 36 ** 3, () => 0.5)).toBe('alloc-1000-i');
    expect(newId('track')).toMatch(/^track-[0-9a-z]+-[0-9a-z]{1,5}$/);
  });
});

describe('defaultBooking', () => {
  it("takes the hardware of the track's nearest booking outside any milestone, and the stated default hours", () => {
    // VitalDB: bookings on A100 in 2026-W01…W04; no milestone in W05.
    expect(phaseInWeek(plan, 'track-vitaldb', '2026-W05')).toBeNull();
    expect(nearestBooking(plan, 'track-vitaldb', '2026-W05')?.week).toBe('2026-W04');
    const d = defaultBooking(plan, 'track-vitaldb', '2026-W05', offerings)!;
    expect(d).toMatchObject({ offeringId: 'colab-pro-plus-a100-40gb', gpuId: 'a100-sxm-40gb', gpuCount: 1, hours: NEW_BOOKING_HOURS });
    expect(d.basis).toContain('2026-W04');
  });

  it("takes the hardware of the milestone phase in that week and one run's hours from its estimate", () => {
    // M3 (2026-01-10 → 01-17, A100, 36–48 h a run by the author) covers 2026-W02; an L4 booking sits nearer in time.
    const moved: Plan = {
      ...plan,
      allocations: plan.allocations.map((a) => (a.trackId === 'track-vitaldb' && a.week === '2026-W02' ? { ...a, week: '2026-W30' } : a)),
    };
    const d = defaultBooking(moved, 'track-vitaldb', '2026-W02', offerings)!;
    expect(d).toMatchObject({ offeringId: 'colab-pro-plus-a100-40gb', gpuId: 'a100-sxm-40gb', gpuCount: 1, hours: 48 });
  });

  it("uses the app's estimate over the author's, and caps a run at the 168 hours of a week", () => {
    const withApp: Plan = {
      ...plan,
      milestones: plan.milestones.map((m) => ({
        ...m,
        phases: m.phases.map((p) =>
          p.start === '2026-01-10'
            ? {
                ...p,
                appEstimate: { hours: 900, hoursPerRun: 300, usd: '1', computedAt: '2026-01-01T00:00:00Z', priceAsOf: null, basis: 'test' },
              }
            : p,
        ),
      })),
    };
    expect(defaultBooking(withApp, 'track-vitaldb', '2026-W02', offerings)!.hours).toBe(168);
  });

  it("books one run's wall-clock hours of a multi-GPU estimate (its GPU-hours over its GPUs) on the offering's GPUs", () => {
    const four = new Map(offerings);
    four.set('colab-pro-plus-a100-40gb', { ...offerings.get('colab-pro-plus-a100-40gb')!, gpuCount: 4 });
    const withApp: Plan = {
      ...plan,
      milestones: plan.milestones.map((m) => ({
        ...m,
        phases: m.phases.map((p) =>
          p.start === '2026-01-10'
            ? {
                ...p,
                appEstimate: {
                  hours: 160,
                  hoursPerRun: 160,
                  gpus: 4,
                  usd: '1',
                  computedAt: '2026-01-01T00:00:00Z',
                  priceAsOf: null,
                  basis: 'test',
                },
              }
            : p,
        ),
      })),
    };
    expect(defaultBooking(withApp, 'track-vitaldb', '2026-W02', four)).toMatchObject({ gpuCount: 4, hours: 40 });
  });

  it("falls back to the plan's first planned offering with that offering's GPU count for a track without bookings", () => {
    const empty: Plan = { ...plan, allocations: [], milestones: [] };
    const eight = new Map(offerings);
    const first = plan.plannedPrices[0]!.offeringId;
    eight.set(first, { ...offerings.get(first)!, gpuCount: 8 });
    expect(defaultBooking(empty, 'track-vitaldb', '2026-W05', eight)).toMatchObject({
      offeringId: first,
      gpuCount: 8,
      hours: NEW_BOOKING_HOURS,
    });
  });

  it('is null when the plan and the catalog name no hardware at all (no invented GPU)', () => {
    const bare: Plan = { ...plan, allocations: [], milestones: [], plannedPrices: [] };
    expect(defaultBooking(bare, 'track-vitaldb', '2026-W05', new Map())).toBeNull();
    expect(newBooking(bare, 'track-vitaldb', '2026-W05', new Map(), 'alloc-x')).toBeNull();
  });

  it('makes a whole booking whose note says where its figures come from', () => {
    const a = newBooking(plan, 'track-vitaldb', '2026-W05', offerings, 'alloc-x')!;
    expect(a).toMatchObject({ id: 'alloc-x', trackId: 'track-vitaldb', week: '2026-W05', phaseId: null });
    expect(a.note).toMatch(/booking in 2026-W04/);
  });
});
