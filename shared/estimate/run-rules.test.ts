import { describe, expect, it } from 'vitest';
import { hostOf, runLimitsOf } from '../domain/run-limits';
import { checkpointingFits, earlyStoppingLine, runRuleFindings, type RunRuleInput } from './run-rules';

// Hand-worked from the seeds: seed 001's M3 (36–48 h per run on Colab Pro+ A100), seed 002's 90 min – 24 h Colab
// sessions, seed 003's Azure spot (30 s notice) and NC6s v3 host (112 GB RAM, 736 GB temporary SSD), seed 004's
// Hugging Face job timeout ("timeout": "4h"; 30 min unless set).
const colab = runLimitsOf('colab-pro-plus-a100-40gb');
const m3 = (options: RunRuleInput['options'] = {}): RunRuleInput => ({
  subject: "M3's run",
  offeringLabel: 'Colab Pro+ A100',
  runHours: { low: 36, high: 48 },
  runHoursText: '36–48 h (author)',
  limits: colab,
  priceKind: 'subscription',
  host: hostOf('colab-pro-plus-a100-40gb'),
  options,
});

describe('run limits in the bundled catalog', () => {
  it('carry the session, job timeout and spot notice of each provider, with a source', () => {
    expect(colab).toMatchObject({ sessionHours: 24, providerName: 'Google Colab' });
    expect(colab!.source).toContain('seed 002');
    expect(runLimitsOf('hf-jobs-a10g-large')).toMatchObject({ jobTimeoutDefaultHours: 0.5, sessionHours: null });
    expect(runLimitsOf('azure-nc6s-v3')!.spotEvictionNoticeSeconds).toBe(30);
    expect(runLimitsOf('aws-g4dn-xlarge')!.spotEvictionNoticeSeconds).toBe(120);
    expect(runLimitsOf('gcp-a2-highgpu-1g')!.spotEvictionNoticeSeconds).toBe(30);
    expect(runLimitsOf('runpod-rtx-4090')).toBeNull();
  });

  it('carry host figures where the catalog knows them (seed 003 tiers and Azure sizes, instance specs)', () => {
    expect(hostOf('azure-nc6s-v3')).toMatchObject({ vcpus: 6, ramGiB: 112, localDiskGB: 736 });
    expect(hostOf('local-highend-rtx-4090')).toMatchObject({ vcpus: 16, ramGiB: 64, localDiskGB: 1000 });
    expect(hostOf('aws-g4dn-xlarge')).toMatchObject({ vcpus: 4, ramGiB: 16, localDiskGB: 125 });
    expect(hostOf('hf-jobs-a10g-large')).toMatchObject({ vcpus: 12, ramGiB: 46 });
    expect(hostOf('colab-pro-plus-a100-40gb')).toMatchObject({ ramGiB: null, localDiskGB: null });
  });
});

describe('session limit', () => {
  it("M3's 36–48 h run on a 24 h Colab session without checkpointing is an error in words", () => {
    const [f, ...rest] = runRuleFindings(m3());
    expect(rest).toEqual([]);
    expect(f!.kind).toBe('run-over-session');
    expect(f!.severity).toBe('error');
    expect(f!.message).toBe(
      'M3\'s run takes 36–48 h (author) on Colab Pro+ A100; a Google Colab session ends after 24 h: enable checkpointing every ≤ 24 h and resume from it (the workload’s “Resumes from its last checkpoint”) or use another offering (limit: source document “Cloud Platform Recommendations for PRS-Med Training”: "Session timeouts (90 min - 24 hours)").',
    );
  });

  it('checkpointing fits when the run resumes and saves at least once per session', () => {
    expect(checkpointingFits({ resumeFromCheckpoint: true }, 24)).toBe(true); // default every 30 min
    expect(checkpointingFits({ resumeFromCheckpoint: true, checkpointEveryMinutes: 1440 }, 24)).toBe(true);
    expect(checkpointingFits({ resumeFromCheckpoint: true, checkpointEveryMinutes: 1441 }, 24)).toBe(false);
    expect(checkpointingFits({ checkpointEveryMinutes: 60 }, 24)).toBe(false); // saves but never resumes
    expect(runRuleFindings(m3({ resumeFromCheckpoint: true, checkpointEveryMinutes: 300 }))).toEqual([]);
    const tooSparse = runRuleFindings(m3({ resumeFromCheckpoint: true, checkpointEveryMinutes: 30 * 60 }));
    expect(tooSparse[0]!.message).toContain('checkpoints every 30 h are further apart than that: save one at least every 24 h');
  });

  it('a run within the session is no problem (M1: 8–12 h)', () => {
    expect(runRuleFindings({ ...m3(), runHours: { low: 8, high: 12 }, runHoursText: '8–12 h' })).toEqual([]);
    expect(runRuleFindings({ ...m3(), runHours: { low: 24, high: 24 }, runHoursText: '24 h' })).toEqual([]);
  });
});

