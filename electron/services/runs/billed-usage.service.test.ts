/**
 * Billed usage hours of a milestone's resources against its estimate (issue 29 item 2), through the budget import and
 * the allocation rules on a real database with the bundled VitalDB example: the real FOCUS sample (its g5/g3 GPU lines in
 * hours) and built FOCUS and AWS CUR files with GPU lines in a milestone's dates.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { billedUsageByPhase } from '../../../shared/domain/runs/billed-usage';
import * as q from '../../db/queries/runs';
import { createAppContext } from '../app-context';
import { runCliInProcess } from '../../test-support/built-cli';
import { referenceFile, tempDir } from '../../test-support/paths';

const data = tempDir();
const app = createAppContext({ dataDir: data.dir, runtime: 'cli', now: () => new Date('2026-11-29T07:00:00Z') });
afterAll(() => {
  app.close();
  data.remove();
});

const PROJECT = 'vitaldb-2025';
async function m1() {
  const plan = (await app.services.plan.getPlan(PROJECT)).plan;
  const milestone = plan.milestones.find((m) => m.phases.some((p) => p.id === 'm1-training'))!;
  return { plan, trackId: milestone.trackId, phase: milestone.phases.find((p) => p.id === 'm1-training')! };
}

describe('billed GPU-hours against a milestone estimate (issue 29 item 2)', () => {
  it('the real FOCUS sample: its GPU machines billed in hours (g5.4xlarge, g3.4xlarge) count against a phase in their dates', async () => {
    const { plan, trackId } = await m1();
    await app.services.budget.importFile({ file: referenceFile('billing-samples', 'focus-sample-data/focus_sample.csv') });
    app.services.budget.saveRule({ projectId: PROJECT, kind: 'service', key: null, pattern: '*Compute*', trackId });
    const lines = q.selectTrackUsageLines(app.db, [trackId]);
    expect(lines.length).toBeGreaterThan(10); // Compute lines with a unit: GPU and other machines, GB of transfer …
    // the sample is of September 2024, the example's milestones of December 2025 on: nothing billed against them yet
    expect(app.services.runs.list(PROJECT).billed).toEqual([]);
    // M1 moved over the sample's month: its 10 GPU lines in hours (0.30–1 h each on g5.4xlarge and g3.4xlarge) count
    const m = plan.milestones.find((x) => x.phases.some((p) => p.id === 'm1-training'))!;
    const september = [{ ...m, phases: m.phases.map((p) => ({ ...p, start: '2024-09-01', end: '2024-09-30' })) }];
    const [billed] = billedUsageByPhase(september, lines);
    expect(billed).toMatchObject({ phaseId: 'm1-training', lines: 10, billedGpuHours: 7.97 });
    expect(billed!.ratio).toBeCloseTo(7.97 / m.phases[0]!.appEstimate!.hours, 2);
  });

  it('built FOCUS and CUR files with GPU lines: the M1 phase shows the billed GPU-hours in its dates against its estimate', async () => {
    const { trackId, phase } = await m1();
    const dir = tempDir();
    try {
      const focus = path.join(dir.dir, 'focus-gpu.csv');
      fs.writeFileSync(
        focus,
        [
          'BilledCost,BillingCurrency,ChargePeriodStart,ChargePeriodEnd,ServiceName,ResourceType,ChargeDescription,ConsumedQuantity,ConsumedUnit,ChargeCategory',
          '9.6,USD,2025-12-21T00:00:00Z,2025-12-22T00:00:00Z,Amazon Elastic Compute Cloud,g6.xlarge,L4 instance,12,Hours,Usage',
          '4.8,USD,2025-12-23T10:00:00Z,2025-12-23T16:00:00Z,Amazon Elastic Compute Cloud,g6.xlarge,L4 instance,6,Hours,Usage',
          '1.0,USD,2025-12-22T00:00:00Z,2025-12-23T00:00:00Z,Amazon Elastic Compute Cloud,g6.xlarge,L4 snapshot,20,GB-Mo,Usage',
          '2.0,USD,2025-12-22T00:00:00Z,2025-12-23T00:00:00Z,Amazon Elastic Compute Cloud,m5.large,CPU box,24,Hours,Usage',
          '9.6,USD,2026-03-01T00:00:00Z,2026-03-02T00:00:00Z,Amazon Elastic Compute Cloud,g6.xlarge,after every milestone,12,Hours,Usage',
        ].join('\n'),
      );
      const cur = path.join(dir.dir, 'cur-gpu.csv');
      fs.writeFileSync(
        cur,
        [
          'lineItem/UsageStartDate,lineItem/UsageEndDate,lineItem/UnblendedCost,lineItem/CurrencyCode,lineItem/ProductCode,lineItem/UsageType,product/instanceType,lineItem/UsageAmount,pricing/unit,lineItem/LineItemType,product/ProductName',
          '2025-12-22T00:00:00Z,2025-12-22T05:00:00Z,15.3,USD,AmazonEC2,USE1-BoxUsage:p3.2xlarge,p3.2xlarge,5,Hrs,Usage,Amazon Elastic Compute Cloud',
        ].join('\n'),
      );
      await app.services.budget.importFile({ file: focus });
      await app.services.budget.importFile({ file: cur });
      const view = app.services.runs.list(PROJECT);
      const billed = view.billed.find((b) => b.phaseId === 'm1-training')!;
      expect(billed.trackId).toBe(trackId);
      // 12 + 6 L4 hours (FOCUS ConsumedQuantity in Hours) + 5 V100 hours (CUR UsageAmount, BoxUsage, Hrs)
      expect(billed.billedGpuHours).toBe(23);
      expect(billed.lines).toBe(3);
      const estimated = phase.appEstimate!;
      expect(billed.estimatedGpuHours!.high).toBeCloseTo(estimated.hours, 2);
      expect(billed.ratio).toBeCloseTo(23 / estimated.hours, 6);
      expect(billed.text).toMatch(
        /^23 GPU-h billed in 3 GPU lines \(2025-12-21 to 2025-12-23\): ×[\d.]+ the estimate's [\d.]+–[\d.]+ GPU-h$/,
      );
      expect(view.billed.every((b) => b.phaseId !== 'm1-training' || b.lines === 3)).toBe(true);

      // the CLI: `run list` prints it under the corrections, `--json` carries `billed`
      const db = path.join(data.dir, 'gpu-planner.sqlite');
      const text = await runCliInProcess(['run', 'list', '--project', PROJECT, '--db', db]);
      expect(text.status, text.stderr).toBe(0);
      expect(text.stdout).toContain('billed GPU-hours against the estimate (milestone phase):');
      expect(text.stdout).toMatch(/ {2}m1-training M1 .*: 23 GPU-h billed in 3 GPU lines \(2025-12-21 to 2025-12-23\): ×/);
      const listed = await runCliInProcess(['run', 'list', '--project', PROJECT, '--db', db, '--json']);
      expect((JSON.parse(listed.stdout) as { billed: unknown }).billed).toEqual(view.billed);
    } finally {
      dir.remove();
    }
  });
});
