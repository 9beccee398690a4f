/** Storage and data-transfer price rows (table data_rates, migration 0013). */
import type { Database } from 'better-sqlite3';
import type { DataRate, TransferTier } from '../../../shared/domain/data-costs/rate-schema';

interface Row {
  id: string;
  provider_id: string;
  category: DataRate['category'];
  sku: string;
  unit: DataRate['unit'];
  usd: string | null;
  disk_gb: number | null;
  tiers_json: string | null;
  region: string;
  as_of: string;
  source: string;
  notes: string;
  edited: number;
}

export type StoredDataRate = DataRate & { edited: boolean };

function fromRow(r: Row): StoredDataRate {
  return {
    id: r.id,
    providerId: r.provider_id,
    category: r.category,
    sku: r.sku,
    unit: r.unit,
    usd: r.usd,
    diskGb: r.disk_gb,
    tiers: r.tiers_json === null ? null : (JSON.parse(r.tiers_json) as TransferTier[]),
    region: r.region,
    asOf: r.as_of,
    source: r.source,
    notes: r.notes,
    edited: r.edited === 1,
  };
}

export function selectDataRates(db: Database): StoredDataRate[] {
  return (db.prepare('SELECT * FROM data_rates ORDER BY provider_id, category, sku').all() as Row[]).map(fromRow);
}

export function selectDataRate(db: Database, id: string): StoredDataRate | undefined {
  const row = db.prepare('SELECT * FROM data_rates WHERE id = ?').get(id) as Row | undefined;
  return row ? fromRow(row) : undefined;
}

/** Adds a row; with `onlyMissing`, a row whose id is already there is left as it is (the user's edits stay). */
export function insertDataRate(db: Database, r: DataRate, options: { onlyMissing?: boolean } = {}): void {
  db.prepare(
    `INSERT ${options.onlyMissing ? 'OR IGNORE ' : ''}INTO data_rates
       (id, provider_id, category, sku, unit, usd, disk_gb, tiers_json, region, as_of, source, notes)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    r.id,
    r.providerId,
    r.category,
    r.sku,
    r.unit,
    r.usd,
    r.diskGb,
    r.tiers === null ? null : JSON.stringify(r.tiers),
    r.region,
    r.asOf,
    r.source,
    r.notes,
  );
}

/** A new price for a row: the amount (or tiers), the day it was seen, where and notes; marks the row edited. */
export function updateDataRatePrice(
  db: Database,
  id: string,
  change: Pick<DataRate, 'usd' | 'tiers' | 'asOf' | 'source' | 'notes' | 'region'>,
): void {
  db.prepare(`UPDATE data_rates SET usd = ?, tiers_json = ?, as_of = ?, source = ?, notes = ?, region = ?, edited = 1 WHERE id = ?`).run(
    change.usd,
    change.tiers === null ? null : JSON.stringify(change.tiers),
    change.asOf,
    change.source,
    change.notes,
    change.region,
    id,
  );
}
