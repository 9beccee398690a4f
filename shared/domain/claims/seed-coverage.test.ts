/**
 * docs/seed-coverage.md walked against the bundled data: every seed line with a digit or a `$` is listed, and every
 * ref resolves (catalog and model ids, claims, example projects and their ids, run-rate setups, problem kinds, storage
 * rates, provider limits, credit presets, reliability rows, workload fields, source modules).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledClaimsFiles } from '../../../electron/test-support/bundled-data';
import { repoRoot } from '../../../electron/test-support/paths';
import { bundledCoverageData, schemaHasField } from '../../../electron/test-support/seed-coverage-data';
import { workloadSchema } from '../../estimate/workload';
import { coverageProblems, figureLines, parseCoverage, parseMarkedLines, parseRef, type CoverageData } from './seed-coverage';

const markdown = fs.readFileSync(path.join(repoRoot, 'docs', 'seed-coverage.md'), 'utf8');

describe('docs/seed-coverage.md against the bundled data', () => {
  it('lists every seed line with a figure and resolves every ref', () => {
    const data = bundledCoverageData();
    expect(Object.keys(data.seeds).sort()).toEqual(['000', '001', '002', '003', '004']);
    expect(coverageProblems(parseCoverage(markdown), data, parseMarkedLines(markdown))).toEqual([]);
  });

  it("marks the documents' rules and recommendations without a figure, each listed (issue 31 item 9)", () => {
    expect(parseMarkedLines(markdown).map((m) => `${m.seed}:${m.line}`)).toEqual(
      expect.arrayContaining(['000:57', '002:303', '003:734', '003:846', '003:857', '004:12', '004:184']),
    );
  });

  it('points each line at what represents that very line (issue 31 item 9)', () => {
    const rows = parseCoverage(markdown);
    const refsOf = (seed: string, line: number) => rows.filter((r) => r.seed === seed && r.lines.includes(line)).flatMap((r) => r.refs);
    // "Workstation with A100": not the A6000 box; out of scope with its reason
    expect(refsOf('000', 53)).not.toContain('offering:local-prebuilt-rtx-a6000');
    expect(refsOf('000', 53)).toContain('out-of-scope');
    // "2-4x RTX 4090s": the 2-GPU box, and the 3-4× machines out of scope
    expect(refsOf('000', 52)).toEqual(expect.arrayContaining(['offering:local-prebuilt-2x-rtx-4090', 'out-of-scope']));
    // seed 001's own mixed-precision claim, not seed 003's
    expect(refsOf('001', 188)).toContain('claim:claim-fp16-speedup');
    // seed 002's model lines: the workload the example runs
    expect(refsOf('002', 7)).toEqual(expect.arrayContaining(['workload:prs-med-lora', 'project:seed-002-prs-med-project#ph-prs-lora']));
    // seed 003's budget alerts: the example's budget, not out of scope
    expect(refsOf('003', 736)).toContain('project:seed-003-small-lab-project');
  });

  it('points at every claim of the bundled claims files', () => {
    const listed = new Set(parseCoverage(markdown).flatMap((r) => r.refs));
    const unlisted = bundledClaimsFiles()
      .flatMap((f) => f.claims.map((c) => c.id))
      .filter((id) => !listed.has(`claim:${id}`));
    expect(unlisted).toEqual([]);
  });
});

describe('the coverage walker', () => {
  const seeds = { '009': 'title\nprice $3.06/hour\nno figure here\n2 GPUs\n' };
  const known = new Set(['offering:a', 'project:p#m1', 'runrate:p#r1']);
  const data: CoverageData = { seeds, exists: (r) => known.has(r.raw) };
  const table = (rows: string) => `| seed | lines | refs | note |\n| ---- | ----- | ---- | ---- |\n${rows}`;

  it('finds figure lines by digit or dollar sign', () => {
    expect(figureLines(seeds['009'])).toEqual([2, 4]);
  });
  it('reports a seed line with a figure that no row lists', () => {
    expect(coverageProblems(parseCoverage(table('| 009 | 2 | `offering:a` | |')), data)).toEqual([
      'seed 009: lines with a figure not listed: 4',
    ]);
  });
  it('reports a dangling ref, an unknown kind and an out-of-scope row without a reason', () => {
    const rows = parseCoverage(table('| 009 | 2 | `offering:gone` | |\n| 009 | 4 | `out-of-scope` `widget:x` | |'));
    expect(coverageProblems(rows, data)).toEqual([
      'row 3: dangling offering:gone',
      'row 4: out-of-scope needs its reason in the note',
      expect.stringMatching(/^row 4: "widget:x" is not a ref \(kinds: offering, .*, module, out-of-scope\)$/),
    ]);
  });
  it('reports a marked rule that no row lists, or that its seed line no longer says', () => {
    const marks = parseMarkedLines('- 009:3 "No figure here"\n- 009:1 "Price"\n- 009:7 "x"');
    expect(marks.map((m) => `${m.seed}:${m.line}`)).toEqual(['009:3', '009:1', '009:7']);
    const rows = parseCoverage(table('| 009 | 2 | `offering:a` | |\n| 009 | 4 | `offering:a` | |'));
    expect(coverageProblems(rows, data, marks)).toEqual([
      'seed 009: the rule or recommendation on line 3 ("No figure here") is not listed',
      'mark 2: seed 009 line 1 does not say "Price"',
      'mark 3: no line 7 in seed 009',
    ]);
  });
  it("reports a row that points at another document's claim", () => {
    const other: CoverageData = { seeds, exists: () => true };
    const rows = parseCoverage(
      table('| 009 | 2 | `claim:seed-003/fp16-2x` `claim:seed-009/own` `claim:claim-free` | |\n| 009 | 4 | `offering:a` | |'),
    );
    expect(coverageProblems(rows, other)).toEqual(['row 3: claim:seed-003/fp16-2x is a claim of another document than seed 009']);
  });
  it('refuses a note that defers to another branch instead of giving a reason', () => {
    const rows = parseCoverage(table('| 009 | 2-4 | `out-of-scope` | early stopping is item 11 (another branch) |'));
    expect(coverageProblems(rows, data)).toEqual(['row 3: the note defers to work elsewhere ("another branch"): point at what landed']);
  });
  it('parses anchored refs, and a run-rate ref needs its setup id', () => {
    expect(parseRef('project:vitaldb-project#m1')).toMatchObject({ kind: 'project', id: 'vitaldb-project', anchor: 'm1' });
    expect(parseRef('runrate:p#r1')).toMatchObject({ kind: 'runrate', id: 'p', anchor: 'r1' });
    expect(parseRef('runrate:p')).toBeNull();
    expect(parseRef('limit:google-colab.sessionHours')).toMatchObject({ kind: 'limit', id: 'google-colab.sessionHours', anchor: null });
    expect(parseRef('pending:project:x')).toBeNull();
  });
});

describe('the bundled resolvers', () => {
  const data = bundledCoverageData();
  const resolves = (raw: string) => data.exists(parseRef(raw)!);

  it('finds workload fields through optional, defaulted and union schemas, and nothing else', () => {
    expect(schemaHasField(workloadSchema, 'earlyStopping')).toBe(true);
    expect(schemaHasField(workloadSchema, 'dataset.hostMemoryGB')).toBe(true);
    expect(schemaHasField(workloadSchema, 'dataset.cases')).toBe(false);
    expect(schemaHasField(workloadSchema, 'earlyStopping.patience')).toBe(false);
  });
  it('resolves a stated limit but not a null one or an unknown provider', () => {
    expect(resolves('limit:google-colab.sessionHours')).toBe(true);
    expect(resolves('limit:aws.sessionHours')).toBe(false);
    expect(resolves('limit:nowhere.sessionHours')).toBe(false);
  });
  it('resolves modules inside the repository only', () => {
    expect(resolves('module:shared/domain/reserved.ts')).toBe(true);
    expect(resolves('module:shared/domain/reserved-gone.ts')).toBe(false);
    expect(resolves('module:../shared/GUIDE.md')).toBe(false);
  });
  it('resolves run-rate setups in the runRates of their project, not any id of the file', () => {
    expect(resolves('runrate:seed-003-small-lab-project#rr-startup-reserved')).toBe(true);
    expect(resolves('runrate:seed-003-small-lab-project#t-startup')).toBe(false);
  });
  it('resolves run-rule problem kinds, storage rates, credit presets and reliability rows', () => {
    expect(resolves('check:run-over-session')).toBe(true);
    expect(resolves('check:run-over-lunch')).toBe(false);
    // The plan checks' own kinds (the ProblemKind union), wherever the type lives.
    expect(resolves('check:cumulative-over-budget')).toBe(true);
    expect(resolves('check:pool-over-capacity')).toBe(true);
    expect(resolves('storage:azure-blob-hot')).toBe(true);
    expect(resolves('storage:azure-blob-lukewarm')).toBe(false);
    expect(resolves('credit-preset:azure-free-trial')).toBe(true);
    expect(resolves('credit-preset:free-lunch')).toBe(false);
    expect(resolves('reliability:vastai')).toBe(true);
    expect(resolves('reliability:local')).toBe(false);
  });
});

describe("seed 003's budget alerts (issue 31 item 7)", () => {
  it('are represented by the example, no longer out of scope', () => {
    const row = markdown.split('\n').find((l) => l.startsWith('| 003  | 729-763 '))!;
    expect(row).toContain('`project:seed-003-small-lab-project`');
    expect(row).not.toMatch(/alert thresholds[^|]*out of scope/);
    const example = JSON.parse(fs.readFileSync(path.join(repoRoot, 'resources', 'example', 'seed-003-small-lab-project.json'), 'utf8')) as {
      budgets?: Array<{ amount: string; thresholds: number[] }>;
    };
    expect(example.budgets?.every((b) => b.amount === '500' && b.thresholds.join() === '80,100,120')).toBe(true);
  });
});
