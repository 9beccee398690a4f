/**
 * docs/seed-coverage.md walked against the bundled data: every seed line with a digit or a `$` is listed, and every
 * ref resolves (offering, GPU, provider, discrepancy, preset, workload, claim, example project and its ids, check kind).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledClaimsFiles, bundledJson } from '../../../electron/test-support/bundled-data';
import { referenceDir, repoRoot, resourcesDir } from '../../../electron/test-support/paths';
import { coverageProblems, figureLines, parseCoverage, parseRef, type CoverageData, type ParsedRef } from './seed-coverage';

const ids = (file: string[], key: string): Set<string> =>
  new Set(
    (bundledJson(...file) as Record<string, Array<{ id: string; aliases?: string[] }>>)[key]!.flatMap((x) => [x.id, ...(x.aliases ?? [])]),
  );

function idsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => idsIn(v, out));
  else if (value && typeof value === 'object') {
    const id = (value as { id?: unknown }).id;
    if (typeof id === 'string') out.add(id);
    Object.values(value).forEach((v) => idsIn(v, out));
  }
  return out;
}

function bundledData(): CoverageData {
  const exampleDir = path.join(resourcesDir, 'example');
  const examples = new Map(
    fs
      .readdirSync(exampleDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(exampleDir, f), 'utf8')) as unknown]),
  );
  const claimIds = new Set([
    ...bundledClaimsFiles().flatMap((f) => f.claims.map((c) => c.id)),
    ...[...examples.values()].flatMap((e) => ((e as { plan?: { claims?: Array<{ id: string }> } }).plan?.claims ?? []).map((c) => c.id)),
  ]);
  const checksSource = fs.readFileSync(path.join(repoRoot, 'shared', 'domain', 'plan', 'checks.ts'), 'utf8');
  const problemKinds = new Set([...checksSource.matchAll(/\|\s*'([a-z-]+)'/g)].map((m) => m[1]!));
  const sets: Record<string, Set<string>> = {
    offering: ids(['catalog', 'offerings.json'], 'offerings'),
    gpu: ids(['catalog', 'gpus.json'], 'gpus'),
    provider: ids(['catalog', 'providers.json'], 'providers'),
    discrepancy: ids(['catalog', 'discrepancies.json'], 'discrepancies'),
    preset: ids(['models', 'presets.json'], 'presets'),
    workload: ids(['models', 'workloads.json'], 'workloads'),
    claim: claimIds,
    check: problemKinds,
  };
  const seedsDir = path.join(referenceDir, 'seeds');
  const seeds = Object.fromEntries(
    fs
      .readdirSync(seedsDir)
      .filter((f) => /^\d{3}_.*\.txt$/.test(f))
      .map((f) => [f.slice(0, 3), fs.readFileSync(path.join(seedsDir, f), 'utf8')]),
  );
  const exists = (ref: ParsedRef): boolean => {
    if (ref.kind === 'project') {
      const file = examples.get(ref.id);
      return file !== undefined && (ref.anchor === null || idsIn(file).has(ref.anchor));
    }
    return sets[ref.kind]?.has(ref.id) ?? false;
  };
  return { seeds, exists };
}

const markdown = fs.readFileSync(path.join(repoRoot, 'docs', 'seed-coverage.md'), 'utf8');

describe('docs/seed-coverage.md against the bundled data', () => {
  it('lists every seed line with a figure and resolves every ref', () => {
    const data = bundledData();
    expect(Object.keys(data.seeds).sort()).toEqual(['000', '001', '002', '003', '004']);
    expect(coverageProblems(parseCoverage(markdown), data)).toEqual([]);
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
  const known = new Set(['offering:a', 'project:p#m1']);
  const data = (files: string[] = []): CoverageData => ({
    seeds,
    exists: (r) => known.has(r.raw.replace(/^pending:/, '')) || files.includes(r.id),
  });
  const table = (rows: string) => `| seed | lines | refs | note |\n| ---- | ----- | ---- | ---- |\n${rows}`;

  it('finds figure lines by digit or dollar sign', () => {
    expect(figureLines(seeds['009'])).toEqual([2, 4]);
  });
  it('reports a seed line with a figure that no row lists', () => {
    expect(coverageProblems(parseCoverage(table('| 009 | 2 | `offering:a` | |')), data())).toEqual([
      'seed 009: lines with a figure not listed: 4',
    ]);
  });
  it('reports a dangling ref, an unknown kind and an out-of-scope row without a reason', () => {
    const rows = parseCoverage(table('| 009 | 2 | `offering:gone` | |\n| 009 | 4 | `out-of-scope` `widget:x` | |'));
    expect(coverageProblems(rows, data())).toEqual([
      'row 3: dangling offering:gone',
      'row 4: out-of-scope needs its reason in the note',
      'row 4: "widget:x" is not a ref (kinds: offering, gpu, provider, discrepancy, preset, workload, claim, project, check, out-of-scope, pending:project:)',
    ]);
  });
  it('accepts a pending project while its file is missing and asks for the flip once it exists', () => {
    const rows = parseCoverage(table('| 009 | 2-4 | `pending:project:seed-009-x` | built on another branch |'));
    expect(coverageProblems(rows, data())).toEqual([]);
    expect(coverageProblems(rows, data(['seed-009-x']))).toEqual([
      'row 3: pending:project:seed-009-x now exists: flip it to project:seed-009-x',
    ]);
  });
  it('parses project refs with an anchor', () => {
    expect(parseRef('project:vitaldb-project#m1')).toMatchObject({ kind: 'project', id: 'vitaldb-project', anchor: 'm1', pending: false });
    expect(parseRef('pending:offering:x')).toBeNull();
  });
});
