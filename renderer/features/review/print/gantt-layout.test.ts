import { describe, expect, it } from 'vitest';
import { weekStart } from '../../../../shared/domain/plan/weeks';
import type { BriefTrack } from '../../../../shared/domain/report/brief';
import { ganttCaption, ganttLayout, labelFits, milestonesByWeek, trackBookings, WEEKLY_COLUMNS_UP_TO, wrapName } from './gantt-layout';

const weeksOf = (year: number, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const week = `${year}-W${String(from + i).padStart(2, '0')}`;
    return { week, start: weekStart(week) };
  });

describe("the brief's Gantt on a printed page", () => {
  it('gives a short plan a column per week, with its number and Monday', () => {
    const l = ganttLayout(weeksOf(2026, 1, 8));
    expect(l.byMonth).toBe(false);
    expect(l.headings.map((h) => h.label)).toEqual(['W01', 'W02', 'W03', 'W04', 'W05', 'W06', 'W07', 'W08']);
    expect(l.headings[0]).toMatchObject({ sub: '12-29' }); // 2026-W01 starts on Monday 2025-12-29
    expect(l.colW).toBeGreaterThanOrEqual(38);
  });

  it('spans the page for a plan of a few weeks too, so its text prints at the same size (seed 002: 3 weeks)', () => {
    for (const n of [1, 3, 8, 16]) expect(ganttLayout(weeksOf(2026, 2, n)).width).toBeGreaterThanOrEqual(716);
  });

  it("writes a bar's label only where it fits, and one diamond per week with its milestones' codes", () => {
    expect(labelFits('RTX 3090 24GB', 66)).toBe(false); // printed past the end of a 66 px bar before
    expect(labelFits('RTX 3090 24GB', 90)).toBe(true);
    expect(
      milestonesByWeek([
        { week: '2026-W02', code: 'DEMO', label: 'DEMO' },
        { week: '2026-W02', code: 'DEV', label: 'DEV' },
        { week: '2026-W03', code: '7B', label: '7B' },
      ]),
    ).toEqual([
      { week: '2026-W02', codes: 'DEMO · DEV' },
      { week: '2026-W03', codes: '7B' },
    ]);
  });

  it('draws a year of weeks under twelve month headings that fit the page (seed 003: 52 weeks)', () => {
    const weeks = weeksOf(2026, 1, 52);
    const l = ganttLayout(weeks);
    expect(weeks.length).toBeGreaterThan(WEEKLY_COLUMNS_UP_TO);
    expect(l.byMonth).toBe(true);
    expect(l.headings.map((h) => h.label)).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    // the headings tile the weeks' columns exactly: each week under one month, none lost
    const total = l.headings.reduce((s, h) => s + h.width, 0);
    expect(total).toBeCloseTo(l.colW * 52, 6);
    expect(l.labelW + total).toBeLessThanOrEqual(l.width);
    // a week goes to the month of its Thursday: 2026-W05 (Mon 26 Jan – Sun 1 Feb) is January's
    const jan = l.headings[0]!;
    expect(Math.round(jan.width / l.colW)).toBe(5);
  });

  it('names the year of each month when a plan crosses New Year', () => {
    const l = ganttLayout([...weeksOf(2025, 40, 13), ...weeksOf(2026, 1, 10)]);
    expect(l.headings.map((h) => `${h.label} ${h.sub}`)).toEqual(['Oct 2025', 'Nov 2025', 'Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026']);
  });
});

describe("a track's bookings in words", () => {
  const track = (bars: BriefTrack['bars']): BriefTrack => ({ id: 't', name: 'Lab', colour: '#000', bars, milestones: [] });

  it('lists one or two bookings of a machine, and sums up three or more', () => {
    expect(trackBookings(track([]))).toBe('nothing booked');
    expect(trackBookings(track([{ label: 'L4 24GB', from: '2025-W50', to: '2025-W52' }]))).toBe('L4 24GB 2025-W50 to 2025-W52');
    const monthly = [2, 6, 10, 15].map((w) => ({
      label: 'V100 SXM2 16GB',
      from: `2026-W${String(w).padStart(2, '0')}`,
      to: `2026-W${String(w).padStart(2, '0')}`,
    }));
    expect(trackBookings(track([...monthly, { label: 'A100', from: '2026-W20', to: '2026-W21' }]))).toBe(
      'V100 SXM2 16GB 4 times, 2026-W02 to 2026-W15; A100 2026-W20 to 2026-W21',
    );
  });

  it('puts every track and its milestones in the caption', () => {
    const t = {
      ...track([{ label: 'T4 16GB', from: '2026-W02', to: '2026-W02' }]),
      milestones: [{ week: '2026-W03', code: 'M1', label: 'M1 due 2026-01-17' }],
    };
    expect(ganttCaption([t, { ...track([]), name: 'Idle' }])).toBe(
      'Lab: T4 16GB 2026-W02; milestones M1 due 2026-01-17. Idle: nothing booked',
    );
  });
});

describe("a track's name in the Gantt's label column (issue 28 item 4)", () => {
  it('wraps onto lines at spaces, never cut with an ellipsis', () => {
    expect(wrapName('Multi-Sensor Development', 23)).toEqual(['Multi-Sensor', 'Development']);
    expect(wrapName('VitalDB Model Training', 23)).toEqual(['VitalDB Model Training']);
    const long = 'Research lab mix — prototyping on Azure spot, development on NC6s v3';
    const lines = wrapName(long, 36);
    expect(lines.join(' ')).toBe(long);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(36);
    expect(wrapName('Averyveryverylongwordwithoutspaces', 10)).toEqual(['Averyveryv', 'erylongwor', 'dwithoutsp', 'aces']);
  });
});
