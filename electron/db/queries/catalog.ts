/** Catalog SQL: parameterized statements only. Rows are mapped to the domain types of shared/domain/catalog. */
import type { Database } from 'better-sqlite3';
import type { Gpu, Offering, Price, PriceKind, PriceUnit, Provider, ProviderKind, ProviderLimits } from '../../../shared/domain/catalog';

interface GpuRow {
  id: string;
  name: string;
  vendor: string;
  architecture: string | null;
  memory_gib: number;
  memory_bandwidth_gbs: number;
  tflops_fp32: number | null;
  tflops_tf32: number | null;
  tflops_fp16: number | null;
  tflops_bf16: number | null;
  tflops_fp8: number | null;
  tdp_watts: number | null;
  interconnect_gbs: number | null;
  source: string;
  notes: string | null;
}
interface OfferingRow {
  id: string;
  provider_id: string;
  sku: string;
  gpu_id: string;
  gpu_count: number;
  vcpus: number | null;
  ram_gib: number | null;
  region: string | null;
  notes: string | null;
  power_watts: number | null;
  user_defined: number;
  provider_name: string;
  local_disk_gb: number | null;
  host_source: string | null;
}
interface ProviderRow {
  id: string;
  name: string;
  kind: ProviderKind;
  website: string | null;
  limits_json: string | null;
}
const toProvider = (r: ProviderRow): Provider => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  website: r.website,
  limits: r.limits_json ? (JSON.parse(r.limits_json) as ProviderLimits) : null,
});
interface PriceRow {
  id: number;
  offering_id: string;
  kind: string;
  usd: number;
  per: string;
  usd_low: number | null;
  usd_high: number | null;
  as_of: string;
  source: string;
  notes: string | null;
  recorded_at: string;
}

const toGpu = (r: GpuRow): Gpu => ({
  id: r.id,
  name: r.name,
  vendor: r.vendor,
  architecture: r.architecture,
  memoryGiB: r.memory_gib,
  memoryBandwidthGBs: r.memory_bandwidth_gbs,
  tflops: { fp32: r.tflops_fp32, tf32: r.tflops_tf32, fp16: r.tflops_fp16, bf16: r.tflops_bf16, fp8: r.tflops_fp8 },
  tdpWatts: r.tdp_watts,
  interconnectGBs: r.interconnect_gbs,
  source: r.source,
  notes: r.notes,
});
const toOffering = (r: OfferingRow): Offering & { providerName: string } => ({
  id: r.id,
  providerId: r.provider_id,
  providerName: r.provider_name,
  sku: r.sku,
  gpuId: r.gpu_id,
  gpuCount: r.gpu_count,
  vcpus: r.vcpus,
  ramGiB: r.ram_gib,
  region: r.region,
  notes: r.notes,
  powerWatts: r.power_watts,
  userDefined: r.user_defined === 1,
  localDiskGB: r.local_disk_gb,
  hostSource: r.host_source,
});
const toPrice = (r: PriceRow): Price => ({
  id: r.id,
  offeringId: r.offering_id,
  kind: r.kind as PriceKind,
  usd: r.usd,
  per: r.per as PriceUnit,
  usdLow: r.usd_low,
  usdHigh: r.usd_high,
  asOf: r.as_of,
  source: r.source,
  notes: r.notes,
  recordedAt: r.recorded_at,
});

export function insertGpu(db: Database, g: Gpu): void {
  db.prepare(
    `INSERT INTO gpus (id, name, vendor, architecture, memory_gib, memory_bandwidth_gbs, tflops_fp32, tflops_tf32, tflops_fp16, tflops_bf16, tflops_fp8, tdp_watts, interconnect_gbs, source, notes)
     VALUES (@id, @name, @vendor, @architecture, @memoryGiB, @memoryBandwidthGBs, @fp32, @tf32, @fp16, @bf16, @fp8, @tdpWatts, @interconnectGBs, @source, @notes)`,
  ).run({ ...g, ...g.tflops });
}

export function insertProvider(db: Database, p: Provider): void {
  db.prepare('INSERT INTO providers (id, name, kind, website, limits_json) VALUES (@id, @name, @kind, @website, @limits)').run({
    ...p,
    limits: p.limits ? JSON.stringify(p.limits) : null,
  });
}

