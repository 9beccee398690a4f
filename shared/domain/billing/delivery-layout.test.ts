import { describe, expect, it } from 'vitest';
import { exportPartOf, isBillingDataFile, manifestKeys, planDeliveries, type FolderFile } from './delivery-layout';

const f = (path: string, mtimeMs = 1): FolderFile => ({ path, size: 10, mtimeMs });

describe('billing delivery layouts', () => {
  it('data files, manifests and copy tools’ temporary files', () => {
    for (const p of ['a/report-1.csv.gz', 'x.parquet', 'part_0_0001.csv', 'oci/reports/cost-csv/0001000000812345.csv.gz', 'export.zip'])
      expect(isBillingDataFile(p)).toBe(true);
    for (const p of [
      'a/report-Manifest.json',
      'manifest.json',
      'a/.hidden.csv',
      'b/x.csv.partial',
      'c/x.csv.tmp',
      'd/x.csv~',
      'notes.md',
      'e/x.gstmp',
    ])
      expect(isBillingDataFile(p)).toBe(false);
  });

  it('manifest keys: AWS CUR reportKeys, Data Exports dataFiles, Azure blobs', () => {
    expect(manifestKeys('{"reportKeys":["cur/r/20240101-20240201/a/r-1.csv.gz"]}')).toEqual(['cur/r/20240101-20240201/a/r-1.csv.gz']);
    expect(manifestKeys('{"dataFiles":["s3://b/exp/data/BILLING_PERIOD=2024-04/exp-00001.snappy.parquet"]}')).toEqual([
      's3://b/exp/data/BILLING_PERIOD=2024-04/exp-00001.snappy.parquet',
    ]);
    expect(manifestKeys('{"blobs":[{"blobName":"exports/daily/20240401-20240430/run-1/part_0_0001.csv","byteCount":12}]}')).toEqual([
      'exports/daily/20240401-20240430/run-1/part_0_0001.csv',
    ]);
    expect(manifestKeys('not json')).toBeNull();
    expect(manifestKeys('{"other":1}')).toBeNull();
  });

  it('AWS CUR: the manifest’s assembly is one delivery; older assemblies of the period are superseded', () => {
    const files = [
      f('mirror/cur/r/20240101-20240201/old-assembly/r-1.csv.gz', 1),
      f('mirror/cur/r/20240101-20240201/old-assembly/r-2.csv.gz', 1),
      f('mirror/cur/r/20240101-20240201/new-assembly/r-1.csv.gz', 5),
      f('mirror/cur/r/20240101-20240201/new-assembly/r-2.csv.gz', 5),
      f('mirror/cur/r/20240201-20240301/only/r-1.csv.gz', 3),
    ];
    const plan = planDeliveries(files, [
      {
        path: 'mirror/cur/r/20240101-20240201/r-Manifest.json',
        mtimeMs: 5,
        keys: ['cur/r/20240101-20240201/new-assembly/r-1.csv.gz', 'cur/r/20240101-20240201/new-assembly/r-2.csv.gz'],
      },
    ]);
    expect(plan.deliveries.map((d) => d.files.map((x) => x.path))).toEqual([
      ['mirror/cur/r/20240201-20240301/only/r-1.csv.gz'],
      ['mirror/cur/r/20240101-20240201/new-assembly/r-1.csv.gz', 'mirror/cur/r/20240101-20240201/new-assembly/r-2.csv.gz'],
    ]);
    expect(plan.superseded.map((s) => s.path).sort()).toEqual([
      'mirror/cur/r/20240101-20240201/old-assembly/r-1.csv.gz',
      'mirror/cur/r/20240101-20240201/old-assembly/r-2.csv.gz',
    ]);
  });

  it('AWS Data Exports: the metadata manifest’s data files; others in their folder are superseded; a missing part waits', () => {
    const files = [
      f('exp/data/BILLING_PERIOD=2024-04/exp-00001.snappy.parquet', 2),
      f('exp/data/BILLING_PERIOD=2024-04/exp-00002.snappy.parquet', 2),
      f('exp/data/BILLING_PERIOD=2024-04/stale-00001.snappy.parquet', 1),
    ];
    const manifest = {
      path: 'exp/metadata/BILLING_PERIOD=2024-04/exp-Manifest.json',
      mtimeMs: 2,
      keys: [
        's3://bucket/prefix/exp/data/BILLING_PERIOD=2024-04/exp-00001.snappy.parquet',
        's3://bucket/prefix/exp/data/BILLING_PERIOD=2024-04/exp-00002.snappy.parquet',
      ],
    };
    const plan = planDeliveries(files, [manifest]);
    expect(plan.deliveries).toHaveLength(1);
    expect(plan.deliveries[0]!.files).toHaveLength(2);
    expect(plan.superseded.map((s) => s.path)).toEqual(['exp/data/BILLING_PERIOD=2024-04/stale-00001.snappy.parquet']);
    const partial = planDeliveries(files.slice(1), [manifest]);
    expect(partial.deliveries).toEqual([]);
    expect(partial.waiting).toEqual([
      {
        manifest: manifest.path,
        missing: [manifest.keys[0]],
        present: ['exp/data/BILLING_PERIOD=2024-04/exp-00002.snappy.parquet', 'exp/data/BILLING_PERIOD=2024-04/stale-00001.snappy.parquet'],
      },
    ]);
  });

  it('Azure exports: each run’s manifest is a delivery (partitioned parts together), runs in the order they were written', () => {
    const files = [
      f('daily/20240401-20240430/run-b/part_0_0001.csv', 20),
      f('daily/20240401-20240430/run-b/part_0_0002.csv', 20),
      f('daily/20240401-20240430/run-a/part_0_0001.csv', 10),
    ];
    const plan = planDeliveries(files, [
      { path: 'daily/20240401-20240430/run-a/manifest.json', mtimeMs: 10, keys: ['daily/20240401-20240430/run-a/part_0_0001.csv'] },
      {
        path: 'daily/20240401-20240430/run-b/manifest.json',
        mtimeMs: 20,
        keys: ['daily/20240401-20240430/run-b/part_0_0001.csv', 'daily/20240401-20240430/run-b/part_0_0002.csv'],
      },
    ]);
    expect(plan.deliveries.map((d) => d.key)).toEqual([
      'daily/20240401-20240430/run-a/manifest.json',
      'daily/20240401-20240430/run-b/manifest.json',
    ]);
    expect(plan.superseded).toEqual([]);
  });

  it('OCI numbered report files and files without a manifest: one delivery each, in order written then numbered', () => {
    const files = [
      f('reports/cost-csv/0001000000812345-00002.csv.gz', 7),
      f('reports/cost-csv/0001000000812345-00001.csv.gz', 7),
      f('reports/cost-csv/0001000000812346-00001.csv.gz', 9),
    ];
    expect(planDeliveries(files, []).deliveries.map((d) => d.key)).toEqual([
      'reports/cost-csv/0001000000812345-00001.csv.gz',
      'reports/cost-csv/0001000000812345-00002.csv.gz',
      'reports/cost-csv/0001000000812346-00001.csv.gz',
    ]);
  });
});

