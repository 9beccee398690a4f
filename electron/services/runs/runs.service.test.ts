/** Recorded runs teach the plan's estimates (issue 29 item 2), on a real database with the bundled VitalDB example. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isUserError } from '../../../shared/domain/errors';
import { createAppContext } from '../app-context';
import { tempDir } from '../../test-support/paths';
import { databaseState } from '../../test-support/db-snapshot';

const data = tempDir();
const app = createAppContext({ dataDir: data.dir, runtime: 'cli', now: () => new Date('2026-11-29T07:00:00Z') });
afterAll(() => {
  app.close();
  data.remove();
});

const phase = async (id: string) =>
  (await app.services.plan.getPlan('vitaldb-2025')).plan.milestones.flatMap((m) => m.phases).find((p) => p.id === id)!;

describe('runs service', () => {
  it("a recorded run corrects the plan's estimates of its model family on its offering, and says so", async () => {
    const before = (await phase('m1-training')).appEstimate!;
    const finalBefore = (await phase('m2-final')).appEstimate!;
    const saved = app.services.runs.record({
      projectId: 'vitaldb-2025',
      workloadId: 'vitaldb-m1',
      offeringId: 'colab-pro-plus-l4-24gb',
      hours: 8,
    });
    expect(saved.runs).toHaveLength(1);
    const [c] = saved.corrections;
    expect(c!.modelFamily).toBe('resnet34-1d');
    expect(c!.ratio).toBeCloseTo(8 / saved.runs[0]!.estimatedHours!, 10);
    expect(c!.text).toMatch(/^×11\.\d from 1 run of yours on Colab Pro\+ — L4$/);

    const m1 = (await phase('m1-training')).appEstimate!;
    expect(m1.hoursPerRun).toBeCloseTo(before.hoursPerRun * c!.ratio!, 2);
    expect(m1.basis).toContain(`corrected ${c!.text} (the estimator alone: 0.67 h a run)`);
    expect((await phase('m2-experimentation')).appEstimate!.basis).toContain('corrected ×11.'); // same family, same offering
    expect((await phase('m2-final')).appEstimate).toEqual(finalBefore); // A100: no run there

    // set aside: the estimator's own figures again; reset: the runs' ratio again
    app.services.runs.setCorrection({
      projectId: 'vitaldb-2025',
      modelFamily: 'resnet34-1d',
      offeringId: 'colab-pro-plus-l4-24gb',
      ignored: true,
    });
    expect((await phase('m1-training')).appEstimate!.hoursPerRun).toBe(before.hoursPerRun);
    app.services.runs.setCorrection({
      projectId: 'vitaldb-2025',
      modelFamily: 'resnet34-1d',
      offeringId: 'colab-pro-plus-l4-24gb',
      ratio: 2,
    });
    expect((await phase('m1-training')).appEstimate!.basis).toContain(
      'corrected ×2 set by you on Colab Pro+ — L4; your 1 run measured ×11.',
    );
    app.services.runs.setCorrection({
      projectId: 'vitaldb-2025',
      modelFamily: 'resnet34-1d',
      offeringId: 'colab-pro-plus-l4-24gb',
      reset: true,
    });
    expect((await phase('m1-training')).appEstimate!.hoursPerRun).toBeCloseTo(m1.hoursPerRun, 3);

    // edited, then removed: back to the estimator
    const edited = app.services.runs.update({ id: saved.runIds[0]!, hours: 4, samplesPerSecond: 900 });
    expect(edited.corrections[0]!.ratio).toBeCloseTo(c!.ratio! / 2, 10);
    app.services.runs.remove(saved.runIds[0]!);
    expect((await phase('m1-training')).appEstimate!.hoursPerRun).toBe(before.hoursPerRun);
    expect(app.services.runs.list('vitaldb-2025')).toEqual({ projectId: 'vitaldb-2025', runs: [], corrections: [], billed: [] });
  });

  it("records from a milestone's phase (its offering by default) and from a training tool's file; the GPU's runs serve another offering of it", async () => {
    app.services.runs.record({ projectId: 'vitaldb-2025', phaseId: 'm2-final', hours: 10, samplesPerSecond: 5000 });
    const file = path.join(data.dir, 'all_results.json');
    fs.writeFileSync(file, JSON.stringify({ epoch: 100, train_runtime: 36000, train_samples_per_second: 6000 }));
    const imported = app.services.runs.importFile({ projectId: 'vitaldb-2025', phaseId: 'm2-final', file });
    expect(imported.format).toBe('hf-all-results');
    expect(imported.runs.map((r) => [r.workloadName, r.milestoneId, r.offeringId, r.hours, r.samplesPerSecond, r.source])).toEqual([
      ['M2 200 Cases, Validation — Final run', 'm2', 'colab-pro-plus-a100-40gb', 10, 5000, { kind: 'manual' }],
      [
        'M2 200 Cases, Validation — Final run',
        'm2',
        'colab-pro-plus-a100-40gb',
        10,
        6000,
        { kind: 'file', file: 'all_results.json', format: 'hf-all-results' },
      ],
    ]);
    expect(imported.corrections[0]!.text).toMatch(/from 2 runs of yours on Colab Pro\+ — A100 \(×[\d.]+–×[\d.]+\)$/);
    expect((await phase('m3-training')).appEstimate!.basis).toContain('from 2 runs of yours on Colab Pro+ — A100');
  });

  it('refuses what it cannot record, with the field, and writes nothing', () => {
    const before = databaseState(app.db);
    const refused = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        if (isUserError(error)) return { code: error.code, field: error.details?.field, message: error.message };
        throw error;
      }
      throw new Error('expected a refusal');
    };
    expect(
      refused(() =>
        app.services.runs.record({ projectId: 'vitaldb-2025', workloadId: 'nope', offeringId: 'colab-pro-plus-l4-24gb', hours: 1 }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND', field: 'workloadId' });
    expect(
      refused(() => app.services.runs.record({ projectId: 'vitaldb-2025', workloadId: 'vitaldb-m1', offeringId: 'nope', hours: 1 })),
    ).toMatchObject({ field: 'offeringId' });
    expect(
      refused(() =>
        app.services.runs.record({ projectId: 'vitaldb-2025', workloadId: 'vitaldb-m1', offeringId: 'colab-pro-plus-l4-24gb', hours: 0 }),
      ),
    ).toMatchObject({ field: 'hours' });
    expect(
      refused(() =>
        app.services.runs.record({
          projectId: 'vitaldb-2025',
          workloadId: 'vitaldb-m1',
          offeringId: 'colab-pro-plus-l4-24gb',
          hours: 1,
          samplesPerSecond: -1,
        }),
      ),
    ).toMatchObject({ field: 'samplesPerSecond' });
    const bad = path.join(data.dir, 'trainer_state.json');
    fs.writeFileSync(bad, '{\n  "log_history": [\n    {"loss": 0.5}\n  ]\n}');
    expect(refused(() => app.services.runs.importFile({ projectId: 'vitaldb-2025', phaseId: 'm1-training', file: bad }))).toMatchObject({
      code: 'RUN_FILE_INVALID',
    });
    expect(
      refused(() => app.services.runs.importFile({ projectId: 'vitaldb-2025', phaseId: 'm1-training', file: data.dir })),
    ).toMatchObject({ code: 'NOT_A_FILE' });
    expect(refused(() => app.services.runs.remove(9999))).toMatchObject({ code: 'NOT_FOUND' });
    expect(databaseState(app.db)).toEqual(before);
  });
});
