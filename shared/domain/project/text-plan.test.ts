import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import exampleJson from '../../../resources/example/vitaldb-project.json';
import { parsePlanText, confirmedDraft, type TextPlanOffering } from './text-plan';

const repo = path.resolve(__dirname, '..', '..', '..');
const seedDir = path.resolve(repo, '..', 'shared', 'seeds');
const seed = fs.readFileSync(
  path.join(
    seedDir,
    fs.readdirSync(seedDir).find((f) => f.startsWith('001_'))!,
  ),
  'utf8',
);
const offerings: TextPlanOffering[] = (
  JSON.parse(fs.readFileSync(path.join(repo, 'resources', 'catalog', 'offerings.json'), 'utf8')) as {
    offerings: Array<{ id: string; gpuId: string; sku: string }>;
  }
).offerings.map((o) => ({ id: o.id, gpuId: o.gpuId, label: o.sku }));
const shipped = exampleJson.plan;

describe('import plan from text (seed 001 structure)', () => {
  const draft = parsePlanText(seed, offerings, 'vitaldb-2025');

  it('reads the example seed back into the project the app ships: project, tracks, milestones, phases, options', () => {
    const { project } = draft.plan;
    expect({ name: project.name, start: project.start, end: project.end, currency: project.currency, budget: project.budget }).toEqual({
      name: shipped.project.name,
      start: shipped.project.start,
      end: shipped.project.end,
      currency: shipped.project.currency,
      budget: shipped.project.budget,
    });
    const trackFields = (t: {
      id: string;
      name: string;
      owner: string;
      focus: string;
      start: string;
      end: string;
      colour: string;
      position: number;
    }) => ({ id: t.id, name: t.name, owner: t.owner, focus: t.focus, start: t.start, end: t.end, colour: t.colour, position: t.position });
    expect(draft.plan.tracks.map(trackFields)).toEqual(shipped.tracks.map(trackFields));
    expect(draft.plan.milestones.map((m) => [m.id, m.trackId, m.code, m.name])).toEqual(
      shipped.milestones.map((m) => [m.id, m.trackId, m.code, m.name]),
    );
    const phase = (p: {
      id: string;
      name: string;
      start: string;
      end: string;
      offeringId: string | null;
      gpuId: string | null;
      runs: unknown;
      authorEstimate: { hours: unknown; usd: unknown; hoursPerRun: unknown; usdPerRun: unknown } | null;
    }) => ({
      id: p.id,
      name: p.name,
      start: p.start,
      end: p.end,
      offeringId: p.offeringId,
      gpuId: p.gpuId,
      runs: p.runs,
      author: p.authorEstimate && {
        hours: p.authorEstimate.hours,
        usd: p.authorEstimate.usd,
        hoursPerRun: p.authorEstimate.hoursPerRun,
        usdPerRun: p.authorEstimate.usdPerRun,
      },
    });
    expect(draft.plan.milestones.flatMap((m) => m.phases.map(phase))).toEqual(shipped.milestones.flatMap((m) => m.phases.map(phase)));
    // Options by name (their ids are the parser's own slugs) with the author's cost, time and risk.
    expect(draft.scenarios.map((s) => [s.name, s.author.usd, s.author.days, s.author.risk.toLowerCase()])).toEqual(
      exampleJson.scenarios.map((s) => [s.name, s.author!.usd, s.author!.days, s.author!.risk.toLowerCase()]),
    );
    expect(draft.plan.notes).toHaveLength(3);
    expect(draft.warnings).toEqual([]);
  });

  it('lists every field it read with its line, for the lead to confirm; unconfirmed ones are left out', () => {
    const keys = draft.fields.map((f) => f.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'project.name',
        'project.budget',
        'project.dates',
        'track:track-vitaldb',
        'track:track-multisensor',
        'milestone:m1',
        'milestone:m2',
        'milestone:m3',
        'option:option-2-balanced',
      ]),
    );
    const budgetLine = seed.split('\n').findIndex((l) => l.includes('**Option 2: Balanced (Recommended)**')) + 1;
    expect(draft.fields.find((f) => f.key === 'project.budget')).toMatchObject({ value: 'USD 615', line: budgetLine });
    const some = confirmedDraft(draft, new Set(['track:track-vitaldb', 'milestone:m1', 'milestone:m3', 'option:option-2-balanced']));
    expect(some.plan.tracks.map((t) => t.id)).toEqual(['track-vitaldb']);
    expect(some.plan.milestones.map((m) => m.code)).toEqual(['M1', 'M3']);
    expect(some.plan.project.budget).toBe('0');
    expect(some.scenarios.map((s) => s.id)).toEqual(['option-2-balanced']);
  });

  it('is deterministic, reads another plan of the same shape, and says what it could not read', () => {
    expect(parsePlanText(seed, offerings, 'x')).toEqual(parsePlanText(seed, offerings, 'x'));
    const other = [
      '# Speech Model - One-Pager',
      '**Report Date:** March 3, 2026',
      '## Available Hardware Options (Google Colab)',
      '### M1 (Small corpus)',
      '- Training time: ~5-6 hours per run',
      '- Cost: ~$1-2 per run',
      '| Milestone | Recommended HW | Training Runs | Cost per Run | Total Cost | Time to Model |',
      '|---|---|---|---|---|---|',
      '| **M1** | T4 GPU | 2-3 runs | $1-2 | **$4-6** | 1 day |',
      '**Track 1: Acoustic model (Mei Chen)**',
      '- Hardware: T4 (M1)',
      '- Timeline: Mar 9 - Apr 10',
      '| Phase | Duration | Hardware | Cost | Justification |',
      '|---|---|---|---|---|',
      '| **M1 Training** | Mar 16-20 | **T4 GPU** | $6 | cheap |',
    ].join('\n');
    const d = parsePlanText(other, offerings);
    expect(d.plan.project).toMatchObject({ name: 'Speech Model', start: '2026-03-09', end: '2026-04-10', budget: '0' });
    expect(d.plan.milestones[0]!.phases[0]).toMatchObject({
      start: '2026-03-16',
      end: '2026-03-20',
      offeringId: 'colab-pro-t4-16gb',
      runs: { low: 2, high: 3 },
    });
    expect(d.plan.milestones[0]!.phases[0]!.authorEstimate).toMatchObject({
      hoursPerRun: { low: 5, high: 6 },
      hours: { low: 10, high: 18 },
      usd: { low: 4, high: 6 },
    });
    expect(d.warnings).toEqual(['No budget option marked "(Recommended)": the budget is 0.']);
    const empty = parsePlanText('just some words', offerings);
    expect(empty.plan.tracks).toEqual([]);
    expect(empty.warnings.length).toBeGreaterThan(0);
  });
});
