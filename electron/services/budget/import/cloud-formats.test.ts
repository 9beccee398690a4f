/**
 * Every major cloud's export as it is, recognised without a mapping: files built here from each format's documentation
 * (OCI cost and FOCUS reports, GCP legacy file export and unnested BigQuery export, Azure MCA/CSP/cost details/FOCUS,
 * AWS CUR 2.0 and AWS FOCUS), imported through the real service; the exact total per currency is compared with an
 * independent decimal sum (big.js) of what each generator meant to bill.
 */
import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { isUserError, type UserError } from '../../../../shared/domain/errors';
import { runCli } from '../../../cli/gpu-planner';
import { writeParquet } from '../../../test-support/parquet-writer';
import { appPerTest, type Scratch, type TestApp } from '../../../test-support/test-app';

let app: TestApp;
let tmp: Scratch;
appPerTest((a, s) => {
  app = a;
  tmp = s;
});

/** RFC 4180: a field with a delimiter, quote, CR or LF is quoted, its quotes doubled; backslashes are plain text. */
function csv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((r) => r.map((v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\r\n')}\r\n`;
}

function write(name: string, text: string): string {
  const file = path.join(tmp.dir, name);
  fs.writeFileSync(file, text);
  return file;
}

/** Σ amount per currency with big.js: the independent reference. */
function sums(entries: Array<[currency: string, amount: string]>): Record<string, string> {
  const out = new Map<string, Big>();
  for (const [c, a] of entries) out.set(c, (out.get(c) ?? new Big(0)).plus(a));
  return Object.fromEntries([...out].sort(([a], [b]) => a.localeCompare(b)).map(([c, v]) => [c, v.toFixed()]));
}

async function refusal(promise: Promise<unknown>): Promise<UserError> {
  try {
    await promise;
  } catch (error) {
    if (isUserError(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const lines = (importId: number | null) =>
  app.services.budget.listSpendLines({ offset: 0, limit: 1000, filters: { importId: importId ?? -1 } }).lines;

// ------------------------------------------------------------------------------------------------------------------ OCI

const OCI_HEADER = [
  'lineItem/referenceNo',
  'lineItem/tenantId',
  'lineItem/intervalUsageStart',
  'lineItem/intervalUsageEnd',
  'product/service',
  'product/resource',
  'product/compartmentId',
  'product/compartmentName',
  'product/region',
  'product/availabilityDomain',
  'product/resourceId',
  'usage/billedQuantity',
  'usage/billedQuantityOverage',
  'cost/subscriptionId',
  'cost/productSku',
  'product/Description',
  'cost/unitPrice',
  'cost/unitPriceOverage',
  'cost/myCost',
  'cost/myCostOverage',
  'cost/currencyCode',
  'cost/billingUnitReadable',
  'cost/skuUnitDescription',
  'cost/overageFlag',
  'lineItem/isCorrection',
  'lineItem/backreferenceNo',
  'tags/Oracle-Tags.CreatedBy',
  'tags/Finance.Cost Center (CC)',
  'tags/ops\\team.path',
];

interface OciRow {
  ref: string;
  start: string;
  end: string;
  service: string;
  resource: string;
  sku: string;
  description: string;
  cost: string;
  overage: string;
  currency: string;
  correction?: string;
  tags?: [string, string, string];
}

function ociRow(r: OciRow): string[] {
  const [by, cc, p] = r.tags ?? ['', '', ''];
  return [
    r.ref,
    'ocid1.tenancy.oc1..aaaa',
    r.start,
    r.end,
    r.service,
    'PIC_COMPUTE_GPU_A10',
    'ocid1.compartment.oc1..bbb',
    'ml-training',
    'us-ashburn-1',
    'AD-1',
    r.resource,
    '1',
    '0',
    '1234567',
    r.sku,
    r.description,
    '2',
    '0',
    r.cost,
    r.overage,
    r.currency,
    'ONE HOURS',
    'GPU Per Hour',
    '',
    r.correction ? 'true' : '',
    r.correction ?? '',
    by,
    cc,
    p,
  ];
}

describe('Oracle Cloud cost reports', () => {
  const rows: OciRow[] = [
    {
      ref: 'r1',
      start: '2024-05-01T13:00Z',
      end: '2024-05-01T14:00Z',
      service: 'COMPUTE',
      resource: 'ocid1.instance.oc1..gpu1',
      sku: 'B95909',
      description: 'Compute - GPU - A10',
      cost: '2',
      overage: '0',
      currency: 'USD',
      tags: ['ana@example.com', 'CC-42, ML', 'C:\\runs\\"nightly"\\'],
    },
    {
      ref: 'r2',
      start: '2024-05-01T14:00Z',
      end: '2024-05-01T15:00Z',
      service: 'COMPUTE',
      resource: 'ocid1.instance.oc1..gpu1',
      sku: 'B95909',
      description: 'Compute - GPU - A10',
      cost: '2',
      overage: '0.5',
      currency: 'USD',
    },
    {
      ref: 'r3',
      start: '2024-05-01T14:00Z',
      end: '2024-05-01T15:00Z',
      service: 'OBJECT_STORAGE',
      resource: 'ocid1.bucket.oc1..b',
      sku: 'B91628',
      description: 'Object Storage - Storage',
      cost: '1.2345E-5',
      overage: '0',
      currency: 'USD',
    },
    {
      ref: 'r4',
      start: '2024-05-31T23:00Z',
      end: '2024-06-01T00:00Z',
      service: 'BLOCK_STORAGE',
      resource: 'ocid1.volume.oc1..v',
      sku: 'B91961',
      description: 'Block Volume - Storage',
      cost: '4.0E-7',
      overage: '0',
      currency: 'USD',
    },
    // A correction reversing r2 (same hour, negated cost), then the corrected usage: r2 nets out.
    {
      ref: 'r5',
      start: '2024-05-01T14:00Z',
      end: '2024-05-01T15:00Z',
      service: 'COMPUTE',
      resource: 'ocid1.instance.oc1..gpu1',
      sku: 'B95909',
      description: 'Compute - GPU - A10',
      cost: '-2',
      overage: '-0.5',
      currency: 'USD',
      correction: 'r2',
    },
    {
      ref: 'r6',
      start: '2024-05-01T14:00Z',
      end: '2024-05-01T15:00Z',
      service: 'COMPUTE',
      resource: 'ocid1.instance.oc1..gpu1',
      sku: 'B95909',
      description: 'Compute - GPU - A10',
      cost: '1.5',
      overage: '0',
      currency: 'USD',
    },
    {
      ref: 'r7',
      start: '2024-05-02T00:00Z',
      end: '2024-05-02T01:00Z',
      service: 'COMPUTE',
      resource: 'ocid1.instance.oc1..gpu2',
      sku: 'B95909',
      description: 'Compute - GPU - A10',
      cost: '1.84',
      overage: '0',
      currency: 'EUR',
    },
  ];

  it('reads cost/myCost per currency (overage included once), E-notation, times without seconds, tags as written', async () => {
    const file = write('0001000000812345-00001.csv', csv([OCI_HEADER, ...rows.map(ociRow)]));
    const result = await app.services.budget.importFile({ file });
    expect(result).toMatchObject({ format: 'oci', description: 'OCI cost report', rowsImported: rows.length, rowsSkipped: 0 });
    expect(result.totals).toEqual(sums(rows.map((r) => [r.currency, r.cost])));
    expect(result.totals).toEqual({ EUR: '1.84', USD: '3.500012745' });
    const imported = lines(result.importId);
    const first = imported.find((l) => l.sourceLine === 2)!;
    expect(first).toMatchObject({
      chargePeriodStart: '2024-05-01T13:00:00Z',
      chargePeriodEnd: '2024-05-01T14:00:00Z',
      provider: 'Oracle Cloud Infrastructure',
      service: 'COMPUTE',
      region: 'us-ashburn-1',
    });
    expect(first.tags).toEqual({
      'Oracle-Tags.CreatedBy': 'ana@example.com',
      'Finance.Cost Center (CC)': 'CC-42, ML',
      'ops\\team.path': 'C:\\runs\\"nightly"\\',
    });
    // The corrected hour (r2 + its reversal r5 + the corrected r6) bills what r6 says.
    const hour = imported.filter((l) => l.chargePeriodStart === '2024-05-01T14:00:00Z' && l.service === 'COMPUTE');
    expect(hour.map((l) => l.chargeCategory).sort()).toEqual(['Adjustment', 'Usage', 'Usage']);
    expect(hour.reduce((s, l) => s.plus(l.billedCost), new Big(0)).toFixed()).toBe('1.5');
  });

  it('a correction delivered in a later report file nets out the line of the earlier one', async () => {
    const a = write('0001-00001.csv', csv([OCI_HEADER, ...rows.slice(0, 4).map(ociRow)]));
    const b = write('0001-00002.csv', csv([OCI_HEADER, ...rows.slice(4).map(ociRow)]));
    await app.services.budget.importFile({ file: a });
    await app.services.budget.importFile({ file: b });
    expect(app.services.budget.spendSummary({ by: 'month', exact: true }).totals).toEqual(sums(rows.map((r) => [r.currency, r.cost])));
  });

  it('OCI FOCUS reports (FOCUS 1.0 with oci_ columns, Provider/Region spellings) import as FOCUS', async () => {
    const header = [
      'AvailabilityZone',
      'BilledCost',
      'BillingAccountId',
      'BillingAccountName',
      'BillingCurrency',
      'BillingPeriodEnd',
      'BillingPeriodStart',
      'ChargeCategory',
      'ChargeDescription',
      'ChargeFrequency',
      'ChargePeriodEnd',
      'ChargePeriodStart',
      'ChargeSubcategory',
      'CommitmentDiscountCategory',
      'CommitmentDiscountId',
      'EffectiveCost',
      'InvoiceIssuer',
      'ListCost',
      'ListUnitPrice',
      'PricingCategory',
      'PricingQuantity',
      'PricingUnit',
      'Provider',
      'Publisher',
      'Region',
      'ResourceId',
      'ResourceName',
      'ResourceType',
      'ServiceCategory',
      'ServiceName',
      'SkuId',
      'SkuPriceId',
      'SubAccountId',
      'SubAccountName',
      'Tags',
      'UsageQuantity',
      'UsageUnit',
      'oci_ReferenceNumber',
      'oci_CompartmentId',
      'oci_CompartmentName',
      'oci_OverageFlag',
      'oci_UnitPriceOverage',
      'oci_BilledQuantityOverage',
      'oci_CostOverage',
      'oci_AttributedUsage',
      'oci_AttributedCost',
      'oci_BackReferenceNumber',
    ];
    const data = [
      ['2.5', 'USD', '2024-05-01T13:00Z', 'Usage', '', '{"Oracle-Tags.CreatedBy":"ana","team\\\\ml":"x"}', '1'],
      ['3.1E-4', 'USD', '2024-05-01T14:00Z', 'Usage', '', '{}', '0.5'],
      ['-2.5', 'USD', '2024-05-01T13:00Z', 'Adjustment', 'ref-1', '', '-1'],
      ['7', 'GBP', '2024-05-03T00:00Z', 'Usage', '', '', '2'],
    ];
    const rowsOut = data.map(([cost, cur, start, cat, back, tags, qty]) => [
      'AD-1',
      cost!,
      'ocid1.tenancy',
      'acme',
      cur!,
      '2024-06-01T00:00Z',
      '2024-05-01T00:00Z',
      cat!,
      'GPU A10',
      'Usage-Based',
      start!.replace('T13', 'T14').replace('T14:00Z', 'T15:00Z'),
      start!,
      '',
      '',
      '',
      cost!,
      'Oracle',
      cost!,
      '2',
      'Standard',
      qty!,
      'GPU Hours',
      'Oracle',
      'Oracle',
      'us-ashburn-1',
      'ocid1.instance',
      'gpu-1',
      'instance',
      'Compute',
      'COMPUTE',
      'B95909',
      'B95909',
      'ocid1.compartment',
      'ml',
      tags!,
      qty!,
      'GPU Hours',
      'ref-x',
      'ocid1.compartment',
      'ml',
      'N',
      '0',
      '0',
      '0',
      '0',
      '0',
      back!,
    ]);
    const result = await app.services.budget.importFile({ file: write('focus-oci.csv', csv([header, ...rowsOut])) });
    expect(result.format).toBe('focus');
    expect(result.totals).toEqual(sums(data.map((d) => [d[1]!, d[0]!])));
    const first = lines(result.importId).find((l) => l.sourceLine === 2)!;
    expect(first).toMatchObject({
      provider: 'Oracle',
      region: 'us-ashburn-1',
      usageQuantity: '1',
      chargePeriodStart: '2024-05-01T13:00:00Z',
    });
    expect(first.tags).toEqual({ 'Oracle-Tags.CreatedBy': 'ana', 'team\\ml': 'x' });
  });
});

// ------------------------------------------------------------------------------------------------------------------ GCP

describe('Google Cloud legacy billing file export', () => {
  const header = [
    'Account ID',
    'Line Item',
    'Start Time',
    'End Time',
    'Project',
    'Measurement1',
    'Measurement1 Total Consumption',
    'Measurement1 Units',
    'Measurement2',
    'Measurement2 Total Consumption',
    'Measurement2 Units',
    'Credit1',
    'Credit1 Amount',
    'Credit1 Currency',
    'Credit2',
    'Credit2 Amount',
    'Credit2 Currency',
    'Cost',
    'Currency',
    'Project Number',
    'Project ID',
    'Project Name',
    'Project Labels',
    'Description',
  ];
  interface Row {
    item: string;
    start: string;
    end: string;
    project: string;
    cost: string;
    currency: string;
    credits: Array<[name: string, amount: string, currency: string]>;
    m2?: boolean;
  }
  const data: Row[] = [
    {
      item: 'com.google.cloud/services/compute-engine/GpuNvidiaTeslaT4',
      start: '2017-11-01T00:00:00-07:00',
      end: '2017-11-02T00:00:00-07:00',
      project: 'ml-1',
      cost: '8.5',
      currency: 'USD',
      credits: [['FreeTrial:CP-01', '-8.5', 'USD']],
    },
    {
      item: 'com.google.cloud/services/compute-engine/NetworkInternetEgressNaApac',
      start: '2017-11-01T00:00:00-07:00',
      end: '2017-11-02T00:00:00-07:00',
      project: 'ml-1',
      cost: '0.123456',
      currency: 'USD',
      credits: [
        ['Sustained Usage Discount', '-0.02', 'USD'],
        ['Promotion', '-0.003456', 'USD'],
      ],
      m2: true,
    },
    {
      item: 'com.google.cloud/services/cloud-storage/StorageMultiRegionalUsGb',
      start: '2017-10-31T22:00:00-07:00',
      end: '2017-11-01T22:00:00-07:00',
      project: 'web',
      cost: '12',
      currency: 'JPY',
      credits: [],
    },
    {
      item: 'com.google.cloud/services/compute-engine/CpuN1Standard',
      start: '2017-11-02T00:00:00-07:00',
      end: '2017-11-03T00:00:00-07:00',
      project: 'web',
      cost: '1.5',
      currency: 'USD',
      credits: [['Committed Use Discount', '-0.25', 'USD']],
    },
  ];
  const rows = data.map((r) => {
    const c = [...r.credits, ['', '', ''], ['', '', '']].slice(0, 2);
    return [
      '0123AB-4567CD-89EF01',
      r.item,
      r.start,
      r.end,
      r.project,
      'com.google.cloud/services/compute-engine/VmimageN1Standard_1',
      '86400',
      'seconds',
      r.m2 ? 'com.google.cloud/services/compute-engine/Network' : '',
      r.m2 ? '1.5' : '',
      r.m2 ? 'gibibyte' : '',
      c[0]![0]!,
      c[0]![1]!,
      c[0]![2]!,
      c[1]![0]!,
      c[1]![1]!,
      c[1]![2]!,
      r.cost,
      r.currency,
      '123456789',
      r.project,
      r.project.toUpperCase(),
      'env:prod',
      r.item.split('/').pop()!,
    ];
  });

  it('billed = Cost + every credit; free-trial credits cancel the cost; offsets kept as instants', async () => {
    const result = await app.services.budget.importFile({ file: write('gcp-billing-2017-11-01.csv', csv([header, ...rows])) });
    expect(result).toMatchObject({ format: 'gcp', description: 'GCP legacy billing file export', rowsImported: 4 });
    expect(result.totals).toEqual(
      sums(data.flatMap((r) => [[r.currency, r.cost] as [string, string], ...r.credits.map(([, a, c]) => [c, a] as [string, string])])),
    );
    expect(result.totals).toEqual({ JPY: '12', USD: '1.35' });
    const imported = lines(result.importId);
    expect(imported.find((l) => l.sourceLine === 2)).toMatchObject({
      billedCost: '0',
      chargePeriodStart: '2017-11-01T07:00:00Z',
      service: 'compute-engine',
      subAccountId: 'ml-1',
      usageQuantity: '86400',
    });
    expect(imported.find((l) => l.sourceLine === 4)).toMatchObject({ chargePeriodStart: '2017-11-01T05:00:00Z', currency: 'JPY' });
  });

  it('a credit in another currency than the cost is a line of its own, never summed with it', async () => {
    const row = [...rows[3]!];
    row[13] = 'EUR';
    const result = await app.services.budget.importFile({ file: write('gcp-mixed.csv', csv([header, row])) });
    expect(result.totals).toEqual({ EUR: '-0.25', USD: '1.5' });
  });
});

describe('Google Cloud BigQuery export as CSV, unnested', () => {
  const compute = '{"id":"6F81-5844-456A","description":"Compute Engine"}';
  const header = [
    'billing_account_id',
    'service',
    'sku',
    'usage_start_time',
    'usage_end_time',
    'project',
    'labels',
    'location',
    'cost',
    'currency',
    'usage_amount',
    'usage_unit',
    'credits',
    'invoice_month',
    'cost_type',
    'credits_name',
    'credits_amount',
    'credits_full_name',
    'credits_id',
    'credits_type',
  ];
  interface Item {
    sku: string;
    start: string;
    cost: string;
    currency: string;
    credits: Array<[name: string, amount: string, type: string]>;
  }
  const items: Item[] = [
    {
      sku: 'Nvidia Tesla A100 GPU running in Americas',
      start: '2024-03-01 10:00:00 UTC',
      cost: '2.933908',
      currency: 'USD',
      credits: [
        ['Sustained usage discount', '-0.5', 'SUSTAINED_USAGE_DISCOUNT'],
        ['Free trial', '-2.433908', 'FREE_TIER'],
      ],
    },
    { sku: 'A2 Instance Core running in Americas', start: '2024-03-01 10:00:00 UTC', cost: '0.031611', currency: 'USD', credits: [] },
    {
      sku: 'Storage PD Capacity',
      start: '2024-03-01 11:00:00 UTC',
      cost: '1.2E-4',
      currency: 'USD',
      credits: [['Committed use discount', '-2.0E-5', 'COMMITTED_USAGE_DISCOUNT']],
    },
    {
      sku: 'Nvidia Tesla A100 GPU running in EMEA',
      start: '2024-03-02 00:00:00 UTC',
      cost: '310',
      currency: 'JPY',
      credits: [
        ['Promotion', '-10', 'PROMOTION'],
        ['Discount', '-5', 'DISCOUNT'],
        ['Free trial', '-295', 'FREE_TIER'],
      ],
    },
  ];
  function rowsOf(withList: boolean): string[][] {
    return items
      .flatMap((it) => {
        const list = JSON.stringify(
          it.credits.map(([name, amount, type]) => ({ name, amount: Number(amount), full_name: name, id: name, type })),
        );
        const base = [
          '01A2B3-C4D5E6-F7G8H9',
          compute,
          JSON.stringify({ id: it.sku.slice(0, 4), description: it.sku }),
          it.start,
          it.start.replace(':00:00', ':59:59'),
          '{"id":"ml-prod","number":"123","name":"ML prod"}',
          '[{"key":"team","value":"ml"}]',
          '{"location":"us-central1","country":"US","region":"us-central1","zone":"us-central1-a"}',
          it.cost,
          it.currency,
          '3600',
          'seconds',
          withList ? list : '',
          '{"month":"202403"}',
          'regular',
        ];
        if (it.credits.length === 0) return [[...base, '', '', '', '', '']];
        return it.credits.map(([name, amount, type]) => [...base, name, amount, name, name, type]);
      })
      .map((r) => (withList ? r : [...r.slice(0, 12), ...r.slice(13)]));
  }
  const expected = sums(
    items.flatMap((it) => [[it.currency, it.cost] as [string, string], ...it.credits.map(([, a]) => [it.currency, a] as [string, string])]),
  );

  it('the credits list and its flattened copy: each line item once, every credit once', async () => {
    const result = await app.services.budget.importFile({ file: write('gcp-unnested.csv', csv([header, ...rowsOf(true)])) });
    expect(result.format).toBe('gcp');
    expect(result.totals).toEqual(expected);
    expect(result.totals).toEqual({ JPY: '0', USD: '0.031711' });
    expect(result.rowsRead).toBe(7);
    expect(result.rowsImported).toBe(4);
    const gpu = lines(result.importId).find((l) => l.sourceLine === 2)!;
    expect(gpu).toMatchObject({
      service: 'Compute Engine',
      sku: 'Nvidia Tesla A100 GPU running in Americas',
      subAccountId: 'ml-prod',
      region: 'us-central1',
      billedCost: '0',
      tags: { team: 'ml' },
    });
    expect(gpu.billingAccountId).toBe('01A2B3-C4D5E6-F7G8H9');
  });

  it('only the flattened credit columns (no list): each credit counted once, the cost once', async () => {
    const result = await app.services.budget.importFile({
      file: write('gcp-flat-only.csv', csv([header.filter((h) => h !== 'credits'), ...rowsOf(false)])),
    });
    expect(result.totals).toEqual(expected);
  });

  it('the same unnested rows in another order still count each credit once', async () => {
    const shuffled = rowsOf(true);
    shuffled.reverse();
    const result = await app.services.budget.importFile({ file: write('gcp-unnested-reversed.csv', csv([header, ...shuffled])) });
    expect(result.totals).toEqual(expected);
  });
});

// ---------------------------------------------------------------------------------------------------------------- Azure

const MCA_HEADER = [
  'invoiceId',
  'previousInvoiceId',
  'billingAccountId',
  'billingAccountName',
  'billingProfileId',
  'billingProfileName',
  'invoiceSectionId',
  'invoiceSectionName',
  'resellerName',
  'resellerMpnId',
  'costCenter',
  'billingPeriodEndDate',
  'billingPeriodStartDate',
  'servicePeriodEndDate',
  'servicePeriodStartDate',
  'date',
  'serviceFamily',
  'productOrderId',
  'productOrderName',
  'consumedService',
  'meterId',
  'meterName',
  'meterCategory',
  'meterSubCategory',
  'meterRegion',
  'ProductId',
  'ProductName',
  'SubscriptionId',
  'subscriptionName',
  'publisherType',
  'publisherId',
  'publisherName',
  'resourceGroupName',
  'ResourceId',
  'resourceLocation',
  'location',
  'effectivePrice',
  'quantity',
  'unitOfMeasure',
  'chargeType',
  'billingCurrency',
  'pricingCurrency',
  'costInBillingCurrency',
  'costInPricingCurrency',
  'costInUsd',
  'paygCostInBillingCurrency',
  'paygCostInUsd',
  'exchangeRatePricingToBilling',
  'exchangeRateDate',
  'isAzureCreditEligible',
  'serviceInfo1',
  'serviceInfo2',
  'additionalInfo',
  'tags',
  'PayGPrice',
  'frequency',
  'term',
  'reservationId',
  'reservationName',
  'pricingModel',
  'unitPrice',
  'costAllocationRuleName',
  'benefitId',
  'benefitName',
  'provider',
];
const CSP_EXTRA = [
  'partnerName',
  'partnerTenantId',
  'customerTenantId',
  'customerName',
  'partnerEarnedCreditRate',
  'partnerEarnedCreditApplied',
];

function mcaRow(date: string, cost: string, usd: string, currency: string, meter: string, chargeType = 'Usage', csp = false): string[] {
  const values: Record<string, string> = {
    billingAccountId: 'a1b2:c3d4_2019-05-31',
    billingPeriodStartDate: '05/01/2024',
    billingPeriodEndDate: '05/31/2024',
    servicePeriodStartDate: '05/01/2024',
    servicePeriodEndDate: '05/31/2024',
    date,
    meterName: meter,
    meterCategory: 'Virtual Machines',
    meterSubCategory: 'NCads A100 v4 Series',
    SubscriptionId: 'sub-1',
    ResourceId: '/subscriptions/sub-1/resourceGroups/ml/providers/Microsoft.Compute/virtualMachines/gpu-1',
    resourceLocation: 'westeurope',
    quantity: '1',
    unitOfMeasure: '1 Hour',
    chargeType,
    billingCurrency: currency,
    pricingCurrency: 'USD',
    costInBillingCurrency: cost,
    costInPricingCurrency: usd,
    costInUsd: usd,
    paygCostInBillingCurrency: cost,
    paygCostInUsd: usd,
    additionalInfo: '{"ServiceType":"Standard_NC24ads_A100_v4","VCPUs":24}',
    tags: '{"team":"ml","cost\\\\center":"42"}',
    pricingModel: 'OnDemand',
    partnerName: 'Contoso CSP',
    customerName: 'Fabrikam',
    partnerEarnedCreditApplied: 'true',
  };
  return [...MCA_HEADER, ...(csp ? CSP_EXTRA : [])].map((h) => values[h] ?? '');
}

describe('Azure exports', () => {
  const data: Array<[date: string, cost: string, usd: string, currency: string]> = [
    ['05/01/2024', '3.2567', '3.5', 'EUR'],
    ['05/13/2024', '0.000000123', '0.00000013', 'EUR'],
    ['05/31/2024', '-1.5', '-1.61', 'EUR'],
    ['05/13/2024', '2.5E-3', '0.0027', 'EUR'],
  ];

  it('Microsoft Customer Agreement (camelCase): costInBillingCurrency in billingCurrency, never costInUsd; dates MM/DD/YYYY', async () => {
    const result = await app.services.budget.importFile({
      file: write('part_0_0001.csv', csv([MCA_HEADER, ...data.map(([d, c, u, cur]) => mcaRow(d, c, u, cur, 'NC24ads A100 v4'))])),
    });
    expect(result).toMatchObject({ format: 'azure', description: 'Azure MCA', rowsImported: 4 });
    expect(result.totals).toEqual(sums(data.map(([, c, , cur]) => [cur, c])));
    const second = lines(result.importId).find((l) => l.sourceLine === 3)!;
    expect(second).toMatchObject({
      chargePeriodStart: '2024-05-13T00:00:00Z',
      instanceType: 'Standard_NC24ads_A100_v4',
      tags: { team: 'ml', 'cost\\center': '42' },
    });
  });

  it('CSP (partner) export: the same camelCase set with partner columns', async () => {
    const rows = data.map(([d, c, u, cur]) => mcaRow(d, c, u, cur, 'NC24ads A100 v4', 'Usage', true));
    const result = await app.services.budget.importFile({ file: write('csp.csv', csv([[...MCA_HEADER, ...CSP_EXTRA], ...rows])) });
    expect(result.format).toBe('azure');
    expect(result.totals).toEqual(sums(data.map(([, c, , cur]) => [cur, c])));
  });

  it('cost details API CSV (EA PascalCase, Cost in BillingCurrency)', async () => {
    const header = [
      'BillingAccountId',
      'BillingAccountName',
      'BillingPeriodStartDate',
      'BillingPeriodEndDate',
      'BillingProfileId',
      'BillingProfileName',
      'AccountOwnerId',
      'AccountName',
      'SubscriptionId',
      'SubscriptionName',
      'Date',
      'Product',
      'PartNumber',
      'MeterId',
      'ServiceFamily',
      'MeterCategory',
      'MeterSubCategory',
      'MeterRegion',
      'MeterName',
      'Quantity',
      'EffectivePrice',
      'Cost',
      'UnitPrice',
      'BillingCurrency',
      'ResourceLocation',
      'AvailabilityZone',
      'ConsumedService',
      'ResourceId',
      'ResourceName',
      'ServiceInfo1',
      'ServiceInfo2',
      'AdditionalInfo',
      'Tags',
      'InvoiceSectionId',
      'InvoiceSection',
      'CostCenter',
      'UnitOfMeasure',
      'ResourceGroup',
      'ReservationId',
      'ReservationName',
      'ProductOrderId',
      'ProductOrderName',
      'OfferId',
      'IsAzureCreditEligible',
      'Term',
      'PublisherName',
      'PlanName',
      'ChargeType',
      'Frequency',
      'PublisherType',
      'PayGPrice',
      'PricingModel',
      'CostAllocationRuleName',
      'benefitId',
      'benefitName',
    ];
    const rows = data.map(([d, c, , cur]) =>
      header.map(
        (h) =>
          (
            ({
              BillingAccountId: '12345678',
              Date: d,
              Cost: c,
              BillingCurrency: cur,
              MeterCategory: 'Virtual Machines',
              MeterName: 'NC6s v3',
              BillingPeriodStartDate: '05/01/2024',
              BillingPeriodEndDate: '05/31/2024',
              SubscriptionId: 'sub-2',
              ChargeType: 'Usage',
              Tags: '"team": "ml"',
            }) as Record<string, string>
          )[h] ?? '',
      ),
    );
    const result = await app.services.budget.importFile({ file: write('cost-details.csv', `\ufeff${csv([header, ...rows])}`) });
    expect(result).toMatchObject({ format: 'azure', description: 'Azure EA' });
    expect(result.totals).toEqual(sums(data.map(([, c, , cur]) => [cur, c])));
  });

  it('Azure FOCUS export: BilledCost in BillingCurrency, x_BilledCostInUsd ignored', async () => {
    const header = [
      'AvailabilityZone',
      'BilledCost',
      'BillingAccountId',
      'BillingAccountName',
      'BillingAccountType',
      'BillingCurrency',
      'BillingPeriodEnd',
      'BillingPeriodStart',
      'ChargeCategory',
      'ChargeClass',
      'ChargeDescription',
      'ChargeFrequency',
      'ChargePeriodEnd',
      'ChargePeriodStart',
      'ConsumedQuantity',
      'ConsumedUnit',
      'ContractedCost',
      'EffectiveCost',
      'InvoiceIssuerName',
      'ListCost',
      'PricingCategory',
      'ProviderName',
      'PublisherName',
      'RegionId',
      'RegionName',
      'ResourceId',
      'ResourceName',
      'ResourceType',
      'ServiceCategory',
      'ServiceName',
      'SkuId',
      'SkuPriceId',
      'SubAccountId',
      'SubAccountName',
      'Tags',
      'x_BilledCostInUsd',
      'x_EffectiveCostInUsd',
      'x_BillingExchangeRate',
      'x_PricingCurrency',
      'x_SkuMeterCategory',
    ];
    const rows = data.map(([d, c, u, cur]) => {
      const day = `${d.slice(6)}-${d.slice(0, 2)}-${d.slice(3, 5)}T00:00:00Z`;
      return header.map(
        (h) =>
          (
            ({
              BilledCost: c,
              BillingCurrency: cur,
              ChargePeriodStart: day,
              ChargePeriodEnd: day,
              ChargeCategory: c.startsWith('-') ? 'Credit' : 'Usage',
              EffectiveCost: c,
              ProviderName: 'Microsoft',
              RegionId: 'westeurope',
              ServiceName: 'Virtual Machines',
              x_BilledCostInUsd: u,
              x_EffectiveCostInUsd: u,
              Tags: '{"team":"ml"}',
              SkuPriceId: 'DZH318Z0BQPS',
              x_PricingCurrency: 'USD',
            }) as Record<string, string>
          )[h] ?? '',
      );
    });
    const result = await app.services.budget.importFile({ file: write('focus-azure.csv', csv([header, ...rows])) });
    expect(result.format).toBe('focus');
    expect(result.totals).toEqual(sums(data.map(([, c, , cur]) => [cur, c])));
  });
});

// ------------------------------------------------------------------------------------------------------------------ AWS

export const CUR2_HEADER = [
  'bill_bill_type',
  'bill_billing_entity',
  'bill_billing_period_end_date',
  'bill_billing_period_start_date',
  'bill_invoice_id',
  'bill_invoicing_entity',
  'bill_payer_account_id',
  'bill_payer_account_name',
  'cost_category',
  'discount',
  'identity_line_item_id',
  'identity_time_interval',
  'line_item_blended_cost',
  'line_item_currency_code',
  'line_item_line_item_description',
  'line_item_line_item_type',
  'line_item_net_unblended_cost',
  'line_item_product_code',
  'line_item_resource_id',
  'line_item_unblended_cost',
  'line_item_usage_account_id',
  'line_item_usage_account_name',
  'line_item_usage_amount',
  'line_item_usage_end_date',
  'line_item_usage_start_date',
  'line_item_usage_type',
  'pricing_term',
  'pricing_unit',
  'product',
  'product_instance_type',
  'product_region_code',
  'product_sku',
  'reservation_effective_cost',
  'resource_tags',
  'savings_plan_savings_plan_effective_cost',
];

describe('AWS Data Exports', () => {
  const data: Array<[type: string, cost: string, start: string, instance: string]> = [
    ['Usage', '32.77', '2024-04-01T00:00:00Z', 'p4d.24xlarge'],
    ['Usage', '0.0000004', '2024-04-01T01:00:00Z', ''],
    ['SavingsPlanCoveredUsage', '12.5', '2024-04-02T00:00:00Z', 'p5.48xlarge'],
    ['SavingsPlanNegation', '-12.5', '2024-04-02T00:00:00Z', 'p5.48xlarge'],
    ['Credit', '-3.25', '2024-04-30T00:00:00Z', ''],
    ['Tax', '1.2E-1', '2024-04-30T00:00:00Z', ''],
  ];

  it('CUR 2.0 CSV: map columns product and resource_tags read as maps', async () => {
    const rows = data.map(([type, cost, start, instance]) =>
      CUR2_HEADER.map(
        (h) =>
          (
            ({
              bill_billing_period_start_date: '2024-04-01T00:00:00Z',
              bill_billing_period_end_date: '2024-05-01T00:00:00Z',
              bill_payer_account_id: '111122223333',
              bill_payer_account_name: 'payer',
              line_item_line_item_type: type,
              line_item_unblended_cost: cost,
              line_item_blended_cost: '99',
              line_item_net_unblended_cost: '98',
              line_item_currency_code: 'USD',
              line_item_usage_start_date: start,
              line_item_usage_end_date: start,
              line_item_product_code: 'AmazonEC2',
              line_item_usage_account_id: '444455556666',
              product: JSON.stringify({ product_name: 'Amazon Elastic Compute Cloud', region: 'us-east-1', servicename: 'Amazon EC2' }),
              product_instance_type: instance,
              resource_tags: JSON.stringify({ user_team: 'ml', 'user_cost\\center': 'a"b' }),
              savings_plan_savings_plan_effective_cost: type === 'SavingsPlanCoveredUsage' ? '9.75' : '',
              cost_category: '{}',
              discount: '{}',
            }) as Record<string, string>
          )[h] ?? '',
      ),
    );
    const result = await app.services.budget.importFile({ file: write('cur2-00001.csv', csv([CUR2_HEADER, ...rows])) });
    expect(result).toMatchObject({ format: 'aws-athena', description: 'AWS CUR 2.0 (snake_case)' });
    expect(result.totals).toEqual(sums(data.map(([, c]) => ['USD', c])));
    const first = lines(result.importId).find((l) => l.sourceLine === 2)!;
    expect(first).toMatchObject({
      service: 'Amazon Elastic Compute Cloud',
      region: 'us-east-1',
      instanceType: 'p4d.24xlarge',
      tags: { team: 'ml', 'cost\\center': 'a"b' },
    });
  });

  const MAP_COLUMNS = new Set(['product', 'resource_tags', 'cost_category', 'discount']);

  it('CUR 2.0 Parquet (Data Exports): map columns product and resource_tags read as maps', async () => {
    const rows = data.map(([type, cost, start, instance], i) => ({
      bill_billing_period_start_date: '2024-04-01T00:00:00Z',
      bill_billing_period_end_date: '2024-05-01T00:00:00Z',
      bill_payer_account_id: '111122223333',
      bill_payer_account_name: 'payer',
      line_item_line_item_type: type,
      line_item_unblended_cost: cost,
      line_item_blended_cost: '99',
      line_item_currency_code: 'USD',
      line_item_usage_start_date: start,
      line_item_product_code: i === 1 ? null : 'AmazonEC2',
      line_item_usage_account_id: '444455556666',
      product: { product_name: 'Amazon Elastic Compute Cloud', region: 'us-east-1', servicename: 'Amazon EC2' },
      product_instance_type: instance || null,
      resource_tags:
        i === 2
          ? null
          : i === 3
            ? ({} as Record<string, string | null>)
            : { user_team: 'ml', 'user_cost\\center': 'a"b', aws_created_by: null },
      cost_category: {},
      discount: {},
    }));
    const columns = CUR2_HEADER.map((name) => ({ name, kind: MAP_COLUMNS.has(name) ? ('map' as const) : ('string' as const) }));
    const file = write('cur2-00001.snappy.parquet', '');
    fs.writeFileSync(file, writeParquet(columns, rows));
    const result = await app.services.budget.importFile({ file });
    expect(result).toMatchObject({
      format: 'aws-athena',
      description: 'AWS CUR 2.0 (snake_case)',
      container: 'parquet',
      rowsImported: data.length,
    });
    expect(result.totals).toEqual(sums(data.map(([, c]) => ['USD', c])));
    const imported = lines(result.importId);
    expect(imported.find((l) => l.sourceLine === 2)).toMatchObject({
      service: 'Amazon Elastic Compute Cloud',
      region: 'us-east-1',
      instanceType: 'p4d.24xlarge',
      tags: { team: 'ml', 'cost\\center': 'a"b' },
    });
    // No product code: the service is the product map's product_name.
    expect(imported.find((l) => l.sourceLine === 3)).toMatchObject({ service: 'Amazon Elastic Compute Cloud', tags: { team: 'ml' } });
    expect(imported.find((l) => l.sourceLine === 4)!.tags).toEqual({});
  });

  it('AWS FOCUS export as Parquet: Tags a map column', async () => {
    const columns = [
      ['BilledCost', 'string'],
      ['BillingCurrency', 'string'],
      ['ChargePeriodStart', 'string'],
      ['ChargeCategory', 'string'],
      ['ServiceName', 'string'],
      ['Tags', 'map'],
      ['x_Discounts', 'map'],
    ].map(([name, kind]) => ({ name: name!, kind: kind as 'string' | 'map' }));
    const rows = data.map(([type, cost, start]) => ({
      BilledCost: cost,
      BillingCurrency: 'USD',
      ChargePeriodStart: start,
      ChargeCategory: type === 'Credit' ? 'Credit' : 'Usage',
      ServiceName: 'Amazon Elastic Compute Cloud',
      Tags: { 'user:team': 'ml' },
      x_Discounts: {},
    }));
    const file = write('focus-00001.snappy.parquet', '');
    fs.writeFileSync(file, writeParquet(columns, rows));
    const result = await app.services.budget.importFile({ file });
    expect(result).toMatchObject({ format: 'focus', container: 'parquet' });
    expect(result.totals).toEqual(sums(data.map(([, c]) => ['USD', c])));
    expect(lines(result.importId)[0]!.tags).toEqual({ 'user:team': 'ml' });
  });

  it('FOCUS 1.0 with AWS columns: BilledCost, never x_ amounts; credits negative', async () => {
    const header = [
      'AvailabilityZone',
      'BilledCost',
      'BillingAccountId',
      'BillingAccountName',
      'BillingCurrency',
      'BillingPeriodEnd',
      'BillingPeriodStart',
      'ChargeCategory',
      'ChargeClass',
      'ChargeDescription',
      'ChargeFrequency',
      'ChargePeriodEnd',
      'ChargePeriodStart',
      'CommitmentDiscountCategory',
      'CommitmentDiscountId',
      'ConsumedQuantity',
      'ConsumedUnit',
      'ContractedCost',
      'EffectiveCost',
      'InvoiceIssuerName',
      'ListCost',
      'PricingCategory',
      'ProviderName',
      'PublisherName',
      'RegionId',
      'RegionName',
      'ResourceId',
      'ServiceCategory',
      'ServiceName',
      'SkuId',
      'SubAccountId',
      'Tags',
      'x_CostCategories',
      'x_Discounts',
      'x_Operation',
      'x_ServiceCode',
      'x_UsageType',
    ];
    const rows = data.map(([type, cost, start]) =>
      header.map(
        (h) =>
          (
            ({
              BilledCost: type === 'SavingsPlanCoveredUsage' ? '0' : cost,
              EffectiveCost: cost,
              BillingCurrency: 'USD',
              ChargePeriodStart: start,
              ChargePeriodEnd: start,
              ChargeCategory: type === 'Credit' ? 'Credit' : type === 'Tax' ? 'Tax' : 'Usage',
              ProviderName: 'AWS',
              ServiceName: 'Amazon Elastic Compute Cloud',
              RegionId: 'us-east-1',
              Tags: '{"user:team":"ml"}',
              x_Discounts: '{"bundled_discount":-1}',
              x_CostCategories: '{}',
              BillingPeriodStart: '2024-04-01T00:00:00Z',
              BillingPeriodEnd: '2024-05-01T00:00:00Z',
            }) as Record<string, string>
          )[h] ?? '',
      ),
    );
    const result = await app.services.budget.importFile({ file: write('focus-aws-00001.csv', csv([header, ...rows])) });
    expect(result.format).toBe('focus');
    expect(result.totals).toEqual(sums(data.map(([type, c]) => ['USD', type === 'SavingsPlanCoveredUsage' ? '0' : c])));
  });
});

// -------------------------------------------------------------------------------------------------------- unknown files

describe('an unknown header still asks for a mapping', () => {
  it('names the path once and lists the columns it looked for', async () => {
    const file = write('ledger.csv', 'when,amount,what\n2024-01-01,3,gpu\n');
    const error = await refusal(app.services.budget.importFile({ file }));
    expect(error.code).toBe('UNKNOWN_FORMAT');
    expect(error.message).toMatch(/choose a column mapping/);
    for (const col of ['BilledCost', 'lineItem/UnblendedCost', 'MeterCategory', 'usage_start_time', 'Line Item', 'cost/myCost'])
      expect(error.message).toContain(col);
    let stderr = '';
    const code = await runCli(['import', file, '--db', path.join(tmp.dir, 'cli.db')], {
      stdout: () => undefined,
      stderr: (t: string) => (stderr += t),
      cwd: tmp.dir,
    } as never);
    expect(code).toBe(1);
    expect(stderr.split(file).length - 1).toBe(1);
    expect(stderr).toContain('cost/myCost');
  });
});
