/**
 * The recorded-runs channels (issue 29 item 2, the app's side): the same service as `gpu-planner run`, reached through the
 * handler table with zod-validated requests, run files chosen in main (by token only), errors as data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app';
import { tempDir } from '../../test-support/paths';

let nextOpen: string | null = null;
const app = createTestApp({ dialogs: { openFile: async () => nextOpen, saveFile: async () => null } });
const files = tempDir();
afterAll(() => {
  app.dispose();
  files.remove();
});

const ok = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

const TRAINER_STATE = JSON.stringify(
  {
    global_step: 3000,
    log_history: [
      { loss: 0.9, step: 1000 },
      { step: 3000, train_runtime: 28800.5, train_samples_per_second: 812.4, train_loss: 0.42 },
    ],
  },
  null,
  2,
);

describe('runs channels', () => {
  it('record, list, edit, correction and remove go through the handler table and change the plan at once', async () => {
    const h = app.handlers;
    const recorded = ok(
      await h.invoke('runs:record', { projectId: 'vitaldb-2025', phaseId: 'm1-training', hours: 8, samplesPerSecond: 700 }),
    );
    expect(recorded.runIds).toHaveLength(1);
    expect(recorded.runs[0]).toMatchObject({
      workloadName: expect.stringMatching(/^M1 /) as unknown,
      offeringId: 'colab-pro-plus-l4-24gb',
      hours: 8,
    });
    expect(recorded.corrections[0]!.text).toMatch(/^×11\.\d from 1 run of yours on Colab Pro\+ — L4$/);
    const plan = ok(await h.invoke('plan:get-plan', { projectId: 'vitaldb-2025' }));
    const m1 = plan.plan.milestones.flatMap((m) => m.phases).find((p) => p.id === 'm1-training')!;
    expect(m1.appEstimate!.basis).toContain(`corrected ${recorded.corrections[0]!.text}`);

    const id = recorded.runIds[0]!;
    const edited = ok(await h.invoke('runs:edit', { id, hours: 4 }));
    expect(edited.runs[0]!.hours).toBe(4);
    const set = ok(
      await h.invoke('runs:set-correction', {
        projectId: 'vitaldb-2025',
        modelFamily: 'resnet34-1d',
        offeringId: 'colab-pro-plus-l4-24gb',
        ratio: 2,
      }),
    );
    expect(set.corrections[0]!.text).toMatch(/^×2 set by you/);
    expect(ok(await h.invoke('runs:list', { projectId: 'vitaldb-2025' })).corrections[0]!.override).toBe(2);
    ok(
      await h.invoke('runs:set-correction', {
        projectId: 'vitaldb-2025',
        modelFamily: 'resnet34-1d',
        offeringId: 'colab-pro-plus-l4-24gb',
        reset: true,
      }),
    );
    const removed = ok(await h.invoke('runs:remove', { id }));
    expect(removed.runs).toEqual([]);
  });

  it('a run file chosen in main is previewed (nothing recorded), then imported by its token', async () => {
    const h = app.handlers;
    nextOpen = path.join(files.dir, 'trainer_state.json');
    fs.writeFileSync(nextOpen, TRAINER_STATE);
    const preview = ok(await h.invoke('runs:choose-file', {}));
    expect(preview).toMatchObject({
      fileName: 'trainer_state.json',
      format: 'hf-trainer-state',
      formatLabel: 'Hugging Face Trainer trainer_state.json',
      runs: [{ hours: 28800.5 / 3600, samplesPerSecond: 812.4 }],
    });
    expect(ok(await h.invoke('runs:list', { projectId: 'vitaldb-2025' })).runs).toEqual([]);
    const imported = ok(
      await h.invoke('runs:import-file', { projectId: 'vitaldb-2025', phaseId: 'm1-training', fileToken: preview.fileToken! }),
    );
    expect(imported).toMatchObject({ format: 'hf-trainer-state', fileName: 'trainer_state.json' });
    expect(imported.runs[0]!.source).toEqual({ kind: 'file', file: 'trainer_state.json', format: 'hf-trainer-state' });
    ok(await h.invoke('runs:remove', { id: imported.runIds[0]! }));
  });

  it('the dialog cancelled is no error; a bad file, a bad figure or a token main never gave is refused as data', async () => {
    const h = app.handlers;
    nextOpen = null;
    expect(ok(await h.invoke('runs:choose-file', {}))).toMatchObject({ fileToken: null, format: null, runs: [] });

    nextOpen = path.join(files.dir, 'broken.json');
    fs.writeFileSync(nextOpen, '{\n  "train_runtime": 12,\n  "epoch": ,\n}');
    const broken = await h.invoke('runs:choose-file', {});
    expect(broken.ok).toBe(false);
    if (!broken.ok) {
      expect(broken.error.code).toBe('RUN_FILE_INVALID');
      expect(broken.error.details).toMatchObject({ line: 3, column: 12 });
    }

    const zero = await h.invoke('runs:record', { projectId: 'vitaldb-2025', phaseId: 'm1-training', hours: 0 });
    expect(zero.ok).toBe(false);
    if (!zero.ok) expect(zero.error.code).toBe('INVALID_REQUEST');
    const forged = await h.invoke('runs:import-file', { projectId: 'vitaldb-2025', phaseId: 'm1-training', fileToken: '/etc/passwd' });
    expect(forged.ok).toBe(false);
    if (!forged.ok) expect(forged.error.code).toBe('FILE_NOT_GRANTED');
    const path_ = await h.invoke('runs:import-file', {
      projectId: 'vitaldb-2025',
      phaseId: 'm1-training',
      fileToken: 'x',
      file: '/etc/passwd',
    } as never);
    expect(path_.ok).toBe(false);
    expect(ok(await h.invoke('runs:list', { projectId: 'vitaldb-2025' })).runs).toEqual([]);
  });
});