export function insertOffering(db: Database, o: Offering): void {
  db.prepare(
    `INSERT INTO offerings (id, provider_id, sku, gpu_id, gpu_count, vcpus, ram_gib, region, notes, power_watts, user_defined, local_disk_gb, host_source)
     VALUES (@id, @providerId, @sku, @gpuId, @gpuCount, @vcpus, @ramGiB, @region, @notes, @powerWatts, @userDefined, @localDiskGB, @hostSource)`,
  ).run({ ...o, userDefined: o.userDefined ? 1 : 0, localDiskGB: o.localDiskGB ?? null, hostSource: o.hostSource ?? null });
}

export function updateOffering(db: Database, o: Offering): void {
  db.prepare(
    `UPDATE offerings SET provider_id = @providerId, sku = @sku, gpu_id = @gpuId, gpu_count = @gpuCount, vcpus = @vcpus, ram_gib = @ramGiB,
       region = @region, notes = @notes, power_watts = @powerWatts WHERE id = @id AND deleted_at IS NULL`,
  ).run(o);
}

/** Offerings are soft-deleted so that plans and history can still name what they used. */
export function markOfferingDeleted(db: Database, id: string, at: string): number {
  return db.prepare('UPDATE offerings SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL').run(at, id).changes;
}

export function insertPrice(db: Database, p: Omit<Price, 'id'>): number {
  const info = db
    .prepare(
      `INSERT INTO prices (offering_id, kind, usd, per, usd_low, usd_high, as_of, source, notes, recorded_at)
       VALUES (@offeringId, @kind, @usd, @per, @usdLow, @usdHigh, @asOf, @source, @notes, @recordedAt)`,
    )
    .run(p);
  return Number(info.lastInsertRowid);
}

export function selectGpus(db: Database): Gpu[] {
  return (db.prepare('SELECT * FROM gpus ORDER BY memory_gib, name').all() as GpuRow[]).map(toGpu);
}

export function selectGpu(db: Database, id: string): Gpu | undefined {
  const row = db.prepare('SELECT * FROM gpus WHERE id = ?').get(id) as GpuRow | undefined;
  return row ? toGpu(row) : undefined;
}

export function selectProviders(db: Database): Provider[] {
  return (db.prepare('SELECT * FROM providers ORDER BY name').all() as ProviderRow[]).map(toProvider);
}

export function selectProvider(db: Database, id: string): Provider | undefined {
  const row = db.prepare('SELECT * FROM providers WHERE id = ?').get(id) as ProviderRow | undefined;
  return row ? toProvider(row) : undefined;
}

const OFFERING_SELECT = `SELECT o.*, p.name AS provider_name FROM offerings o JOIN providers p ON p.id = o.provider_id`;

export function selectOfferings(db: Database, options: { includeDeleted?: boolean } = {}): Array<Offering & { providerName: string }> {
  const where = options.includeDeleted ? '' : ' WHERE o.deleted_at IS NULL';
  return (db.prepare(`${OFFERING_SELECT}${where} ORDER BY p.name, o.sku`).all() as OfferingRow[]).map(toOffering);
}

export function selectOffering(db: Database, id: string): (Offering & { providerName: string }) | undefined {
  const row = db.prepare(`${OFFERING_SELECT} WHERE o.id = ? AND o.deleted_at IS NULL`).get(id) as OfferingRow | undefined;
  return row ? toOffering(row) : undefined;
}

/** The current price of each kind per offering: the latest asOf, then the latest recorded. */
export function selectCurrentPrices(db: Database): Price[] {
  return (
    db
      .prepare(
        `SELECT * FROM (
           SELECT pr.*, ROW_NUMBER() OVER (PARTITION BY pr.offering_id, pr.kind ORDER BY pr.as_of DESC, pr.recorded_at DESC, pr.id DESC) AS rn
           FROM prices pr) WHERE rn = 1 ORDER BY offering_id, kind`,
      )
      .all() as PriceRow[]
  ).map(toPrice);
}

export function selectPriceHistory(db: Database, offeringId: string): Price[] {
  return (
    db.prepare('SELECT * FROM prices WHERE offering_id = ? ORDER BY as_of DESC, recorded_at DESC, id DESC').all(offeringId) as PriceRow[]
  ).map(toPrice);
}

export function selectPrice(db: Database, id: number): Price | undefined {
  const row = db.prepare('SELECT * FROM prices WHERE id = ?').get(id) as PriceRow | undefined;
  return row ? toPrice(row) : undefined;
}
