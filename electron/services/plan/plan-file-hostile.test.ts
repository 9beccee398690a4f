/**
 * Hostile and unlucky plan files (issue 26 items 8 and 9): every one is refused with a UserError naming the file and
 * the JSON path of the problem — never an internal error with a stack trace — and nothing is written.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../../shared/domain/errors';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { tempDir } from '../../test-support/paths';

let app: TestApp;
const scratch = tempDir();
let good = '';

beforeAll(async () => {
  app = createTestApp();
  const out = path.join(scratch.dir, 'vitaldb.gpuplan');
  app.services.plan.projects.exportTo({ projectId: 'vitaldb-2025' }, out);
  good = fs.readFileSync(out, 'utf8');
});
afterAll(() => {
  app.dispose();
  scratch.remove();
});

const counts = () =>
  ['projects', 'tracks', 'milestones', 'milestone_phases', 'allocations', 'capacity_pools', 'scenarios', 'spend_lines'].map(
    (t) => (app.db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n,
  );

/** Imports `text` (or the file at `file`) and returns the UserError it is refused with; nothing may change. */
function refusal(text: string | null, file = path.join(scratch.dir, 'hostile.gpuplan')): UserError {
  if (text !== null) fs.writeFileSync(file, text);
  const before = counts();
  let caught: unknown;
  try {
    app.services.plan.projects.importFrom(file);
  } catch (error) {
    caught = error;
  }
  expect(caught, 'refused with a UserError (no internal error)').toBeInstanceOf(UserError);
  expect(counts()).toEqual(before);
  return caught as UserError;
}

function edited(edit: (doc: any) => void): string {
  const doc = JSON.parse(good);
  edit(doc);
  return JSON.stringify(doc);
}

const SPEND_LINE = {
  chargePeriodStart: '2025-12-22',
  chargePeriodEnd: null,
  billedCost: '1.00',
  effectiveCost: null,
  currency: 'USD',
  provider: null,
  service: null,
  sku: null,
  resourceId: null,
  region: null,
  chargeCategory: null,
  instanceType: null,
  usageQuantity: null,
  usageUnit: null,
  gpuCount: null,
  trackId: 'track-vitaldb',
  tags: {},
};

