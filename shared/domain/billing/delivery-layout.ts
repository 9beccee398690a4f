/**
 * How cloud providers lay billing exports out in a bucket, and so in a folder mirrored from it (`aws s3 sync`,
 * `azcopy sync`, `gsutil rsync`, `oci os object bulk-download`, `rclone`): which files are billing data, which files
 * form one delivery, and which older files a newer delivery supersedes. Pure: the caller lists the folder.
 *
 * - AWS CUR (legacy): `<prefix>/<report>/YYYYMMDD-YYYYMMDD/<report>-Manifest.json` lists `reportKeys`, the parts of the
 *   latest delivery in `YYYYMMDD-YYYYMMDD/<assemblyId>/`; parts of older assemblies beside them are superseded.
 * - AWS Data Exports (CUR 2.0, FOCUS): `metadata/BILLING_PERIOD=YYYY-MM/<export>-Manifest.json` lists `dataFiles`
 *   (s3:// URIs) in `data/BILLING_PERIOD=YYYY-MM/`; files of that folder it does not list are superseded.
 * - Azure cost exports: `<export>/YYYYMMDD-YYYYMMDD/<runId>/manifest.json` lists `blobs[].blobName` (partitioned
 *   `part_0_0001.csv` …); older exports write one file per run in the dated folder.
 * - OCI: `reports/cost-csv/<n>.csv.gz`, numbered files that each add six hours; GCP file export: one file per day.
 * A file that no manifest lists is a delivery of its own.
 */

export interface FolderFile {
  /** Path relative to the source folder, `/`-separated. */
  path: string;
  size: number;
  mtimeMs: number;
  /**
   * What changes with the file's content even when its size and modification time are kept (the caller's: POSIX
   * inode and status-change time, which no writer can set back); absent where it cannot be read.
   */
  changeStamp?: string;
}

export interface Manifest {
  /** Path of the manifest file, relative to the source folder. */
  path: string;
  mtimeMs: number;
  /** Object keys or URIs as the manifest writes them. */
  keys: string[];
}

export interface Delivery {
  /** The manifest's path, or the file's own path. */
  key: string;
  /** Parts of the delivery in import order. */
  files: FolderFile[];
  manifest: string | null;
}

export interface DeliveryPlan {
  deliveries: Delivery[];
  /** Files a newer manifest no longer lists (an older assembly of the same period). */
  superseded: Array<{ path: string; manifest: string }>;
  /** Manifests whose parts are not all in the folder yet (a mirror still copying): nothing of them is imported yet. */
  waiting: Array<{ manifest: string; missing: string[]; present: string[] }>;
}

const DATA_FILE = /\.(csv|tsv|txt|parquet|csv\.gz|tsv\.gz|gz|zip)$/i;
const MANIFEST = /(^|[-_/])manifest\.json$/i;
/** Hidden files and the temporary files of copy tools (rclone `.partial`, azcopy, gsutil `_.gstmp`, browsers). */
const TEMPORARY = /(^|\/)\.|\.(partial|part|tmp|temp|crdownload|download|gstmp)$|~$/i;

export function isManifestFile(path: string): boolean {
  return MANIFEST.test(path) && !TEMPORARY.test(path);
}

export function isBillingDataFile(path: string): boolean {
  return DATA_FILE.test(path) && !TEMPORARY.test(path) && !isManifestFile(path);
}

/** The keys a manifest lists: AWS CUR `reportKeys`, AWS Data Exports `dataFiles`, Azure `blobs[].blobName`. */
export function manifestKeys(text: string): string[] | null {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const m = json as Record<string, unknown>;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const keys = [...strings(m.reportKeys), ...strings(m.dataFiles)];
  if (Array.isArray(m.blobs))
    for (const b of m.blobs as unknown[])
      if (b && typeof (b as { blobName?: unknown }).blobName === 'string') keys.push((b as { blobName: string }).blobName);
  return keys.length > 0 ? keys : null;
}

