/**
 * The bundled examples through the BUILT command: `project list` marks them, `plan show --project` and
 * `plan run-rate` read them, `estimate --rank reliable` ranks seed 002's run by the catalog's reliability data.
 */
import { ensureBuiltCli } from '../../test-support/built-cli';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import prsMed from '../../../resources/example/seed-002-prs-med-project.json';
import { createAppContext } from '../../services/app-context';
import { repoRoot, resourcesDir, tempDir } from '../../test-support/paths';

const bin = path.join(repoRoot, 'bin', 'gpu-planner.cjs');
const temp = tempDir();
const db = path.join(temp.dir, 'examples-cli.sqlite');

beforeAll(() => {
  ensureBuiltCli();
  createAppContext({ dataDir: temp.dir, databaseFile: db, resourcesDir, runtime: 'cli' }).close();
});
afterAll(() => temp.remove());

const cli = (args: string[]) => spawnSync(process.execPath, [bin, ...args, '--db', db], { encoding: 'utf8', cwd: repoRoot });
const json = <T>(args: string[]): T => {
  const run = cli([...args, '--json']);
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
};

describe('bundled examples in the CLI', () => {
  it('project list marks the four examples; the text list says "example"', () => {
    const { projects } = json<{ projects: Array<{ id: string; isExample: boolean }> }>(['project', 'list']);
    for (const id of ['vitaldb-2025', 'seed-002-prs-med', 'seed-003-small-lab', 'seed-004-hf-jobs'])
      expect(
        projects.find((p) => p.id === id),
        id,
      ).toMatchObject({ isExample: true });
    const text = cli(['project', 'list']).stdout;
    expect(text).toMatch(/seed-003-small-lab\s+Small lab on Azure .*\(example\)/);
  });

  it('plan show --project works on each new example', () => {
    for (const id of ['seed-002-prs-med', 'seed-003-small-lab', 'seed-004-hf-jobs']) {
      const shown = json<{ project: { id: string }; weeks: unknown[] }>(['plan', 'show', '--project', id]);
      expect(shown.project.id).toBe(id);
      expect(shown.weeks.length).toBeGreaterThan(0);
    }
  });

  it('plan run-rate gives seed 003’s setups per month and year beside the author’s figures', () => {
    const { runRates } = json<{ runRates: Array<{ id: string; usdPerMonth: string | null; author: { low: string } }> }>([
      'plan',
      'run-rate',
      '--project',
      'seed-003-small-lab',
    ]);
    expect(runRates.map((r) => [r.id, r.usdPerMonth, r.author.low])).toEqual([
      ['rr-researcher-spot', null, '4'],
      ['rr-startup-reserved', '244.42', '244'],
      ['rr-medium-a100', '869.17', '869'],
      ['rr-large-nd96', '3872.18', '3735'],
      ['rr-lab-mix', '241.37', '1550'],
    ]);
    const text = cli(['plan', 'run-rate', '--project', 'seed-003-small-lab']).stdout;
    expect(text).toContain('app: $244.42/month, $2,933.04/year (reserved billed as committed: $1,635.42/month) · author: $244.00/month');
    expect(json<{ runRates: unknown[] }>(['plan', 'run-rate', '--project', 'vitaldb-2025']).runRates).toEqual([]);
  });

  it('estimate --rank reliable ranks only offers rated 0.8 or more, cheapest first, each with its rating and source', () => {
    const file = path.join(temp.dir, 'prs-med.json');
    fs.writeFileSync(file, JSON.stringify(prsMed.plan.milestones[0]!.phases[0]!.workload));
    type Out = {
      ranking: {
        by: string;
        minReliability: number;
        rows: Array<{ offeringId: string; usd: number; reliability: { score: number; source: string } | null }>;
      };
      results: Array<{ training?: { offerings: Array<{ offeringId: string; reliability: { stars: number } | null }> } }>;
    };
    const byCost = json<Out>(['estimate', '--workload', file]);
    expect(byCost.ranking.by).toBe('cost');
    expect(byCost.ranking.rows[0]!.offeringId).toMatch(/^vastai-/);
    const reliable = json<Out>(['estimate', '--workload', file, '--rank', 'reliable']);
    expect(reliable.ranking).toMatchObject({ by: 'reliable', minReliability: 0.8 });
    expect(reliable.ranking.rows.length).toBeGreaterThan(0);
    expect(reliable.ranking.rows.every((r) => r.reliability!.score >= 0.8)).toBe(true);
    expect(reliable.ranking.rows.map((r) => r.usd)).toEqual([...reliable.ranking.rows.map((r) => r.usd)].sort((a, b) => a - b));
    expect(reliable.ranking.rows[0]!.usd).toBeGreaterThan(byCost.ranking.rows[0]!.usd);
    const vast = reliable.results.flatMap((r) => r.training?.offerings ?? []).find((o) => o.offeringId === 'vastai-rtx-3090')!;
    expect(vast.reliability).toMatchObject({ stars: 3 });
    const text = cli(['estimate', '--workload', file, '--rank', 'reliable']).stdout;
    expect(text).toMatch(/cheapest reliable \(reliability ≥ 0.8/);
    expect(cli(['estimate', '--workload', file, '--rank', 'fastest']).status).toBe(2);
    expect(cli(['estimate', '--workload', file, '--rank', 'reliable', '--min-reliability', '2']).status).toBe(2);
  });
});
