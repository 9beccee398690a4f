import { spawnSync } from 'node:child_process';
import { ensureBuiltCli, runCliInProcess } from '../../test-support/built-cli';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_PRESETS } from '../../../shared/estimate/presets';
import { createAppContext } from '../../services/app-context';
import { repoRoot, tempDir } from '../../test-support/paths';

// The BUILT command, as a user runs it, on a database created (migrated + seeded) beforehand.
const bin = path.join(repoRoot, 'bin', 'gpu-planner.cjs');
const temp = tempDir();
const db = path.join(temp.dir, 'estimate-cli.sqlite');
let gpuIds: string[] = [];

beforeAll(() => {
  ensureBuiltCli();
  const app = createAppContext({ dataDir: temp.dir, databaseFile: db, runtime: 'cli' });
  gpuIds = app.services.catalog.listGpus().map((g) => g.id);
  app.close();
});
afterAll(() => temp.remove());

const cli = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: repoRoot });
function writeWorkload(name: string, value: unknown): string {
  const file = path.join(temp.dir, name);
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

/** `estimate --json` of a workload written to `name`, on the test database, with any more arguments. */
const estimateJson = (name: string, workload: unknown, ...args: string[]) =>
  cli(['estimate', '--workload', writeWorkload(name, workload), ...args, '--db', db, '--json']);
function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(allFinite);
  if (value && typeof value === 'object') return Object.values(value).every(allFinite);
  return true;
}