const segments = (p: string) =>
  p
    .replace(/^[a-z0-9]+:\/\/[^/]+\//i, '')
    .split('/')
    .filter((s) => s !== '');
const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

/** The folder file a manifest key names: the longest run of trailing path segments they share (at least the name). */
function resolveKey(key: string, byName: Map<string, FolderFile[]>): FolderFile | null {
  const k = segments(key);
  const candidates = byName.get(k[k.length - 1] ?? '') ?? [];
  let best: FolderFile | null = null;
  let bestShared = 0;
  for (const f of candidates) {
    const s = segments(f.path);
    let shared = 0;
    while (shared < s.length && shared < k.length && s[s.length - 1 - shared] === k[k.length - 1 - shared]) shared += 1;
    if (shared > bestShared) {
      best = f;
      bestShared = shared;
    }
  }
  return best;
}

/** Deliveries in the order they were written (newest part's time, then path): a restatement comes after what it restates. */
export function planDeliveries(files: readonly FolderFile[], manifests: readonly Manifest[]): DeliveryPlan {
  const data = files.filter((f) => isBillingDataFile(f.path));
  const byName = new Map<string, FolderFile[]>();
  for (const f of data) {
    const name = f.path.slice(f.path.lastIndexOf('/') + 1);
    byName.set(name, [...(byName.get(name) ?? []), f]);
  }
  const claimed = new Map<string, string>();
  const superseded: DeliveryPlan['superseded'] = [];
  const waiting: DeliveryPlan['waiting'] = [];
  const deliveries: Delivery[] = [];
  // Newest manifest first: a file two manifests list belongs to the newer delivery.
  for (const m of [...manifests].sort((a, b) => b.mtimeMs - a.mtimeMs || b.path.localeCompare(a.path))) {
    const parts: FolderFile[] = [];
    const missing: string[] = [];
    for (const key of m.keys) {
      const f = resolveKey(key, byName);
      if (f) parts.push(f);
      else missing.push(key);
    }
    const fresh = parts.filter((f) => !claimed.has(f.path));
    for (const f of parts) claimed.set(f.path, m.path);
    // The folders the manifest's parts live in, and (AWS CUR) the manifest's own period folder holding older assemblies:
    // their other files are an older delivery of the same period.
    const scopes = new Set(parts.map((f) => dirOf(f.path)));
    const own = dirOf(m.path);
    if (parts.some((f) => dirOf(dirOf(f.path)) === own)) scopes.add(`${own}/*`);
    const older: string[] = [];
    for (const f of data) {
      if (claimed.has(f.path)) continue;
      const d = dirOf(f.path);
      if (scopes.has(d) || scopes.has(`${dirOf(d)}/*`)) {
        claimed.set(f.path, m.path);
        older.push(f.path);
      }
    }
    if (missing.length > 0) {
      waiting.push({ manifest: m.path, missing, present: [...fresh.map((f) => f.path), ...older] });
      continue;
    }
    if (fresh.length > 0)
      deliveries.push({
        key: m.path,
        files: fresh.sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true })),
        manifest: m.path,
      });
    for (const path of older) superseded.push({ path, manifest: m.path });
  }
  for (const f of data) if (!claimed.has(f.path)) deliveries.push({ key: f.path, files: [f], manifest: null });
  const newest = (d: Delivery) => Math.max(...d.files.map((f) => f.mtimeMs));
  deliveries.sort((a, b) => newest(a) - newest(b) || a.key.localeCompare(b.key, 'en', { numeric: true }));
  return { deliveries, superseded, waiting };
}

/** The extensions a data file's name ends with (compression and Spark's `.c000` included), stripped to find its part number. */
const DATA_EXTENSIONS = /(\.(c\d{3}|snappy|gz|gzip|zip|csv|tsv|txt|parquet))+$/i;

/**
 * A part of an export split into files without a manifest, by its file name (not its folder): `stem` names the delivery
 * the part belongs to. Parts of one delivery add up; a file of the same name replaces its namesake (a restated part).
 * - BigQuery `bq extract` wildcard shards: `<name>-000000000000.csv`, `<name>-000000000001.csv` (12 digits);
 * - Azure partitioned exports `part_0_0001.csv`, Spark/Athena `part-00000-<job>.csv`, and `<name>_part1.csv`;
 * - AWS CUR and Data Exports `<report>-00001.csv.gz` (5 digits), and for an AWS CUR file `<report>-1.csv.gz`
 *   (unless the name before it ends in a number, as a date does: `cur-2024-01` is a month, not part 1 of `cur-2024`).
 * Null: a whole file (a later file of the same account and period restates it).
 */
export function exportPartOf(fileName: string, dialect: string): { stem: string } | null {
  const name = fileName.slice(fileName.lastIndexOf('/') + 1).replace(DATA_EXTENSIONS, '');
  const part = /^(.*?(?:^|[-_.]))part[-_]?\d+(?:[-_].*)?$/i.exec(name);
  if (part) return { stem: `${part[1]!.toLowerCase()}part` };
  const numbered = /^(.+)-(?:0{4}\d{8}|\d{5})$/.exec(name);
  if (numbered) return { stem: numbered[1]!.toLowerCase() };
  const curPart = /^(.+)-\d{1,4}$/.exec(name);
  if (curPart && (dialect === 'aws-cur' || dialect === 'aws-athena') && !/[-_]\d+$/.test(curPart[1]!))
    return { stem: curPart[1]!.toLowerCase() };
  return null;
}
