/** The estimate and report responses are checked field by field (real zod schemas, no z.custom): a broken answer is refused. */
import { afterAll, describe, expect, it } from 'vitest';
import { workloadEstimateSchema } from '../../shared/ipc/contract/estimate';
import { reportModelSchema } from '../../shared/ipc/contract/report-schemas';
import { createTestApp } from '../test-support/test-app';

const app = createTestApp({ now: () => new Date('2025-12-20T10:00:00Z') });
afterAll(() => app.dispose());

const workload = {
  model: { preset: 'resnet34-1d' },
  input: { windowSamples: 500 },
  batchSize: 256,
  dataset: { samples: 600_000 },
  epochs: 50,
};

describe('IPC response schemas', () => {
  it("the engine's estimate passes estimate:run's schema; a row without its price or a wrong bound does not", async () => {
    const estimate = app.services.estimate.estimateWorkload(workload, ['l4-24gb', 'h100-sxm-80gb']);
    expect(workloadEstimateSchema.safeParse(estimate).success).toBe(true);
    const noPrice = structuredClone(estimate);
    delete (noPrice.ranking[0] as Partial<(typeof noPrice.ranking)[number]>).usd;
    expect(workloadEstimateSchema.safeParse(noPrice).error?.issues[0]?.path).toEqual(['ranking', 0, 'usd']);
    const badBound = structuredClone(estimate);
    (badBound.results[0]!.throughput as { bound: string }).bound = 'network';
    expect(workloadEstimateSchema.safeParse(badBound).success).toBe(false);
    expect(await app.handlers.invoke('estimate:run', { workload })).toMatchObject({ ok: true });
  });

  it("the report model passes report:get-report-model's schema; one missing a section's figures does not", async () => {
    const model = await app.services.report.getReportModel({});
    expect(reportModelSchema.safeParse(model).success).toBe(true);
    const noTotal = structuredClone(model);
    delete (noTotal.costs as Partial<typeof noTotal.costs>).total;
    expect(reportModelSchema.safeParse(noTotal).error?.issues[0]?.path).toEqual(['costs', 'total']);
    const badTone = structuredClone(model);
    (badTone.summary.status as { tone: string }).tone = 'green';
    expect(reportModelSchema.safeParse(badTone).success).toBe(false);
    expect(await app.handlers.invoke('report:get-report-model', {})).toMatchObject({ ok: true });
  });
});
