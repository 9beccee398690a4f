import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { tagsToJson } from '../../../../shared/domain/billing/billing-tags';
import type { SpendLine } from '../../../../shared/domain/billing/spend-line';
import { referenceDir } from '../../../test-support/paths';
import { readBillingFile } from './billing-reader';
import { decodeSpendLines, encodeSpendLines } from './spend-line-batch';

/** What crosses the child's IPC channel (structured clone, as `serialization: 'advanced'` does). */
const overIpc = <T>(value: T): T => v8.deserialize(v8.serialize(value)) as T;

const line = (n: number, over: Partial<SpendLine> = {}): SpendLine => ({
  sourceLine: n,
  chargePeriodStart: '2024-09-01T00:00:00.000Z',
  chargePeriodEnd: null,
  billingPeriodStart: null,
  billingPeriodEnd: null,
  billedCost: '1.5',
  effectiveCost: null,
  currency: 'USD',
  provider: 'AWS',
  service: null,
  sku: null,
  resourceId: null,
  resourceName: null,
  billingAccountId: null,
  subAccountId: null,
  region: null,
  chargeCategory: null,
  pricingCategory: null,
  instanceType: null,
  usageQuantity: null,
  usageUnit: null,
  tags: {},
  ...over,
});

describe('spend-line batches over the import child channel (issue 26 item 15)', () => {
  it('gives back every line as it was: values of every kind, empty strings, unicode, lone surrogates, tags', () => {
    const shared = { team: 'a', 'user:env': 'prod' };
    const lines = [
      line(2, { gpuCount: 8, invoiceOpen: true, tags: shared, service: 'Amazon EC2', billedCost: '-0.0000000001' }),
      line(3, { gpuCount: null, invoiceOpen: false, tags: shared, service: '', currency: '' }),
      line(4, { gpuCount: 0, service: 'naïve ☃ \ud800 \u0000 ,"\n', tags: { '1': 'x', b: '"q"' }, effectiveCost: '1.5' }),
      line(9_000_000_000, { chargePeriodEnd: '2024-09-02T00:00:00.000Z', usageQuantity: '1E-7', resourceId: 'null' }),
    ];
    const decoded = decodeSpendLines(overIpc(encodeSpendLines(lines)));
    expect(decoded).toEqual(lines);
    expect(decoded.map((l) => JSON.stringify(l.tags))).toEqual(lines.map((l) => JSON.stringify(l.tags)));
    // Lines with the same tags share one object whose stored text is known (no JSON per line when written).
    expect(decoded[0]!.tags).toBe(decoded[1]!.tags);
    expect(tagsToJson(decoded[2]!.tags)).toBe('{"1":"x","b":"\\"q\\""}');
    // null and undefined stay apart; numbers stay numbers, booleans booleans.
    expect(decoded[0]!.gpuCount).toBe(8);
    expect(decoded[1]!.gpuCount).toBeNull();
    expect(decoded[3]!.gpuCount).toBeUndefined();
    expect(decoded[0]!.invoiceOpen).toBe(true);
    expect(decoded[1]!.invoiceOpen).toBe(false);
  });

  it('an empty batch is an empty batch', () => {
    expect(decodeSpendLines(overIpc(encodeSpendLines([])))).toEqual([]);
  });

  it('refuses a line with a field the batch would not carry (instead of dropping it)', () => {
    expect(() => encodeSpendLines([{ ...line(2), trackId: 't' } as SpendLine])).toThrow(/field the import's batches do not carry/);
  });

  it('the lines of every real billing sample cross unchanged (their first 3,000)', async () => {
    const samples = path.join(referenceDir, 'billing-samples');
    const files = fs
      .readdirSync(samples, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(csv|csv\.gz|gz|parquet)$/.test(f) && !f.includes('empty_frame') && !f.includes('NoRows'))
      // The small ones: every dialect has one (the large ones only take longer).
      .filter((f) => fs.statSync(path.join(samples, f)).size < 400_000);
    expect(files.length).toBeGreaterThan(10);
    let crossed = 0;
    let filesCrossed = 0;
    for (const file of files) {
      const batches: SpendLine[][] = [];
      try {
        const controller = new AbortController();
        let kept = 0;
        await readBillingFile(path.join(samples, file), { batchSize: 500, signal: controller.signal }, (lines) => {
          batches.push([...lines]);
          kept += lines.length;
          if (kept >= 3_000) controller.abort();
        });
      } catch (error) {
        // Stopped after its first lines, or a sample the reader refuses as it is (a template without a known header).
        if (batches.length === 0) continue;
        expect((error as { code?: string }).code).toBe('CANCELLED');
      }
      if (batches.length > 0) filesCrossed += 1;
      for (const batch of batches) {
        expect(decodeSpendLines(overIpc(encodeSpendLines(batch)))).toEqual(batch);
        crossed += batch.length;
      }
    }
    expect(filesCrossed).toBeGreaterThanOrEqual(8);
    expect(crossed).toBeGreaterThan(200);
  }, 180_000);
});
