import { describe, expect, it } from 'vitest';
import { parseWorkload } from '../../../shared/estimate/workload';
import {
  copyName,
  CUSTOM,
  DECODER,
  DEFAULT_FORM,
  formFieldOf,
  formForModel,
  formOf,
  isModified,
  saveTarget,
  workloadOf,
  type Preset,
} from './workload-form';

const bert = {
  id: 'bert-base',
  aliases: ['clinicalbert'],
  family: 'encoder',
  params: 110_000_000,
  defaultInput: { seqLen: 512 },
} as unknown as Preset;
const resnet = {
  id: 'resnet34-1d',
  aliases: [],
  family: 'cnn1d',
  params: 7_000_000,
  defaultInput: { windowSamples: 500 },
} as unknown as Preset;

describe('the Estimate workload form ↔ workload JSON', () => {
  it('a form round-trips through its workload JSON (decoder, dataset on disk, early stopping)', () => {
    const form = { ...DEFAULT_FORM, preset: DECODER, datasetDiskGB: '12', earlyStoppingPercent: '60', resumeFromCheckpoint: true };
    const workload = workloadOf(form, undefined);
    expect(workload.model).toEqual({
      decoder: { layers: 32, hidden: 4096, heads: 32, kvHeads: 8, intermediate: 14336, vocab: 32000, tiedEmbeddings: false },
    });
    expect(workload.earlyStopping).toEqual({ expectedFraction: 0.6 });
    expect(formOf(workload)).toEqual(form);
  });

  it('the input goes to the key of the preset family; a custom model has none', () => {
    expect(workloadOf(DEFAULT_FORM, resnet).input).toEqual({ windowSamples: 500 });
    expect(workloadOf({ ...DEFAULT_FORM, preset: 'bert-base' }, bert).input).toEqual({ seqLen: 500 });
    expect(workloadOf({ ...DEFAULT_FORM, preset: CUSTOM }, undefined).input).toEqual({});
  });

  it('a model of another family starts from that family’s workload; the method falls back to full for a CNN', () => {
    const lora = { ...DEFAULT_FORM, preset: 'bert-base', method: 'lora' as const };
    const next = formForModel(lora, [bert, resnet], 'resnet34-1d');
    expect(next.preset).toBe('resnet34-1d');
    expect(next.inputValue).toBe('500');
    expect(next.method).toBe('full');
  });

  it('modified compares workloads, not typed text', () => {
    const saved = { id: 's', name: 's', workload: workloadOf(DEFAULT_FORM, resnet) } as never;
    expect(isModified({ ...DEFAULT_FORM, batchSize: '256.0' }, [resnet], saved)).toBe(false);
    expect(isModified({ ...DEFAULT_FORM, batchSize: '128' }, [resnet], saved)).toBe(true);
    expect(isModified(DEFAULT_FORM, [resnet], undefined)).toBe(false);
  });

  it("the machine's link round-trips and is parsed as the workload schema takes it (issue 29)", () => {
    const form = { ...DEFAULT_FORM, preset: 'bert-base', gpuCount: '4', interconnect: 'pcie4' as const, p2p: 'no' as const };
    const w = workloadOf(form, bert);
    expect(w).toMatchObject({ interconnect: 'pcie4', p2p: false });
    expect(() => parseWorkload(w)).not.toThrow();
    expect(formOf(w)).toMatchObject({ interconnect: 'pcie4', p2p: 'no' });
    // p2p is only sent with a PCIe link; no link: neither field
    expect(workloadOf({ ...form, interconnect: 'nvswitch-nvlink4' }, bert)).not.toHaveProperty('p2p');
    expect(workloadOf({ ...form, interconnect: '' }, bert)).not.toHaveProperty('interconnect');
    expect(formFieldOf('p2p')).toBe('p2p');
    expect(formFieldOf('interconnect')).toBe('interconnect');
  });

  it('an error on a workload path lands on its form field', () => {
    expect(formFieldOf('model.decoder.kvHeads')).toBe('decKvHeads');
    expect(formFieldOf('model.custom.forwardFlopsPerSample')).toBe('cusFlops');
    expect(formFieldOf('dataset.hostMemoryGB')).toBe('datasetMemoryGB');
    expect(formFieldOf('dataset.samples')).toBe('datasetSamples');
    expect(formFieldOf('batchSize')).toBe('batchSize');
    expect(formFieldOf('somethingElse')).toBe('form');
    expect(formFieldOf(undefined)).toBe('form');
  });
});

describe('saving a workload (issue 28 item 2)', () => {
  const w = (id: string, name: string, example: boolean) =>
    ({ id, name, example, workload: {}, createdAt: '', updatedAt: '' }) as unknown as import('./workload-form').SavedWorkload;
  const saved = [w('vitaldb-m1', 'VitalDB M1', true), w('w-1', 'Mine', false), w('w-2', 'Other', false)];
  it('an example saved under its name becomes a copy, the example untouched', () => {
    expect(saveTarget('VitalDB M1', 'vitaldb-m1', saved)).toEqual({ kind: 'new', name: 'VitalDB M1 (copy)' });
    expect(copyName('VitalDB M1', [...saved, w('w-3', 'VitalDB M1 (copy)', false)])).toBe('VitalDB M1 (copy 2)');
  });
  it("the loaded workload of the lead's own is updated; another of the lead's own of that name is asked about", () => {
    expect(saveTarget('Mine', 'w-1', saved)).toEqual({ kind: 'overwrite', id: 'w-1', name: 'Mine' });
    expect(saveTarget('Other', 'w-1', saved)).toEqual({ kind: 'ask', id: 'w-2', name: 'Other' });
    expect(saveTarget('Other', 'vitaldb-m1', saved)).toEqual({ kind: 'ask', id: 'w-2', name: 'Other' });
    expect(saveTarget('New one', 'vitaldb-m1', saved)).toEqual({ kind: 'new', name: 'New one' });
  });
  it("a model of another family drops the old model's dataset figures (VitalDB's 4.8 GB, 108 min checkpoints)", () => {
    const vitaldb = {
      ...DEFAULT_FORM,
      datasetDiskGB: '4.8',
      datasetMemoryGB: '4.8',
      checkpointEveryMinutes: '108',
      resumeFromCheckpoint: true,
    };
    const next = formForModel(vitaldb, [resnet, bert], 'bert-base');
    expect(next).toMatchObject({ datasetDiskGB: '', datasetMemoryGB: '', checkpointEveryMinutes: DEFAULT_FORM.checkpointEveryMinutes });
    expect(next.resumeFromCheckpoint).toBe(DEFAULT_FORM.resumeFromCheckpoint);
    // the same family keeps them
    expect(formForModel(vitaldb, [resnet, bert], 'resnet34-1d').datasetDiskGB).toBe('4.8');
  });
});