describe('plan files the database would refuse are refused with their JSON path (issue 26 item 8)', () => {
  const cases: Array<[string, (doc: any) => void, string]> = [
    ['runs low above high', (d) => (d.plan.milestones[0].phases[0].runs = { low: 5, high: 3 }), 'plan.milestones[0].phases[0].runs.low'],
    ['negative runs', (d) => (d.plan.milestones[0].phases[0].runs = { low: -1, high: 3 }), 'plan.milestones[0].phases[0].runs.low'],
    ['fractional runs', (d) => (d.plan.milestones[1].phases[0].runs = { low: 1, high: 2.5 }), 'plan.milestones[1].phases[0].runs.high'],
    ['a phase ending before it starts', (d) => (d.plan.milestones[0].phases[0].end = '2025-12-01'), 'plan.milestones[0].phases[0].end'],
    ['a track ending before it starts', (d) => (d.plan.tracks[1].end = '2025-01-01'), 'plan.tracks[1].end'],
    ['a pool capacity of -1', (d) => (d.plan.pools[0].capacity = -1), 'plan.pools[0].capacity'],
    ['an empty pool name', (d) => (d.plan.pools[0].name = ' '), 'plan.pools[0].name'],
    ['a project name starting with NUL', (d) => (d.plan.project.name = '\u0000abc'), 'plan.project.name'],
    ['a track name starting with NUL', (d) => (d.plan.tracks[0].name = '\u0000abc'), 'plan.tracks[0].name'],
    ['an empty track name', (d) => (d.plan.tracks[0].name = ''), 'plan.tracks[0].name'],
    [
      'two bookings in the same cell',
      (d) => d.plan.allocations.push({ ...d.plan.allocations[1], id: 'again' }),
      'plan.allocations[__LAST__]',
    ],
    [
      'a scenario with a phase ending before it starts',
      (d) => (d.scenarios[1].plan.milestones[0].phases[0].end = '2025-01-01'),
      'scenarios[1].plan.milestones[0].phases[0].end',
    ],
    ['two scenarios with one id', (d) => (d.scenarios[1].id = d.scenarios[0].id), 'scenarios[1].id'],
    [
      'a spend amount of 9,223,372,036.86',
      (d) => (d.spend = { source: 'x', lines: [SPEND_LINE, { ...SPEND_LINE, billedCost: '9223372036.86' }] }),
      'spend.lines[1].billedCost',
    ],
    [
      'a negative spend amount beyond the line range',
      (d) => (d.spend = { source: 'x', lines: [{ ...SPEND_LINE, effectiveCost: '-99999999999' }] }),
      'spend.lines[0].effectiveCost',
    ],
  ];
  for (const [name, edit, field] of cases) {
    it(name, () => {
      const doc = JSON.parse(good);
      edit(doc);
      const error = refusal(JSON.stringify(doc));
      const expected = field.replace('__LAST__', String(doc.plan.allocations.length - 1));
      expect(error.details?.field).toBe(expected);
      expect(error.message).toContain('hostile.gpuplan');
      expect(error.message).toContain(expected);
    });
  }

  it('a workload nested 20,000 levels deep is refused at the depth limit, with the path where it passes it', () => {
    const deep = `${'{"x":'.repeat(20_000)}{}${'}'.repeat(20_000)}`;
    const text = edited((d) => (d.plan.milestones[0].phases[0].workload = '@DEEP@')).replace('"@DEEP@"', deep);
    const error = refusal(text);
    expect(error.code).toBe('BAD_PLAN_FILE');
    expect(String(error.details?.field)).toMatch(/^plan\.milestones\[0\]\.phases\[0\]\.workload(\.x)+$/);
    expect(error.message).toMatch(/nested/);
  });

  it('a value only the database refuses (a track position of 1.5) is still a message, not an internal error', () => {
    const error = refusal(edited((d) => (d.plan.tracks[0].position = 1.5)));
    expect(error.code).toBe('BAD_PLAN_FILE');
    expect(error.message).toMatch(/hostile\.gpuplan.*Nothing was imported/);
  });

  it('a folder as the path is refused with what to choose instead', () => {
    const error = refusal(null, scratch.dir);
    expect(error.code).toBe('NOT_A_FILE');
    expect(error.message).toMatch(/folder/);
  });

  it('a plan file that starts with a UTF-8 byte order mark is read', () => {
    const file = path.join(scratch.dir, 'bom.gpuplan');
    fs.writeFileSync(file, `\uFEFF${good}`);
    const r = app.services.plan.projects.importFrom(file);
    expect(r.projectId).toMatch(/^p-/);
    expect(r.scenarios).toBe(3);
  });
});

describe('special files are refused before they are read (issue 26 item 9)', () => {
  it('/dev/zero is refused at once, not read', () => {
    const started = process.hrtime.bigint();
    const error = refusal(null, '/dev/zero');
    expect(error.code).toBe('NOT_A_FILE');
    expect(error.message).toMatch(/not a regular file/);
    // Reading it would never end (the issue saw 16 GB read in 90 s): any answer at all shows it was not read.
    expect(process.hrtime.bigint() - started).toBeGreaterThan(0n);
  });

  it('a FIFO with no writer is refused without waiting for one', () => {
    const fifo = path.join(scratch.dir, 'plan.fifo');
    execFileSync('mkfifo', [fifo]);
    const error = refusal(null, fifo);
    expect(error.code).toBe('NOT_A_FILE');
  });

  it('a missing file says so', () => {
    expect(refusal(null, path.join(scratch.dir, 'nowhere.gpuplan')).code).toBe('FILE_NOT_FOUND');
  });
});
