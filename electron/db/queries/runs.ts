/** Recorded runs SQL (issue 29 item 2): the lead's finished runs and their correction settings. Parameterized only. */
import type { Database } from 'better-sqlite3';
import type { CorrectionSetting, RecordedRun } from '../../../shared/domain/runs/corrections';
import type { RunFileFormat } from '../../../shared/domain/runs/run-files';
import type { UsageLine } from '../../../shared/domain/runs/billed-usage';

interface Row {
  id: number;
  project_id: string;
  workload_id: string;
  workload_name: string;
  workload_json: string;
  model_family: string;
  offering_id: string;
  gpu_id: string;
  hours: number;
  samples_per_second: number | null;
  source_kind: 'manual' | 'file';
  source_file: string | null;
  source_format: RunFileFormat | null;
  milestone_id: string | null;
  recorded_at: string;
}

const toRun = (r: Row): RecordedRun => ({
  id: r.id,
  projectId: r.project_id,
  workloadId: r.workload_id,
  workloadName: r.workload_name,
  workload: JSON.parse(r.workload_json) as Record<string, unknown>,
  modelFamily: r.model_family,
  offeringId: r.offering_id,
  gpuId: r.gpu_id,
  hours: r.hours,
  samplesPerSecond: r.samples_per_second,
  source: r.source_kind === 'file' ? { kind: 'file', file: r.source_file ?? '', format: r.source_format! } : { kind: 'manual' },
  milestoneId: r.milestone_id,
  recordedAt: r.recorded_at,
});

export function selectRuns(db: Database, projectId: string): RecordedRun[] {
  return (db.prepare('SELECT * FROM recorded_runs WHERE project_id = ? ORDER BY recorded_at, id').all(projectId) as Row[]).map(toRun);
}

export function selectRun(db: Database, id: number): RecordedRun | null {
  const row = db.prepare('SELECT * FROM recorded_runs WHERE id = ?').get(id) as Row | undefined;
  return row ? toRun(row) : null;
}

export function insertRun(db: Database, run: Omit<RecordedRun, 'id'>): number {
  const info = db
    .prepare(
      `INSERT INTO recorded_runs (project_id, workload_id, workload_name, workload_json, model_family, offering_id, gpu_id, hours,
        samples_per_second, source_kind, source_file, source_format, milestone_id, recorded_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      run.projectId,
      run.workloadId,
      run.workloadName,
      JSON.stringify(run.workload),
      run.modelFamily,
      run.offeringId,
      run.gpuId,
      run.hours,
      run.samplesPerSecond,
      run.source.kind,
      run.source.kind === 'file' ? run.source.file : null,
      run.source.kind === 'file' ? run.source.format : null,
      run.milestoneId,
      run.recordedAt,
    );
  return Number(info.lastInsertRowid);
}

export function updateRunFigures(db: Database, id: number, hours: number, samplesPerSecond: number | null): number {
  return db.prepare('UPDATE recorded_runs SET hours = ?, samples_per_second = ? WHERE id = ?').run(hours, samplesPerSecond, id).changes;
}

export function deleteRun(db: Database, id: number): number {
  return db.prepare('DELETE FROM recorded_runs WHERE id = ?').run(id).changes;
}

export function selectCorrectionSettings(db: Database, projectId: string): CorrectionSetting[] {
  return (
    db
      .prepare(
        'SELECT model_family, offering_id, ratio, ignored FROM run_correction_settings WHERE project_id = ? ORDER BY model_family, offering_id',
      )
      .all(projectId) as Array<{ model_family: string; offering_id: string; ratio: number | null; ignored: number }>
  ).map((r) => ({ modelFamily: r.model_family, offeringId: r.offering_id, ratio: r.ratio, ignored: r.ignored === 1 }));
}

export function upsertCorrectionSetting(db: Database, projectId: string, s: CorrectionSetting, now: string): void {
  db.prepare(
    `INSERT INTO run_correction_settings (project_id, model_family, offering_id, ratio, ignored, updated_at) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT(project_id, model_family, offering_id) DO UPDATE SET ratio = excluded.ratio, ignored = excluded.ignored, updated_at = excluded.updated_at`,
  ).run(projectId, s.modelFamily, s.offeringId, s.ratio, s.ignored ? 1 : 0, now);
}

export function deleteCorrectionSetting(db: Database, projectId: string, modelFamily: string, offeringId: string): number {
  return db
    .prepare('DELETE FROM run_correction_settings WHERE project_id = ? AND model_family = ? AND offering_id = ?')
    .run(projectId, modelFamily, offeringId).changes;
}

/**
 * The active billing lines allocated to these tracks that state a usage unit (the billed-hours comparison reads their
 * GPU-hours: shared/domain/runs/billed-usage.ts), in charge order.
 */
export function selectTrackUsageLines(db: Database, trackIds: readonly string[]): UsageLine[] {
  if (trackIds.length === 0) return [];
  return db
    .prepare(
      `SELECT s.track_id AS trackId, s.charge_period_start AS chargePeriodStart, s.instance_type AS instanceType, s.sku, s.service,
        s.usage_quantity AS usageQuantity, s.usage_unit AS usageUnit
      FROM spend_lines s JOIN billing_imports i ON i.id = s.import_id
      WHERE i.status = 'active' AND s.usage_unit IS NOT NULL AND s.track_id IN (SELECT value FROM json_each(?))
      ORDER BY s.charge_period_start, s.id`,
    )
    .all(JSON.stringify(trackIds)) as UsageLine[];
}
