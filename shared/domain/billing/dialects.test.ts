import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRowMapper, detectDialect, MappingError, normalizeHeaderName } from './dialects';
import { recogniseGpuInstance } from './gpu-instance';

const samples = path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'billing-samples');
const headerOf = (file: string) =>
  fs
    .readFileSync(path.join(samples, file), 'utf8')
    .split(/\r?\n/, 1)[0]!
    .split(',')
    .map((h) => h.replace(/^"|"$/g, ''));

describe('detectDialect from real headers', () => {
  it.each([
    ['focus-sample-data/focus_sample.csv', 'focus', 'FOCUS 1.0'],
    ['azure-finops-toolkit/EA_ActualCost_Small.csv', 'azure', 'Azure EA'],
    ['koku/aws/test_cur.csv', 'aws-cur', 'AWS CUR (legacy, slash names)'],
    ['koku/aws/2022-07-01-alt-columns.csv', 'aws-athena', 'AWS CUR (Athena snake_case)'],
    ['koku/azure/camel_azure_version_2.csv', 'azure', 'Azure MCA'],
    ['opencost-azure/headersets/German.csv', 'azure', 'Azure legacy / pay-as-you-go'],
    ['koku/gcp/2022-08-01_5.csv', 'gcp', 'GCP BigQuery billing export (CSV)'],
  ])('%s → %s', (file, dialect, description) => {
    expect(detectDialect(headerOf(file))).toEqual({ dialect, description });
  });

  it('strips BOMs (also repeated in a field), trims, ignores case, reads Azure localized names', () => {
    expect(normalizeHeaderName('\ufeffBillingAccountId ')).toBe('billingaccountid');
    expect(normalizeHeaderName('Kategorie der Verbrauchseinheit (MeterCategory)')).toBe('metercategory');
    expect(normalizeHeaderName('Total costs($)')).toBe('total costs($)');
    expect(detectDialect(['\ufeff "BILLEDCOST"'.replace(/"/g, ''), 'chargeperiodstart', 'SkuPriceDetails']).description).toBe('FOCUS 1.1');
    expect(detectDialect(['BilledCost', 'ChargePeriodStart', 'PricingCurrency']).description).toBe('FOCUS 1.2');
    expect(detectDialect(['BilledCost', 'ChargePeriodStart', 'ServiceProviderName']).description).toBe('FOCUS 1.3');
    expect(detectDialect(['Service', 'EC2-Instances($)', 'Total costs($)']).dialect).toBe('aws-cost-explorer');
    expect(detectDialect(['when', 'amount']).dialect).toBeNull();
  });

  it('a BOM repeated in the first data field is stripped', () => {
    const mapper = createRowMapper(['\ufeffBilledCost', 'ChargePeriodStart', 'BillingCurrency']);
    expect(mapper.map(['\ufeff1.25', '2024-09-01', 'USD'], 2).lines[0]).toMatchObject({ billedCost: '1.25', currency: 'USD' });
  });

  it('total rows are not line items and not errors', () => {
    const mapper = createRowMapper(['BilledCost', 'ChargePeriodStart', 'BillingCurrency', 'ServiceName']);
    expect(mapper.map(['12.5', '', 'USD', 'Total'], 9)).toEqual({ lines: [], errors: [], total: true });
    expect(mapper.map(['12.5', '', 'USD', 'EC2'], 9).errors[0]).toMatchObject({ line: 9, column: 'ChargePeriodStart' });
  });

  it('AWS CUR: billed is the unblended cost whatever the line type; amortized follows the line type', () => {
    const header = [
      'lineItem/UnblendedCost',
      'lineItem/LineItemType',
      'lineItem/UsageStartDate',
      'lineItem/CurrencyCode',
      'reservation/EffectiveCost',
      'resourceTags/user:team',
    ];
    const mapper = createRowMapper(header);
    const usage = mapper.map(['0', 'DiscountedUsage', '2018-10-01T00:00:00Z', 'USD', '0.35', 'ml'], 2).lines[0]!;
    expect(usage).toMatchObject({ billedCost: '0', effectiveCost: '0.35', tags: { team: 'ml' } });
    const credit = mapper.map(['-2.6137', 'Credit', '2018-10-01T00:00:00Z', 'USD', '', ''], 3).lines[0]!;
    expect(credit).toMatchObject({ billedCost: '-2.6137', chargeCategory: 'Credit' });
  });

  it('a generic mapping naming a missing column is refused with the column', () => {
    expect(() =>
      createRowMapper(['a', 'b'], {
        mapping: {
          dateColumn: 'a',
          costColumn: 'c',
          currency: 'USD',
          dateFormat: 'auto',
          tagColumns: [],
          decimalSeparator: '.',
          sign: 'as-is',
        },
      }),
    ).toThrow(MappingError);
    expect(() => createRowMapper(headerOf('focus-sample-data/focus_sample.csv'), { format: 'azure' })).toThrow(/looks like FOCUS 1.0/);
  });
});

describe('GPU lines', () => {
  it.each([
    ['p3.2xlarge', 'p3.2xlarge'],
    ['USW2-BoxUsage:g4dn.xlarge', 'g4dn.xlarge'],
    ['Standard_NC6s_v3', 'Standard_NC6s_v3'],
    ['a2-highgpu-1g', 'a2-highgpu-1g'],
    ['Nvidia Tesla T4 GPU running in Americas', 'Nvidia Tesla T4 GPU'],
    ['NC24ads A100 v4', 'NC24ads A100 v4'.split(' ')[0]!],
  ])('%s → %s', (text, expected) => {
    expect(recogniseGpuInstance(text)).toBe(expected);
  });
  it('CPU instances are not GPU lines', () => {
    for (const text of ['m5.large', 'Standard_D2s_v3', 'n2-standard-4', 'Data Transfer Out', 't3.micro'])
      expect(recogniseGpuInstance(text)).toBeNull();
  });
});
