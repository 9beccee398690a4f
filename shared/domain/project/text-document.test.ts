import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editedPlan, readTextDocument } from './text-document';
import type { TextPlanOffering } from './text-plan';

const repo = path.resolve(__dirname, '..', '..', '..');
const seedDir = path.resolve(repo, '..', 'shared', 'seeds');
const seeds = fs.readdirSync(seedDir).sort();
const seed = (prefix: string) =>
  fs.readFileSync(
    path.join(
      seedDir,
      seeds.find((f) => f.startsWith(prefix))!,
    ),
    'utf8',
  );
const offerings: TextPlanOffering[] = (
  JSON.parse(fs.readFileSync(path.join(repo, 'resources', 'catalog', 'offerings.json'), 'utf8')) as {
    offerings: Array<{ id: string; gpuId: string; sku: string }>;
  }
).offerings.map((o) => ({ id: o.id, gpuId: o.gpuId, label: o.sku }));
const read = (prefix: string) => readTextDocument(seed(prefix), offerings, '2026-11-29', `${prefix}.md`);
const offeringIds = (r: ReturnType<typeof read>) => r.mentions.map((m) => m.offeringId).filter(Boolean);

describe('a new project from a document (issue 28 item 11), on the five origin documents', () => {
  it('001: the name, both tracks with owners, M1-M3 with dates and GPUs, the recommended budget', () => {
    const r = read('001_');
    expect(r.plan.project).toMatchObject({
      name: 'VitalDB Training Infrastructure (M1–M3)',
      start: '2025-12-11',
      end: '2026-01-31',
      budget: '615',
    });
    expect(r.plan.tracks.map((t) => [t.name, t.owner])).toEqual([
      ['VitalDB Model Training', 'Aswanth Kumar'],
      ['Multi-Sensor Development', 'Jayanth Tatineni'],
    ]);
    expect(r.plan.milestones.map((m) => [m.code, m.phases[0]!.start, m.phases[0]!.gpuId])).toEqual([
      ['M1', '2025-12-21', 'l4-24gb'],
      ['M2', '2025-12-24', 'l4-24gb'],
      ['M3', '2026-01-10', 'a100-sxm-40gb'],
    ]);
    expect(r.read.find((x) => x.key === 'project.budget')).toMatchObject({ value: 'USD 615', line: 125 });
    expect(r.mentions.map((m) => m.label)).toEqual(expect.arrayContaining(['T4', 'L4', 'A100']));
    // What it does not use is said with its line: the per-run costs, the tables it does not read.
    expect(r.unread).toContainEqual(expect.objectContaining({ line: 68, text: '- Cost: ~$8-12 per run' }));
    expect(r.unread.some((u) => u.line === 11 && /table/i.test(u.why))).toBe(true);
  });

  it('000: the title, the AWS offerings with their hourly prices; no tracks, dates or budget (said, not invented)', () => {
    const r = read('000_');
    expect(r.plan.project.name).toBe('Hardware & Cost Notes');
    expect(r.mentions.filter((m) => m.offeringId)).toEqual([
      expect.objectContaining({ offeringId: 'aws-p3-2xlarge', usdPerHour: '3.06', lines: [22] }),
      expect.objectContaining({ offeringId: 'aws-p3-8xlarge', usdPerHour: '12.24', lines: [23] }),
      expect.objectContaining({ offeringId: 'aws-p4d-24xlarge', usdPerHour: '32.77', lines: [24] }),
    ]);
    expect(r.plan.project).toMatchObject({ start: '2026-11-29', end: '2027-02-27', budget: '0' });
    expect(r.plan.tracks).toHaveLength(1);
    const why = r.unread.map((u) => u.why).join('\n');
    expect(why).toMatch(/No tracks with owners/);
    expect(why).toMatch(/No dates/);
    expect(why).toMatch(/No budget in the document/);
    expect(r.unread).toContainEqual(expect.objectContaining({ line: 31 }));
  });

  it('002: the cloud offerings it names (AWS g4dn, p3, p4d), GPUs by name with prices', () => {
    const r = read('002_');
    expect(r.plan.project.name).toBe('Cloud Platform Recommendations for PRS-Med Training');
    expect(offeringIds(r)).toEqual(expect.arrayContaining(['aws-p3-2xlarge', 'aws-p4d-24xlarge', 'aws-g4dn-xlarge']));
    expect(r.mentions.find((m) => m.label === 'RTX 4090')).toMatchObject({ offeringId: null, gpuId: 'rtx-4090-24gb' });
  });

  it('003: the Azure offerings, and its several budgets listed with their lines without choosing one', () => {
    const r = read('003_');
    expect(offeringIds(r)).toEqual(
      expect.arrayContaining(['azure-nc6s-v3', 'azure-nc12s-v3', 'azure-nc24s-v3', 'azure-nc24ads-a100-v4', 'azure-nd96asr-v4']),
    );
    expect(r.budgets.map((b) => [b.line, b.amount, b.per])).toEqual([
      [462, '100', ''],
      [479, '200-500', '/month'],
      [496, '1000-3000', '/month'],
      [513, '5000', '/month'],
      [735, '500', '/month'],
    ]);
    expect(r.plan.project.budget).toBe('0');
    expect(r.unread.some((u) => /5 budgets are stated \(lines 462, 479, 496, 513, 735\)/.test(u.why))).toBe(true);
  });

  it('004: the Hugging Face flavors (a10g-largex4 included) and TPUs', () => {
    const r = read('004_');
    expect(offeringIds(r)).toEqual(
      expect.arrayContaining(['hf-jobs-t4-small', 'hf-jobs-a10g-large', 'hf-jobs-a10g-largex4', 'hf-jobs-a100-large', 'hf-jobs-v5e-2x2']),
    );
    expect(r.mentions.find((m) => m.offeringId === 'hf-jobs-a10g-small')?.usdPerHour).toBe('3.50');
  });

  it('an empty or unrelated text: a draft named after the file, with every gap said', () => {
    const r = readTextDocument('just some words\n', offerings, '2026-11-29', 'notes.txt');
    expect(r.plan.project.name).toBe('notes.txt');
    expect(r.read).toEqual([]);
    expect(r.unread.length).toBeGreaterThanOrEqual(4);
  });

  it("the lead's corrections: name, dates, budget with grouping, the default track's owner and its dates", () => {
    const r = read('000_');
    const plan = editedPlan(r.plan, {
      name: 'GPU notes',
      start: '2027-01-01',
      end: '2027-03-31',
      budget: '3,000',
      tracks: [{ id: r.plan.tracks[0]!.id, owner: 'Dana' }],
    });
    expect(plan.project).toMatchObject({ name: 'GPU notes', start: '2027-01-01', end: '2027-03-31', budget: '3000' });
    expect(plan.tracks[0]).toMatchObject({ owner: 'Dana', start: '2027-01-01', end: '2027-03-31' });
    expect(r.plan.project.name).toBe('Hardware & Cost Notes');
  });

  it('a long line of "$" and GPU names is read (no pattern backtracks over the line)', () => {
    const line = `${'$1 A100 budget '.repeat(20000)}\n| ${'| '.repeat(20000)}`;
    const r = readTextDocument(line, offerings, '2026-11-29');
    expect(r.mentions[0]!.label).toBe('A100');
  });
});
