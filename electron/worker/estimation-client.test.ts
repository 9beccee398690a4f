import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import gpusJson from '../../resources/catalog/gpus.json';
import type { Gpu, OfferingWithPrices } from '../../shared/domain/catalog';
import { isUserError } from '../../shared/domain/errors';
import { repoRoot, tempDir } from '../test-support/paths';
import { recordingLogger } from '../test-support/recording-logger';
import { EstimationClient } from './estimation-client';
import { VITALDB_M1_WORKLOAD } from '../../shared/estimate/test-catalog';

const temp = tempDir();
const file = path.join(temp.dir, 'estimation.worker.cjs');
let client: EstimationClient;
const log = recordingLogger();
const m1 = VITALDB_M1_WORKLOAD;

beforeAll(async () => {
  await build({
    absWorkingDir: repoRoot,
    entryPoints: ['electron/worker/estimation.worker.ts'],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    logLevel: 'warning',
  });
  client = new EstimationClient(file, log.logger);
  await client.request({ kind: 'set-catalog', gpus: (gpusJson as unknown as { gpus: Gpu[] }).gpus, offerings: [] }).promise;
});
afterAll(async () => {
  await client.dispose();
  temp.remove();
});

describe('estimation worker protocol', () => {
  it('answers an estimate by request id', async () => {
    const [a, b] = await Promise.all([
      client.request({ kind: 'estimate', workload: m1, gpuIds: ['h100-sxm-80gb'] }).promise,
      client.request({ kind: 'estimate', workload: { ...m1, batchSize: 64 }, gpuIds: ['t4-16gb'] }).promise,
    ]);
    expect(a.results[0]!.gpuId).toBe('h100-sxm-80gb');
    expect(b.results[0]!.gpuId).toBe('t4-16gb');
  });

  it('prices with the cost settings main sends with the catalog (electricity, lifetime), and resends them after a restart', async () => {
    const gpus = (gpusJson as unknown as { gpus: Gpu[] }).gpus;
    const box: OfferingWithPrices = {
      id: 'box',
      providerId: 'local',
      providerName: 'Local',
      sku: 'RTX 4090 box',
      gpuId: 'rtx-4090-24gb',
      gpuCount: 1,
      vcpus: null,
      ramGiB: null,
      region: null,
      notes: null,
      powerWatts: 500,
      userDefined: false,
      prices: [
        {
          id: 1,
          offeringId: 'box',
          kind: 'purchase',
          usd: 4000,
          per: 'once',
          usdLow: null,
          usdHigh: null,
          asOf: '2024-11-01',
          source: 'seed 003',
          notes: null,
          recordedAt: '2026-01-01T00:00:00Z',
        },
      ],
    };
    const cost = {
      electricityUsdPerKwh: 1.2,
      purchaseLifetimeYears: 3,
      purchaseHoursPerYear: 2000,
      hostWatts: 150,
      subscriptionHoursPerMonth: 100,
      stalePriceMonths: 12,
    };
    const priced = async () => (await client.request({ kind: 'estimate', workload: m1, gpuIds: ['rtx-4090-24gb'] }).promise).ranking[0]!;
    await client.request({ kind: 'set-catalog', gpus, offerings: [box], cost }).promise;
    const dear = await priced();
    expect(dear.basis).toMatch(/\$1\.2\/kWh/);
    expect(dear.basis).toMatch(/3 y × 2000 h\/y/);
    await client.request({ kind: 'set-catalog', gpus, offerings: [box] }).promise;
    const cheap = await priced();
    expect(cheap.usd).toBeLessThan(dear.usd);
    await client.request({ kind: 'set-catalog', gpus, offerings: [], cost }).promise;
  });

  it('returns a user error as data with its field', async () => {
    const error = await client.request({ kind: 'estimate', workload: { ...m1, epochs: -1 } }).promise.catch((e: unknown) => e);
    expect(isUserError(error)).toBe(true);
    expect((error as { details: { field: string } }).details.field).toBe('epochs');
  });

  it('reports sweep progress and stops on cancel', async () => {
    const progress: number[] = [];
    const { id, promise } = client.request({ kind: 'sweep', workloads: Array.from({ length: 20_000 }, () => m1) }, (done) => {
      progress.push(done);
      if (progress.length === 2) client.cancel(id);
    });
    const result = await promise;
    expect(result.cancelled).toBe(true);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(result.done).toBeLessThan(20_000);
  });

  it('restarts a crashed worker: the pending call fails clearly, the next one works with the catalog re-sent', async () => {
    const pending = client.request({ kind: 'sweep', workloads: Array.from({ length: 20_000 }, () => m1) }).promise.catch((e: Error) => e);
    await client.crashForTest();
    const error = await pending;
    expect(String(error)).toMatch(/restarted/);
    const again = await client.request({ kind: 'estimate', workload: m1, gpuIds: ['l4-24gb'] }).promise;
    expect(again.results[0]!.gpuId).toBe('l4-24gb');
    expect(client.restarts).toBe(1);
    // The crash is in main's log; nothing else was.
    expect(log.errors()).toEqual(['The estimation worker exited with code 1']);
  });

  it('a worker that fails as it starts is logged as failed, once; a worker stopped on purpose is not logged', async () => {
    const broken = path.join(temp.dir, 'broken.worker.cjs');
    fs.writeFileSync(broken, "throw new Error('the worker script is damaged');");
    const brokenLog = recordingLogger();
    const brokenClient = new EstimationClient(broken, brokenLog.logger);
    const answer = await brokenClient.request({ kind: 'estimate', workload: m1, gpuIds: ['l4-24gb'] }).promise.catch((e: Error) => e);
    expect(String(answer)).toMatch(/the worker script is damaged/);
    await brokenClient.dispose();
    expect(brokenLog.lines.map((l) => [l.level, l.message])).toEqual([['error', 'The estimation worker failed']]);
    expect(String(brokenLog.lines[0]!.detail)).toMatch(/the worker script is damaged/);

    const quietLog = recordingLogger();
    const quiet = new EstimationClient(file, quietLog.logger);
    await quiet.request({ kind: 'set-catalog', gpus: [], offerings: [] }).promise;
    await quiet.dispose();
    expect(quietLog.lines).toEqual([]);
  });
});
