import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { resourcesDir, tempDir } from '../../test-support/paths';
import { openDatabase } from '../connection';
import { migrate } from '../migrate';
import { selectOffering, selectProvider } from '../queries/catalog';
import gpusJson from '../../../resources/catalog/gpus.json';
import offeringsJson from '../../../resources/catalog/offerings.json';
import providersJson from '../../../resources/catalog/providers.json';
import type { Gpu } from '../../../shared/domain/catalog';
import { insertGpu } from '../queries/catalog';
import { migrations } from './index';

// Migration 0011 on a database seeded at version 8 (the bundled catalog as it was: no limits, no host disk).
const t = tempDir();
afterAll(() => t.remove());

describe('migration 0011 (budget credits, provider limits, host disk)', () => {
  it('adds the credits table and gives a seeded database the bundled limits and host figures', () => {
    const file = path.join(t.dir, 'v8.sqlite');
    const db = new BetterSqlite3(file);
    db.pragma('foreign_keys = ON');
    migrate(db, migrations.slice(0, 8));
    // The bundled catalog as a version-8 seed wrote it: its columns only, the HF flavors without vCPUs/RAM.
    for (const g of gpusJson.gpus as unknown as Gpu[]) insertGpu(db, g);
    const provider = db.prepare('INSERT INTO providers (id, name, kind, website) VALUES (?, ?, ?, ?)');
    for (const p of providersJson.providers) provider.run(p.id, p.name, p.kind, p.website);
    const offering = db.prepare(
      'INSERT INTO offerings (id, provider_id, sku, gpu_id, gpu_count, vcpus, ram_gib) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const o of offeringsJson.offerings)
      offering.run(
        o.id,
        o.providerId,
        o.sku,
        o.gpuId,
        o.gpuCount,
        o.id.startsWith('hf-jobs') ? null : o.vcpus,
        o.id.startsWith('hf-jobs') ? null : o.ramGiB,
      );
    db.prepare(
      "INSERT INTO offerings (id, provider_id, sku, gpu_id, gpu_count, user_defined) VALUES ('mine', 'aws', 'x', 't4-16gb', 1, 1)",
    ).run();
    migrate(db, migrations);
    expect(selectProvider(db, 'google-colab')!.limits).toMatchObject({ sessionHours: 24 });
    expect(selectProvider(db, 'runpod')!.limits).toBeNull();
    expect(selectOffering(db, 'azure-nc6s-v3')).toMatchObject({ localDiskGB: 736, vcpus: 6, ramGiB: 112 });
    expect(selectOffering(db, 'azure-nc6s-v3')!.hostSource).toContain('seed 003');
    expect(selectOffering(db, 'hf-jobs-a10g-large')).toMatchObject({ vcpus: 12, ramGiB: 46, localDiskGB: null });
    expect(selectOffering(db, 'mine')).toMatchObject({ localDiskGB: null, hostSource: null });
    expect(() =>
      db
        .prepare(
          "INSERT INTO budget_credits (project_id, name, amount, currency, granted_on, expires_on, source, created_at) VALUES ('vitaldb-2025', 'x', '1', 'USD', '2026-01-02', '2026-01-01', 's', 'now')",
        )
        .run(),
    ).toThrow(/CHECK/);
    db.close();
  });

  it('a new database gets the same figures from the seed', () => {
    const { db } = openDatabase(path.join(t.dir, 'new.sqlite'), { resourcesDir });
    expect(selectProvider(db, 'hf-jobs')!.limits).toMatchObject({ jobTimeoutDefaultHours: 0.5 });
    expect(selectOffering(db, 'aws-g4dn-xlarge')).toMatchObject({ localDiskGB: 125, vcpus: 4, ramGiB: 16 });
    db.close();
  });
});
