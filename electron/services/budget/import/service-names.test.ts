/**
 * Issue 19 item 19: an EC2 line reads as one service whichever export it comes from (CUR 1.0 slash columns, the
 * Athena snake_case CUR, FOCUS), so one allocation rule on that service catches all of them. Real samples only.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allocate } from '../../../../shared/domain/budget/allocation';
import type { AllocationRule } from '../../../../shared/domain/budget/types';
import * as q from '../../../db/queries/budget-planning';
import { referenceDir } from '../../../test-support/paths';
import { createTestApp, type TestApp } from '../../../test-support/test-app';

const SAMPLES = path.join(referenceDir, 'billing-samples');
const EC2 = 'Amazon Elastic Compute Cloud';

let app: TestApp;
beforeEach(() => {
  app = createTestApp();
});
afterEach(() => app.dispose());

async function servicesOf(sample: string): Promise<{ importId: number; services: Set<string | null> }> {
  const result = await app.services.budget.importFile({ file: path.join(SAMPLES, sample), skipInvalid: true });
  const lines = q.selectActiveSpendLines(app.db, { importIds: [result.importId!] });
  return { importId: result.importId!, services: new Set(lines.map((l) => l.service)) };
}

describe('service names across FOCUS and AWS CUR', () => {
  it('names EC2 the same in CUR 1.0 (koku), the Athena CUR (Step1CUR.gz) and FOCUS, and one rule catches all three', async () => {
    const cur = await servicesOf('koku/aws/test_cur.csv');
    const athena = await servicesOf('aws-well-architected-labs/Step1CUR.gz');
    const focus = await servicesOf('focus-sample-data/focus_sample.csv');
    expect(cur.services).toEqual(new Set([EC2]));
    expect(athena.services.has(EC2)).toBe(true);
    expect(athena.services.has('AmazonEC2')).toBe(false);
    expect(focus.services.has(EC2)).toBe(true);

    const rule: AllocationRule = { id: 1, projectId: 'p', position: 0, kind: 'service', key: null, pattern: EC2, trackId: 'track-ec2' };
    const lines = q.selectActiveSpendLines(app.db);
    const { trackOf } = allocate(lines, [rule]);
    for (const { importId } of [cur, athena, focus]) {
      const ofImport = q.selectActiveSpendLines(app.db, { importIds: [importId] });
      const ec2 = ofImport.filter((l) => l.service === EC2);
      expect(ec2.length).toBeGreaterThan(0);
      expect(ec2.every((l) => trackOf.get(l.id) === 'track-ec2')).toBe(true);
    }
  }, 120_000);
});
