import { spawnSync } from 'node:child_process';
import { ensureBuiltCli, runCliInProcess } from '../../test-support/built-cli';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../services/app-context';
import { BUNDLED_EXAMPLES } from '../../../shared/domain/plan/bundled-examples';
import { repoRoot, resourcesDir, tempDir } from '../../test-support/paths';

// The BUILT command, as a user runs it, on a fresh database of the bundled example.
const bin = path.join(repoRoot, 'bin', 'gpu-planner.cjs');
const temp = tempDir();
const db = path.join(temp.dir, 'optimize-cli.sqlite');

beforeAll(() => {
  ensureBuiltCli();
  createAppContext({ dataDir: temp.dir, databaseFile: db, resourcesDir, runtime: 'cli' }).close();
});
afterAll(() => temp.remove());

const cli = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: repoRoot });

describe('gpu-planner plan optimize', () => {
  it('--json: status, objective, and weeks/conflicts/totals shaped as plan show; --save-as keeps it as a scenario', () => {
    const run = cli(['plan', 'optimize', '--db', db, '--window', 'deadline', '--save-as', 'Least cost', '--json']);
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, unknown> & {
      status: string;
      weeks: Array<Record<string, unknown>>;
      conflicts: Array<{ kind: string; severity: string }>;
      totals: Record<string, unknown>;
      binding: unknown[];
      scenarioId: string;
    };
    expect(Object.keys(out)).toEqual(expect.arrayContaining(['status', 'objective', 'weeks', 'conflicts', 'totals', 'binding']));
    expect(out.status).toBe('optimal');
    const shown = JSON.parse(cli(['plan', 'show', '--db', db, '--json']).stdout) as {
      weeks: Array<Record<string, unknown>>;
      totals: Record<string, unknown>;
      scenarios: Array<{ scenarioId: string; usd: string }>;
    };
    expect(Object.keys(out.weeks[0]!).sort()).toEqual(Object.keys(shown.weeks[0]!).sort());
    expect(Object.keys(out.totals).sort()).toEqual(Object.keys(shown.totals).sort());
    // No error is left: the schedule's own conflicts are gone, and the example's workloads resume from checkpoints (its
    // document's), so no run outlasts a Colab session.
    expect(out.conflicts.filter((c) => c.severity === 'error')).toEqual([]);
    expect(shown.scenarios.find((s) => s.scenarioId === out.scenarioId)?.usd).toBe(out.totals.allCostsUsd); // a scenario's figure is all costs, as everywhere (GPU + storage + transfer)
  });

  it('with its defaults, the bundled example optimizes (bookings of the one Colab session take turns)', () => {
    const run = cli(['plan', 'optimize', '--db', db, '--json']);
    expect(run.status, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { status: string }).status).toBe('optimal');
    // One figure: the headline's cost is all costs, the same as the diff's plan line (it printed GPU only, $109.09
    // against the diff's $111.79).
    const text = cli(['plan', 'optimize', '--db', db]).stdout;
    const headline = /Suggested schedule: (\$[\d,.]+) in all/.exec(text)?.[1];
    const diffLine = /Plan: cost \$[\d,.]+ → (\$[\d,.]+);/.exec(text)?.[1];
    expect(headline).toBeDefined();
    expect(headline).toBe(diffLine);
  });

  it('--no-turns: says why, with the binding constraint in words, when the milestones cannot keep their own dates', () => {
    const run = cli(['plan', 'optimize', '--db', db, '--no-turns', '--json']);
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as { status: string; binding: Array<{ kind: string; message: string }> };
    expect(out.status).toBe('infeasible');
    expect(
      out.binding.some(
        (b) => b.kind === 'milestone-window' && /^M3 .* short by [\d.]+ GPU-hours\. Move its end date by \d+ days?/.test(b.message),
      ),
    ).toBe(true);
    // Infeasible explained: the smallest single changes, each checked by a re-solve.
    const relaxations = (JSON.parse(run.stdout) as { relaxations: Array<{ kind: string; message: string }> }).relaxations;
    expect(relaxations.map((r) => r.kind)).toEqual(expect.arrayContaining(['move-end-date', 'allow-turns']));
    const text = cli(['plan', 'optimize', '--db', db, '--no-turns']);
    expect(text.stdout).toMatch(/Status: infeasible/);
    expect(text.stdout).toMatch(/The smallest change that makes a schedule exist \(any one of\):\n {2}- Move M3's end date by \d+ weeks?/);
    expect(text.stdout).toMatch(/What binds:/);
    // The weekly lines name tracks and offers as a person reads them, not by id.
    expect(text.stdout).toMatch(/VitalDB Model Training: Google Colab Pro\+ — L4/);
    expect(text.stdout).not.toMatch(/track-vitaldb|colab-pro-plus-l4-24gb/);
  });

  it('refuses a bad objective as a usage error', () => {
    const run = cli(['plan', 'optimize', '--db', db, '--objective', 'fastest']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--objective must be one of cost, finish/);
  });
});

// The first example through the built binary, the others (and the plans they are compared with) through the same runCli
// in this process, which solves in-process as the built CLI does: ~0.7 s of Node start saved per call.
describe('every bundled example optimizes with the defaults (issue 27 item 5)', () => {
  for (const { projectId } of BUNDLED_EXAMPLES) {
    it(`${projectId}: optimal or feasible, no error left, costs no more than the current plan`, async () => {
      const args = ['plan', 'optimize', '--db', db, '--project', projectId, '--objective', 'cost', '--json'];
      const run = projectId === BUNDLED_EXAMPLES[0]!.projectId ? cli(args) : await runCliInProcess(args);
      expect(run.status, run.stderr).toBe(0);
      const out = JSON.parse(run.stdout) as {
        status: string;
        conflicts: Array<{ severity: string; message: string }>;
        totals: { allCostsUsd: string };
        notFixableByScheduling: unknown[];
      };
      expect(out.status).toMatch(/^(optimal|feasible)$/);
      expect(out.conflicts.filter((c) => c.severity === 'error').map((c) => c.message)).toEqual([]);
      const current = JSON.parse((await runCliInProcess(['plan', 'show', '--db', db, '--project', projectId, '--json'])).stdout) as {
        totals: { allCostsUsd: string };
      };
      expect(Number(out.totals.allCostsUsd)).toBeLessThanOrEqual(Number(current.totals.allCostsUsd));
      expect(Array.isArray(out.notFixableByScheduling)).toBe(true);
    });
  }

  it('a problem no schedule can fix is reported apart, with what would fix it (seed 004’s Hugging Face Jobs timeouts)', async () => {
    const text = cli(['plan', 'optimize', '--db', db, '--project', 'seed-004-hf-jobs']);
    expect(text.status, text.stderr).toBe(0);
    // Hugging Face Jobs stop at their timeout: the runs of seed 004's workloads outlast the default 30 min.
    expect(text.stdout).toMatch(
      /Not fixable by scheduling:\n {2}- \[warning\] DEV's run takes .*\n {4}Fix: Submit the job with a longer timeout/,
    );
    const json = JSON.parse(
      (await runCliInProcess(['plan', 'optimize', '--db', db, '--project', 'seed-004-hf-jobs', '--json'])).stdout,
    ) as {
      notFixableByScheduling: Array<{ kind: string; fix: string }>;
    };
    expect(json.notFixableByScheduling.map((n) => n.kind)).toContain('run-over-job-timeout');
  });
});
