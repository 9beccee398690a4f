import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleCliDatabase } from '../../test-support/built-cli';

// The BUILT command, as a user runs it, on a database created (migrated + seeded with the VitalDB example) beforehand.
const { cli, dir } = exampleCliDatabase('runs.sqlite');

interface RunsJson {
  runIds?: number[];
  projectId: string;
  runs: Array<{
    id: number;
    hours: number;
    samplesPerSecond: number | null;
    offeringId: string;
    estimatedHours: number;
    source: { kind: string };
  }>;
  corrections: Array<{ modelFamily: string; offeringId: string; ratio: number | null; text: string }>;
}
const json = (r: { status: number | null; stdout: string; stderr: string }) => {
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as RunsJson;
};

describe('gpu-planner run', () => {
  it('records a run of a saved workload, lists it with its correction, and the plan says where its hours come from', () => {
    const out = json(
      cli([
        'run',
        'record',
        '--saved',
        'vitaldb-m1',
        '--offering',
        'colab-pro-plus-l4-24gb',
        '--hours',
        '8',
        '--samples-per-second',
        '2000',
        '--json',
      ]),
    );
    expect(out.runIds).toEqual([1]);
    expect(out.runs[0]).toMatchObject({
      id: 1,
      hours: 8,
      samplesPerSecond: 2000,
      offeringId: 'colab-pro-plus-l4-24gb',
      source: { kind: 'manual' },
    });
    expect(out.corrections[0]!.text).toMatch(/^×11\.\d from 1 run of yours on Colab Pro\+ — L4$/);
    const listed = cli(['run', 'list']);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(
      /^ {3}1 {2}\d{4}-\d\d-\d\d {2}VitalDB M1 .* on Colab Pro\+ — L4: 8 h, 2000 samples\/s; estimated 0\.67 h \(×11\.\d\); typed$/m,
    );
    expect(listed.stdout).toContain('resnet34-1d × colab-pro-plus-l4-24gb: ×11.');
    const plan = cli(['plan', 'show', '--json']);
    expect(plan.status, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('corrected ×11.');
  });

  it("imports a trainer's file against a milestone, sets the correction by hand, aside, back, edits and removes runs", () => {
    const file = path.join(dir, 'trainer_state.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        global_step: 9,
        log_history: [
          { loss: 1, step: 9 },
          { step: 9, train_runtime: 3600, train_samples_per_second: 3000 },
        ],
      }),
    );
    const imported = cli(['run', 'import', file, '--milestone', 'm2-final']);
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('trainer_state.json: Hugging Face Trainer trainer_state.json, 1 run recorded');
    const byHand = json(
      cli(['run', 'correction', '--model', 'resnet34-1d', '--offering', 'colab-pro-plus-a100-40gb', '--ratio', '1.5', '--json']),
    );
    expect(byHand.corrections.find((c) => c.offeringId === 'colab-pro-plus-a100-40gb')!.text).toMatch(
      /^×1\.5 set by you on Colab Pro\+ — A100; your 1 run measured/,
    );
    const aside = json(
      cli(['run', 'correction', '--model', 'resnet34-1d', '--offering', 'colab-pro-plus-a100-40gb', '--ignore', '--json']),
    );
    expect(aside.corrections.find((c) => c.offeringId === 'colab-pro-plus-a100-40gb')!.ratio).toBeNull();
    json(cli(['run', 'correction', '--model', 'resnet34-1d', '--offering', 'colab-pro-plus-a100-40gb', '--reset', '--json']));
    expect(json(cli(['run', 'edit', '2', '--hours', '2', '--json'])).runs.find((r) => r.id === 2)!.hours).toBe(2);
    const removed = json(cli(['run', 'remove', '1', '--json']));
    expect(removed.runs.map((r) => r.id)).toEqual([2]);
  });

  it('bad input: a usage error (exit 2) or a user error naming the file, line and column (exit 1); nothing recorded', () => {
    expect(cli(['run', 'record', '--saved', 'vitaldb-m1', '--hours', 'x']).status).toBe(2);
    expect(cli(['run', 'record', '--saved', 'vitaldb-m1', '--milestone', 'm1-training', '--hours', '1']).status).toBe(2);
    const noOffering = cli(['run', 'record', '--saved', 'vitaldb-m1', '--hours', '1']);
    expect([noOffering.status, noOffering.stderr]).toEqual([1, 'gpu-planner: Say which offering the run ran on.\n']);
    const file = path.join(dir, 'metrics.csv');
    fs.writeFileSync(file, 'epoch,step,train/time\n0,49,12\n0,99,soon\n');
    const bad = cli(['run', 'import', file, '--milestone', 'm1-training']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('gpu-planner: metrics.csv:3:3: column "train/time" must hold a number, not "soon"\n');
    expect(json(cli(['run', 'list', '--json'])).runs.map((r) => r.id)).toEqual([2]);
    const help = cli(['run', '--help']);
    expect(help.stdout).toContain('gpu-planner run record (--saved WORKLOAD_ID | --milestone PHASE_ID)');
  });
});
