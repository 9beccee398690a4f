import { spawnSync } from 'node:child_process';
import { ensureBuiltCli } from '../../test-support/built-cli';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_RULE_KINDS } from '../../../shared/estimate/run-rules';
import { createAppContext } from '../../services/app-context';
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
    // The schedule's own conflicts are gone; what a single run breaks (a run longer than a Colab session without
    // checkpointing) is the workload's, which no schedule can fix, and stays said.
    const ofTheRun = (kind: string) => (RUN_RULE_KINDS as readonly string[]).includes(kind);
    expect(out.conflicts.filter((c) => !ofTheRun(c.kind) && (c.severity === 'error' || c.kind === 'pool-concurrency'))).toEqual([]);
    expect(out.conflicts.filter((c) => ofTheRun(c.kind)).map((c) => c.kind)).toEqual(expect.arrayContaining(['run-over-session']));
    expect(shown.scenarios.find((s) => s.scenarioId === out.scenarioId)?.usd).toBe(out.totals.allCostsUsd); // a scenario's figure is all costs, as everywhere (GPU + storage + transfer)
  });

  it('with its defaults, the bundled example optimizes (bookings of the one Colab session take turns)', () => {
    const run = cli(['plan', 'optimize', '--db', db, '--json']);
    expect(run.status, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { status: string }).status).toBe('optimal');
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
    const text = cli(['plan', 'optimize', '--db', db, '--no-turns']);
    expect(text.stdout).toMatch(/Status: infeasible/);
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
