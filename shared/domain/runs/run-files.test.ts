import { describe, expect, it } from 'vitest';
import { isUserError, type UserError } from '../errors';
import { parseRunFile } from './run-files';

/** The error a parse throws (fails the test when none is thrown). */
function errorOf(file: string, text: string): UserError {
  try {
    parseRunFile(file, text);
  } catch (error) {
    if (isUserError(error)) return error;
    throw error;
  }
  throw new Error('expected an error');
}

// Shapes from the Hugging Face Trainer (TrainerState.save_to_json, Trainer.train's metrics, save_metrics("train")).
const TRAINER_STATE = `{
  "best_metric": null,
  "epoch": 3.0,
  "global_step": 1875,
  "log_history": [
    { "epoch": 1.6, "grad_norm": 1.93, "learning_rate": 2.3e-05, "loss": 0.41, "step": 1000 },
    { "epoch": 3.0, "eval_loss": 0.35, "eval_runtime": 41.2, "step": 1875 },
    { "epoch": 3.0, "step": 1875, "total_flos": 1.2e16, "train_loss": 0.33, "train_runtime": 5412.7,
      "train_samples_per_second": 55.42, "train_steps_per_second": 0.346 }
  ],
  "max_steps": 1875,
  "num_train_epochs": 3,
  "train_batch_size": 16
}`;
const ALL_RESULTS = `{
    "epoch": 3.0,
    "eval_accuracy": 0.91,
    "train_loss": 0.33,
    "train_runtime": 7200.0,
    "train_samples": 100000,
    "train_samples_per_second": 41.67,
    "train_steps_per_second": 2.6
}`;
// Lightning CSVLogger with ThroughputMonitor: one row per logged step; columns are every key ever logged.
const LIGHTNING = [
  'epoch,step,train/batches,train/samples,train/samples_per_sec,train/time,train_loss,val_loss',
  '0,49,50,12800,,118.2,0.91,',
  '0,99,100,25600,2170.5,236.0,0.72,',
  '0,99,,,,,,0.70',
  '1,149,150,38400,2166.0,354.1,0.65,',
].join('\n');
// W&B runs table export: Name, State, Notes, User, Tags, Created, Runtime, Sweep, config…, summary…
const WANDB = [
  'Name,State,Notes,User,Tags,Created,Runtime,Sweep,learning_rate,train/train_runtime,train/train_samples_per_second',
  'jolly-haze-4,finished,-,nico,,2026-10-02T09:12:44.000Z,36110,,0.0003,36000.1,18.5',
  '"crashed, again",crashed,-,nico,,2026-10-03T10:00:00.000Z,1200,,0.0003,,',
  'earnest-sun-6,finished,"long ""baseline""",nico,,2026-10-04T10:00:00.000Z,39600,,0.0001,39500,',
].join('\r\n');

describe('parseRunFile', () => {
  it("reads a Trainer's trainer_state.json: the last log_history entry with train_runtime", () => {
    const f = parseRunFile('/runs/out/trainer_state.json', TRAINER_STATE);
    expect(f.format).toBe('hf-trainer-state');
    expect(f.runs).toEqual([{ name: null, hours: 5412.7 / 3600, samplesPerSecond: 55.42 }]);
  });

  it('reads all_results.json', () => {
    expect(parseRunFile('all_results.json', ALL_RESULTS)).toEqual({
      format: 'hf-all-results',
      runs: [{ name: null, hours: 2, samplesPerSecond: 41.67 }],
      skipped: [],
    });
  });

  it('reads a Lightning metrics.csv: the largest train/time, the last samples_per_sec', () => {
    const f = parseRunFile('metrics.csv', LIGHTNING);
    expect(f.format).toBe('lightning-csv');
    expect(f.runs).toEqual([{ name: null, hours: 354.1 / 3600, samplesPerSecond: 2166 }]);
  });

  it('reads a W&B export: each finished row a run (quotes, CRLF), the others left out with their line', () => {
    const f = parseRunFile('wandb_export_2026-10-05.csv', WANDB);
    expect(f.format).toBe('wandb-csv');
    expect(f.runs).toEqual([
      { name: 'jolly-haze-4', hours: 36110 / 3600, samplesPerSecond: 18.5 },
      { name: 'earnest-sun-6', hours: 11, samplesPerSecond: null },
    ]);
    expect(f.skipped).toEqual([{ line: 3, reason: 'crashed, again is crashed, not finished' }]);
  });

  it('refuses broken JSON with its line and column', () => {
    const e = errorOf('trainer_state.json', '{\n  "train_runtime": 12,\n  "epoch": ,\n}');
    expect(e.message).toMatch(/^is not valid JSON/);
    expect(e.details).toMatchObject({ file: 'trainer_state.json', line: 3, column: 12 });
    expect(typeof e.details?.column).toBe('number');
  });

  it('refuses an unfinished trainer_state.json, naming log_history', () => {
    const e = errorOf('trainer_state.json', '{\n "global_step": 10,\n "log_history": [{"loss": 1, "step": 10}]\n}');
    expect(e.message).toContain('no "train_runtime"');
    expect(e.details).toMatchObject({ line: 3, field: 'log_history' });
  });

  it('refuses a runtime that is not seconds, on its line', () => {
    const e = errorOf('all_results.json', '{\n  "epoch": 1,\n  "train_runtime": "2h"\n}');
    expect(e.details).toMatchObject({ line: 3, field: 'train_runtime', expected: 'seconds, e.g. 3600.5' });
    expect(errorOf('all_results.json', '{"train_runtime": 1e12}').message).toContain('at most a year');
  });

  it('refuses a metrics.csv without a time column, saying what to log', () => {
    const e = errorOf('metrics.csv', 'epoch,step,train_loss\n0,49,0.9\n');
    expect(e.message).toContain('ThroughputMonitor');
    expect(e.details).toMatchObject({ line: 1, column: 1 });
  });

  it('refuses a bad cell with its line and column', () => {
    const e = errorOf('metrics.csv', 'epoch,step,train/time\n0,49,12\n0,99,soon\n');
    expect(e.message).toContain('column "train/time" must hold a number');
    expect(e.details).toMatchObject({ line: 3, column: 3, field: 'train/time' });
  });

  it('refuses a ragged row, an unclosed quote, an unknown CSV and an empty file', () => {
    expect(errorOf('m.csv', 'epoch,step,time\n0,1\n').details).toMatchObject({ line: 2 });
    expect(errorOf('w.csv', 'Name,State,Runtime\n"open,finished,12\n').details).toMatchObject({ line: 2, column: 1 });
    expect(errorOf('x.csv', 'a,b\n1,2\n').message).toContain('neither known kind');
    expect(errorOf('x.json', '  ').message).toContain('is empty');
  });

  it('refuses a W&B export with no finished run', () => {
    const e = errorOf('w.csv', 'Name,State,Runtime\nr1,running,100\n');
    expect(e.message).toContain('no finished run (1 left out: r1 is running, not finished)');
  });
});

describe('jsonErrorOffset', () => {
  it('finds where a JSON text first goes wrong, and nothing in valid JSON', async () => {
    const { jsonErrorOffset } = await import('./text-readers');
    expect(jsonErrorOffset(TRAINER_STATE)).toBeNull();
    expect(jsonErrorOffset('{"a": [1, 2,]}')).toBe(12);
    expect(jsonErrorOffset('{"a": "x\\"y", "b": tru}')).toBe(19);
    expect(jsonErrorOffset('{"a": 1')).toBe(7);
    expect(jsonErrorOffset('{"a": 1} x')).toBe(9);
  });
});
