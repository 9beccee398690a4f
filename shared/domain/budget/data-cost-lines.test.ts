/** Billing storage and network lines against the plan's storage and transfer lines (issue 19 item 15). */
import { describe, expect, it } from 'vitest';
import { computeDataCosts } from '../data-costs/weekly';
import { loadExample } from '../plan/test-fixtures';
import { compareDataCosts, dataSpendCategory } from './data-cost-lines';
import type { AllocationRule, BudgetSpendLine } from './types';

describe('dataSpendCategory: storage and network lines as the sample exports name them', () => {
  it.each([
    // FOCUS sample: ServiceName / PricingUnit
    [{ service: 'Amazon Simple Storage Service', sku: 'X', usageUnit: 'GB' }, 'storage'],
    [{ service: 'Amazon Elastic Compute Cloud', sku: 'X', usageUnit: 'GB-Months' }, 'storage'],
    [{ service: 'Amazon Elastic Compute Cloud', sku: 'X', usageUnit: 'Hours' }, null],
    // CUR: product code
    [{ service: 'AWSDataTransfer', sku: 'X', usageUnit: 'GB' }, 'transfer'],
    [{ service: 'AmazonS3', sku: 'X', usageUnit: 'GB-Mo' }, 'storage'],
    // Azure MeterCategory (opencost / koku samples)
    [{ service: 'Storage', sku: 'S4 Disks', usageUnit: '1 /Month' }, 'storage'],
    [{ service: 'Bandwidth', sku: null, usageUnit: null }, 'transfer'],
    [{ service: 'Virtual Machines', sku: 'D4 v3/D4s v3', usageUnit: '10 Hours' }, null],
    // GCP service / SKU description (koku sample)
    [{ service: 'Compute Engine', sku: 'Network Internet Egress from Americas to EMEA', usageUnit: 'bytes' }, 'transfer'],
    [{ service: 'Cloud Storage', sku: 'Standard Storage US Regional', usageUnit: 'gibibyte month' }, 'storage'],
  ])('%o → %s', (line, expected) => {
    expect(dataSpendCategory(line)).toBe(expected);
  });
});

function spend(id: number, day: string, service: string, billedCost: string, tag = 'vitaldb'): BudgetSpendLine {
  return {
    id,
    chargePeriodStart: `${day}T00:00:00Z`,
    billedCost,
    currency: 'USD',
    provider: 'Azure',
    service,
    sku: null,
    resourceId: null,
    resourceName: null,
    billingAccountId: null,
    subAccountId: null,
    instanceType: null,
    usageQuantity: null,
    usageUnit: null,
    tags: { track: tag },
  };
}

describe('compareDataCosts', () => {
  const { plan } = loadExample();
  const planned = computeDataCosts(plan);
  const rules: AllocationRule[] = [
    { id: 1, projectId: plan.project.id, position: 0, kind: 'tag', key: 'track', pattern: 'vitaldb', trackId: 'track-vitaldb' },
  ];
  const lines = [
    spend(1, '2025-12-28', 'Storage', '0.40'),
    spend(2, '2026-01-05', 'Storage', '1.10'),
    spend(3, '2026-01-05', 'Bandwidth', '2.61'),
    spend(4, '2026-01-05', 'Virtual Machines', '50.00'),
    spend(5, '2026-01-06', 'Storage', '9.99', 'nobody'),
    spend(6, '2025-11-30', 'Storage', '7.00'),
  ];
  const result = compareDataCosts({ plan, planned, lines, rules, rates: [], dataAsOf: '2026-01-06' });
  const row = (c: string) => result.rows.find((r) => r.category === c)!;

  it('sums assigned storage and network spend in the project dates, apart from compute', () => {
    expect(row('storage')).toMatchObject({ actual: '1.50', lineCount: 2, planned: planned.storageUsd });
    expect(row('transfer')).toMatchObject({ actual: '2.61', lineCount: 1, planned: '0.00' });
    expect(result.unassigned).toEqual({ lineCount: 1, usd: '9.99' });
  });

  it('variance to date = planned to date − actual; forecast = actual + the planned line after the data', () => {
    const s = row('storage');
    expect(Number(s.varianceToDate)).toBeCloseTo(Number(s.plannedToDate) - 1.5, 2);
    expect(Number(s.forecast)).toBeCloseTo(1.5 + Number(s.planned) - Number(s.plannedToDate), 1);
    expect(row('transfer').varianceToDate).toBe('-2.61');
    expect(Object.keys(s.byMonth)).toEqual(['2025-12', '2026-01']);
    expect(s.byMonth['2025-12']!.actual).toBe('0.40');
  });
});