describe('gpu-planner estimate (docs/cli.md)', () => {
  it('answers the spec example with exactly the spec shape', () => {
    const file = writeWorkload('m1.json', {
      model: { preset: 'resnet34-1d' },
      input: { windowSamples: 500 },
      batchSize: 256,
      precision: 'bf16',
      method: 'full',
      gradientCheckpointing: false,
      optimizer: 'adamw',
      gpuCount: 1,
      dataset: { samples: 600000 },
      epochs: 50,
    });
    const run = cli(['estimate', '--workload', file, '--gpu', 'h100-sxm-80gb', '--gpu', 'l4-24gb', '--db', db, '--json']);
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as {
      model: Record<string, number>;
      results: Array<Record<string, unknown> & { training: { hours: number; offerings: Array<Record<string, unknown>> } }>;
    };
    expect(out.model).toMatchObject({ params: 7218753, trainableParams: 7218753 });
    expect(out.results.map((r) => r.gpuId)).toEqual(['h100-sxm-80gb', 'l4-24gb']);
    const r = out.results[1]!;
    expect(Object.keys(r)).toEqual(expect.arrayContaining(['gpuId', 'gpuCount', 'fits', 'memory', 'throughput', 'training', 'notes']));
    expect(Object.keys(r.memory as object)).toEqual(
      expect.arrayContaining(['peakGiB', 'weightsGiB', 'gradientsGiB', 'optimizerGiB', 'activationsGiB']),
    );
    expect(Object.keys(r.throughput as object)).toEqual(
      expect.arrayContaining(['samplesPerSecond', 'tokensPerSecond', 'stepSeconds', 'bound']),
    );
    expect(r.training.offerings[0]).toMatchObject({
      offeringId: expect.any(String),
      priceKind: expect.any(String),
      usd: expect.any(Number),
      asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('takes the optional "stack", gpuCount and nodeCount, echoes the stack in each result and gives the scaling (issue 17)', () => {
    const file = writeWorkload('bert8.json', {
      model: { preset: 'bert-base' },
      input: { seqLen: 128 },
      batchSize: 16,
      precision: 'fp16',
      stack: 'compiled',
      gpuCount: 8,
      nodeCount: 1,
    });
    const run = cli(['estimate', '--workload', file, '--gpu', 'rtx-3090-24gb', '--gpu', 'a100-sxm-40gb', '--db', db, '--json']);
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as {
      results: Array<{ gpuId: string; stack: string; nodeCount: number; scaling: { efficiency: number; link: string; limit: string } }>;
    };
    expect(out.results.map((r) => r.stack)).toEqual(['compiled', 'compiled']);
    const [geforce, a100] = out.results;
    expect(geforce!.scaling.link).toContain('without peer-to-peer');
    expect(a100!.scaling.link).toContain('NVSwitch');
    expect(a100!.scaling.efficiency).toBeGreaterThan(geforce!.scaling.efficiency);
    const text = cli(['estimate', '--workload', file, '--gpu', 'rtx-3090-24gb', '--db', db]);
    expect(text.stdout).toContain('stack: compiled · 8 GPUs over 1 node');
    expect(text.stdout).toMatch(/scaling \d+% on 8 GPUs: limited by the gradient all-reduce/);
    const bad = estimateJson('badstack.json', { model: { preset: 'bert-base' }, batchSize: 8, stack: 'fast' });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('stack');
  });

  it('takes the optional "memoryFormat" of a 2-D convnet: NCHW adds the transposes, echoed in each result (issue 17)', () => {
    const run = (memoryFormat: string) =>
      estimateJson(
        `rn50-${memoryFormat}.json`,
        { model: { preset: 'resnet50' }, batchSize: 256, precision: 'bf16', memoryFormat },
        '--gpu',
        'h100-sxm-80gb',
        '--gpu',
        'l4-24gb',
      );
    type Out = {
      results: Array<{
        gpuId: string;
        memoryFormat?: string;
        throughput: { samplesPerSecond: number };
        explanation: Array<{ label: string; value: string }>;
      }>;
    };
    const [nchw, last] = [run('nchw'), run('channels-last')].map((r) => {
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as Out;
    });
    expect(nchw!.results.map((r) => r.memoryFormat)).toEqual(['nchw', 'nchw']);
    expect(last!.results.map((r) => r.memoryFormat)).toEqual(['channels-last', 'channels-last']);
    for (const [i, r] of nchw!.results.entries()) {
      const slower = last!.results[i]!.throughput.samplesPerSecond / r.throughput.samplesPerSecond;
      expect(slower, r.gpuId).toBeGreaterThan(1.05);
      expect(slower, r.gpuId).toBeLessThan(1.35);
      expect(r.explanation.find((l) => l.label === 'Memory format')?.value).toMatch(/^NCHW: cuDNN transposes/);
    }
    const text = cli([
      'estimate',
      '--workload',
      writeWorkload('rn50-text.json', { model: { preset: 'resnet50' }, batchSize: 64, memoryFormat: 'nchw' }),
      '--gpu',
      'l4-24gb',
      '--db',
      db,
    ]);
    expect(text.stdout).toContain('stack: eager · memory format: nchw');
    // a transformer has no memory format: not echoed
    const bert = estimateJson('bert-mf.json', { model: { preset: 'bert-base' }, batchSize: 8 }, '--gpu', 'l4-24gb');
    expect((JSON.parse(bert.stdout) as Out).results[0]!.memoryFormat).toBeUndefined();
    const bad = estimateJson('bad-mf.json', { model: { preset: 'resnet50' }, batchSize: 8, memoryFormat: 'nhwc' });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('memoryFormat must be one of channels-last, nchw');
  });

  it('leaves out the price the app flags (p4d.24xlarge spot) with its reason, and prices it with --include-flagged (issue 19 item 13)', () => {
    const file = writeWorkload('m3-8.json', {
      model: { preset: 'resnet34-1d' },
      input: { windowSamples: 500 },
      batchSize: 256,
      precision: 'bf16',
      gpuCount: 8,
      dataset: { samples: 600000 },
      epochs: 50,
    });
    type Out = {
      results: Array<{ training?: { offerings: Array<{ offeringId: string; priceKind: string }> } }>;
      leftOut: Array<{ offeringId: string; reason: string }>;
    };
    const spotP4d = (o: Out) =>
      o.results.flatMap((r) => r.training?.offerings ?? []).some((x) => x.offeringId === 'aws-p4d-24xlarge' && x.priceKind === 'spot');
    const plain = cli(['estimate', '--workload', file, '--gpu', 'a100-sxm-40gb', '--db', db, '--json']);
    expect(plain.status, plain.stderr).toBe(0);
    const left = JSON.parse(plain.stdout) as Out;
    expect(spotP4d(left)).toBe(false);
    expect(left.leftOut.map((x) => x.offeringId)).toEqual(['aws-p4d-24xlarge']);
    expect(left.leftOut[0]!.reason).toMatch(/largest spot discount providers publish/);
    const text = cli(['estimate', '--workload', file, '--gpu', 'a100-sxm-40gb', '--db', db]);
    expect(text.stdout).toMatch(/left out: AWS EC2 p4d\.24xlarge spot \$2\.5\/hour .*--include-flagged/);
    const all = cli(['estimate', '--workload', file, '--gpu', 'a100-sxm-40gb', '--include-flagged', '--db', db, '--json']);
    const included = JSON.parse(all.stdout) as Out;
    expect(spotP4d(included)).toBe(true);
    expect(included.leftOut).toEqual([]);
  });

  // Every preset through the built binary would be one Node start per preset (~18 s): the first goes through it, the
  // others through the same runCli in this process; the other tests here run the built binary.
  it('answers every preset on every GPU with finite numbers', async () => {
    for (const preset of MODEL_PRESETS) {
      const method = preset.family === 'decoder' && preset.id !== 'gpt2-small' && preset.id !== 'qwen2.5-0.5b' ? 'qlora' : 'full';
      const file = writeWorkload(`${preset.id}.json`, {
        model: { preset: preset.id },
        input: preset.defaultInput,
        batchSize: 8,
        precision: 'bf16',
        method,
        dataset: { samples: 10000 },
        epochs: 1,
      });
      const args = ['estimate', '--workload', file, '--db', db, '--json'];
      const run = preset === MODEL_PRESETS[0] ? cli(args) : await runCliInProcess(args);
      expect(run.status, `${preset.id}: ${run.stderr}`).toBe(0);
      const out = JSON.parse(run.stdout) as { results: Array<{ gpuId: string }>; unestimated: Array<{ gpuId: string; reason: string }> };
      // every GPU estimated; the TPU and the CPU-only placeholder listed with no estimate, and why
      expect([...out.results, ...out.unestimated].map((r) => r.gpuId).sort(), preset.id).toEqual([...gpuIds].sort());
      expect(out.unestimated.map((u) => u.gpuId).sort()).toEqual(['cpu-only', 'tpu-v5e-16gb']);
      expect(out.unestimated.find((u) => u.gpuId === 'tpu-v5e-16gb')!.reason).toMatch(/^no estimate for TPUs/);
      expect(allFinite(out), preset.id).toBe(true);
    }
  }, 120_000);

  it('exits 1 naming the file and field on bad input; 2 on a usage error', () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['zero-batch.json', { model: { preset: 'resnet34-1d' }, batchSize: 0 }, /batchSize/],
      ['neg-epochs.json', { model: { preset: 'resnet34-1d' }, batchSize: 8, dataset: { samples: 10 }, epochs: -1 }, /epochs/],
      ['zero-dataset.json', { model: { preset: 'resnet34-1d' }, batchSize: 8, dataset: { samples: 0 }, epochs: 1 }, /dataset/],
      ['unknown.json', { model: { preset: 'resnet-9000' }, batchSize: 8 }, /unknown preset "resnet-9000".*resnet34-1d/],
      ['long.json', { model: { preset: 'bert-base' }, input: { seqLen: 1024 }, batchSize: 8 }, /input.seqLen.*512/],
      ['broken.json', '{"model": {"preset": "resnet34-1d"},\n "batchSize": }', /broken.json:2/],
    ];
    for (const [name, value, pattern] of cases) {
      const run = cli(['estimate', '--workload', writeWorkload(name, value), '--db', db, '--json']);
      expect(run.status, name).toBe(1);
      expect(run.stdout, name).toBe('');
      expect(run.stderr, name).toMatch(pattern);
      expect(run.stderr, name).toContain(name);
    }
    const unknownGpu = cli(['estimate', '--workload', path.join(temp.dir, 'm1.json'), '--gpu', 'h900', '--db', db, '--json']);
    expect(unknownGpu.status).toBe(1);
    expect(unknownGpu.stderr).toMatch(/h900/);
    expect(cli(['estimate', '--db', db]).status).toBe(2);
  });
});