describe('job timeout (Hugging Face Jobs)', () => {
  const hf = (options: RunRuleInput['options']): RunRuleInput => ({
    ...m3(options),
    subject: 'One run',
    offeringLabel: 'HF a10g-large',
    runHours: { low: 6, high: 6 },
    runHoursText: '6 h',
    limits: runLimitsOf('hf-jobs-a10g-large'),
    host: null,
  });
  it('a 6 h run (seed 004: a10g-large, 6 hours) without a timeout set stops at 30 min: warning', () => {
    const [f] = runRuleFindings(hf({}));
    expect(f).toMatchObject({ kind: 'run-over-job-timeout', severity: 'warning' });
    expect(f!.message).toContain('stops at its timeout (30 min unless set): submit it with a timeout above 6 h');
  });
  it('seed 004\'s "4h" timeout is too short for 6 h: error; 8 h is enough', () => {
    expect(runRuleFindings(hf({ jobTimeoutHours: 4 }))[0]).toMatchObject({ severity: 'error' });
    expect(runRuleFindings(hf({ jobTimeoutHours: 8 }))).toEqual([]);
  });
});

describe('spot eviction', () => {
  const spot = (options: RunRuleInput['options']): RunRuleInput => ({
    ...m3(options),
    offeringLabel: 'NC6s v3',
    runHours: { low: 10, high: 10 },
    runHoursText: '10 h',
    limits: runLimitsOf('azure-nc6s-v3'),
    priceKind: 'spot',
    host: null,
  });
  it('a spot run without resume is a warning naming the notice (seed 003: 30 s)', () => {
    const [f] = runRuleFindings(spot({}));
    expect(f).toMatchObject({ kind: 'spot-without-checkpoint', severity: 'warning' });
    expect(f!.message).toContain("evicted with 30 seconds' notice");
    expect(runRuleFindings(spot({ resumeFromCheckpoint: true }))).toEqual([]);
    expect(runRuleFindings({ ...spot({}), priceKind: 'on-demand' })).toEqual([]);
  });
});

describe('host requirements', () => {
  const on = (offeringId: string, dataset: { diskGB?: number; hostMemoryGB?: number }): RunRuleInput => ({
    ...m3({ dataset }),
    offeringLabel: offeringId,
    runHours: { low: 1, high: 1 },
    runHoursText: '1 h',
    limits: null,
    host: hostOf(offeringId),
  });
  it("seed 001's M3 dataset (~24 GB) fits the NC6s v3 (112 GB RAM, 736 GB SSD) but not the RAM of a g4dn.xlarge (16 GiB)", () => {
    expect(runRuleFindings(on('azure-nc6s-v3', { diskGB: 24, hostMemoryGB: 24 }))).toEqual([]);
    const [f] = runRuleFindings(on('aws-g4dn-xlarge', { diskGB: 24, hostMemoryGB: 24 }));
    expect(f).toMatchObject({ kind: 'dataset-over-memory', severity: 'warning' });
    expect(f!.message).toContain('24 GB in host memory but aws-g4dn-xlarge has 16 GB of RAM');
  });
  it('a dataset over the local disk is a warning; unknown disk is not checked', () => {
    const [f] = runRuleFindings(on('aws-g4dn-xlarge', { diskGB: 200 }));
    expect(f).toMatchObject({ kind: 'dataset-over-disk' });
    expect(f!.message).toContain('200 GB on disk but aws-g4dn-xlarge has 125 GB of local disk');
    expect(runRuleFindings(on('aws-p3-2xlarge', { diskGB: 5000 }))).toEqual([]);
  });
});

describe('early stopping line', () => {
  it('stopping at ~70 % of 4 h costing $11.33 saves 1.2 h and $3.40, and the main figure is untouched', () => {
    const line = earlyStoppingLine(4, '11.33', 0.7);
    expect(line.hoursSaved).toBe(1.2);
    expect(line.usdSaved).toBe('3.40'); // 11.33 × 0.3 = 3.399 → 3.40
    expect(line.usdWith).toBe('7.93');
    expect(line.text).toBe('with early stopping at ~70 % of epochs: −1.2 h, −$3.40 (expected, not applied to the figures above)');
  });
  it("seed 003's 20–50 % saved: 50 % of 13.3 h; no price → hours only", () => {
    expect(earlyStoppingLine(13.3, null, 0.5)).toMatchObject({ hoursSaved: 6.65, usdSaved: null });
    expect(earlyStoppingLine(13.3, null, 0.5).text).toBe(
      'with early stopping at ~50 % of epochs: −6.7 h (expected, not applied to the figures above)',
    );
  });
});
