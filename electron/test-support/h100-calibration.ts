/**
 * The H100 SXM measurements (../shared/calibration/h100-sxm-measured.jsonl) as tests read them: each row, its workload
 * for the estimator, and the model's estimate of it (calibration.test.ts fits and checks them; benchmarks.test.ts keeps
 * them in every fit on the published rows).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { referenceDir } from './paths';
import type { H100Measurement } from '../../shared/estimate/h100-measurements';

/** A measured row as the file holds it: the shipped measurement's fields, with the step time and trainable count. */
export interface H100Row extends H100Measurement {
  step_s: number;
  trainable: number;
}

export const h100Rows: H100Row[] = readFileSync(path.join(referenceDir, 'calibration', 'h100-sxm-measured.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as H100Row)
  .filter((r) => r.step_s);

export { h100Estimate, h100Workload } from '../../shared/estimate/h100-measurements';