describe('parts of an export split into files without a manifest (issue 26 item 2)', () => {
  it('BigQuery shards, Azure and Spark partitions and AWS CUR parts name their delivery; other names are whole files', () => {
    const stem = (name: string, dialect = 'focus') => exportPartOf(name, dialect)?.stem ?? null;
    expect(stem('billing-000000000000.csv', 'gcp')).toBe('billing');
    expect(stem('exports/Billing-000000000017.csv.gz', 'gcp')).toBe('billing');
    expect(stem('part_0_0001.csv', 'azure')).toBe('part');
    expect(stem('run/part_1_0002.csv', 'azure')).toBe('part');
    expect(stem('part-00000-1b2c3d.c000.csv', 'aws-athena')).toBe('part');
    expect(stem('focus_part2.csv')).toBe('focus_part');
    expect(stem('Oct2018-WorkshopCUR-00001.snappy.parquet', 'aws-cur')).toBe('oct2018-workshopcur');
    expect(stem('gpu-report-1.csv.gz', 'aws-cur')).toBe('gpu-report');
    // Whole files: a date is not a part number, nor is a trailing number outside AWS CUR, nor a timestamp.
    for (const [name, dialect] of [
      ['cur-2024-01.csv', 'aws-cur'],
      ['cur-2024-01-05.csv', 'aws-cur'],
      ['focus-1.csv', 'focus'],
      ['export-202401311200.csv', 'focus'],
      ['apart2.csv', 'focus'],
      ['focus_sample.csv', 'focus'],
      ['EA_ActualCost_Small.csv', 'azure'],
      ['2022-08-01_5.csv', 'gcp'],
    ])
      expect(exportPartOf(name!, dialect!)).toBeNull();
  });
});
