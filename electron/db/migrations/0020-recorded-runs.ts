import type { Migration } from '../migration';

/**
 * The lead's own finished runs (issue 29 item 2): per project, the saved workload a run trained (its id, name and a copy
 * of its JSON as it was, so editing or deleting the saved workload keeps what the run measured), the offering and GPU,
 * the wall-clock hours and optionally samples per second, where the figures come from (typed, or a file and its format)
 * and when. `run_correction_settings` keeps the lead's own word on a correction (model family × offering): a ratio set
 * by hand, or the correction set aside.
 */
export const migration: Migration = {
  version: 20,
  name: 'recorded-runs',
  up(db) {
    db.exec(`
      CREATE TABLE recorded_runs (
        id INTEGER PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        workload_id TEXT NOT NULL,
        workload_name TEXT NOT NULL,
        workload_json TEXT NOT NULL CHECK (json_valid(workload_json)),
        model_family TEXT NOT NULL CHECK (length(model_family) > 0),
        offering_id TEXT NOT NULL,
        gpu_id TEXT NOT NULL,
        hours REAL NOT NULL CHECK (hours > 0),
        samples_per_second REAL CHECK (samples_per_second IS NULL OR samples_per_second > 0),
        source_kind TEXT NOT NULL CHECK (source_kind IN ('manual', 'file')),
        source_file TEXT,
        source_format TEXT CHECK (source_format IS NULL OR source_format IN ('hf-trainer-state', 'hf-all-results', 'lightning-csv', 'wandb-csv')),
        milestone_id TEXT,
        recorded_at TEXT NOT NULL,
        CHECK ((source_kind = 'manual') = (source_file IS NULL AND source_format IS NULL))
      ) STRICT;
      CREATE INDEX recorded_runs_project ON recorded_runs(project_id, model_family, offering_id);
      CREATE TABLE run_correction_settings (
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        model_family TEXT NOT NULL,
        offering_id TEXT NOT NULL,
        ratio REAL CHECK (ratio IS NULL OR ratio > 0),
        ignored INTEGER NOT NULL DEFAULT 0 CHECK (ignored IN (0, 1)),
        updated_at TEXT NOT NULL,
        PRIMARY KEY (project_id, model_family, offering_id)
      ) STRICT;
    `);
  },
};
