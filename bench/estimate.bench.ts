import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAppContext } from '../electron/services/app-context';
import { tempDir } from '../electron/test-support/paths';
import { EstimationClient } from '../electron/worker/estimation-client';
import { EstimationEngine } from '../shared/estimate/estimation-engine';
import { measure, sized, type BenchReport } from './bench-kit';
import { consoleLogger } from '../electron/services/logger';
import { VITALDB_M1_WORKLOAD } from '../shared/estimate/test-catalog';

const PRESETS = [
  'resnet34-1d',
  'resnet50',
  'efficientnet-b0',
  'vit-b-16',
  'bert-base',
  'qwen2.5-0.5b',
  'mistral-7b',
  'llama-3-8b',
  'mixtral-8x7b',
];

/** A varied workload i of a sweep: model, input, batch, precision, method, checkpointing, GPUs, data. */
function sweepWorkload(i: number): Record<string, unknown> {
  const preset = PRESETS[i % PRESETS.length]!;
  const input = preset.includes('1d')
    ? { windowSamples: 100 + (i % 9) * 100 }
    : preset.startsWith('resnet') || preset.startsWith('eff') || preset.startsWith('vit')
      ? { imageSize: 224 }
      : { seqLen: 128 * (1 + (i % 8)) };
  const llm = /qwen|mistral|llama|mixtral/.test(preset);
  return {
    model: { preset },
    input,
    batchSize: 1 + (i % 64),
    precision: i % 5 === 0 ? 'fp32' : 'bf16',
    method: llm ? (['full', 'lora', 'qlora'] as const)[i % 3] : 'full',
    gradientCheckpointing: i % 4 === 0,
    gpuCount: 1 + (i % 3 === 0 ? 1 : 0),
    dataset: { samples: 10_000 + i },
    epochs: 1 + (i % 10),
  };
}

const m1 = VITALDB_M1_WORKLOAD;
const mistral = {
  model: { preset: 'mistral-7b' },
  input: { seqLen: 1024 },
  batchSize: 4,
  precision: 'bf16',
  method: 'lora',
  dataset: { samples: 10_000 },
  epochs: 3,
};

export async function run(report: BenchReport): Promise<void> {
  const temp = tempDir('gpu-planner-bench-');
  const app = createAppContext({ dataDir: temp.dir, runtime: 'cli' });
  try {
    const gpus = app.services.catalog.listGpus();
    const offerings = app.services.catalog.listOfferings();
    const engine = new EstimationEngine();
    engine.setCatalog(gpus, offerings);
    report.log(`catalog: ${gpus.length} GPUs, ${offerings.length} offerings, ${offerings.reduce((s, o) => s + o.prices.length, 0)} prices`);

    for (const [name, w] of [
      ['VitalDB M1 (ResNet34-1D)', m1],
      ['Mistral-7B LoRA', mistral],
    ] as const) {
      const t = await measure(() => engine.estimate(w), { iterations: 300, warmup: 30 });
      report.figure(`one workload across the catalog — ${name} (median)`, t.medianMs, 'ms', { target: '< 5 ms', ok: t.medianMs < 5 });
      report.figure(`one workload across the catalog — ${name} (p95)`, t.p95Ms, 'ms', { target: '< 5 ms', ok: t.p95Ms < 5 });
    }

    const workloads = Array.from({ length: sized(10_000, 500) }, (_, i) => sweepWorkload(i));
    const start = performance.now();
    const swept = await engine.sweep(workloads, undefined);
    const ms = performance.now() - start;
    const failed = swept.summaries.filter((s) => !s.ok).length;
    report.figure(`sweep of ${workloads.length.toLocaleString('en-US')} varied workloads, in-process`, ms, 'ms', {
      note: `${failed} rejected on purpose (BERT asked for more than its 512 tokens)`,
    });
    report.figure('sweep: time per workload across the whole catalog', ms / workloads.length, 'ms', {
      target: '< 5 ms',
      ok: ms / workloads.length < 5,
    });

    const workerFile = path.join(__dirname, '..', 'electron', 'estimation.worker.cjs');
    if (fs.existsSync(workerFile)) {
      const client = new EstimationClient(workerFile, consoleLogger);
      await client.request({ kind: 'set-catalog', gpus, offerings }).promise;
      let progressEvents = 0;
      const t0 = performance.now();
      // the main thread stays free: count event-loop turns while the worker sweeps
      let turns = 0;
      let maxGap = 0;
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        maxGap = Math.max(maxGap, now - last);
        last = now;
        turns += 1;
      }, 5);
      const result = await client.request({ kind: 'sweep', workloads }, () => {
        progressEvents += 1;
      }).promise;
      clearInterval(timer);
      const wms = performance.now() - t0;
      report.figure('sweep of 10,000 in the worker thread', wms, 'ms', {
        note: `${result.done} done, ${progressEvents} progress messages`,
      });
      report.figure('main-thread longest stall during the worker sweep', maxGap, 'ms', {
        target: '< 50 ms',
        ok: maxGap < 50,
        note: `${turns} timer turns`,
      });
      await client.dispose();
    }

    // input → answer through the same path the screen uses (handler table: zod request, service, zod response)
    const latency = await measure(() => app.handlers.invoke('estimate:run', { workload: m1 }), { iterations: 200, warmup: 20 });
    report.figure('changed input → estimate through the handler table (median)', latency.medianMs, 'ms', {
      target: '< 50 ms with rendering',
      ok: latency.medianMs < 50,
    });
    report.figure('changed input → estimate through the handler table (p95)', latency.p95Ms, 'ms', {
      target: '< 50 ms with rendering',
      ok: latency.p95Ms < 50,
    });
  } finally {
    app.close();
    temp.remove();
  }
}
