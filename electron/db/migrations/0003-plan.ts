import type { Migration } from '../migration';

/**
 * Planning tables. Offering ids are not foreign keys on purpose: a plan keeps naming an offering after the catalog
 * deletes it, and the checks report it ("offering that no longer exists"). GPU ids are plain text for the same reason.
 * Scenarios are stored as plan documents (a copy varied), so they never hold rows the budget domain could refer to.
 */
export const migration: Migration = {
  version: 3,
  name: 'plan',
  up(db) {
    db.exec(`
      CREATE TABLE projects (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL CHECK (length(name) > 0),
        start_date TEXT NOT NULL CHECK (start_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        end_date TEXT NOT NULL CHECK (end_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        currency TEXT NOT NULL CHECK (length(currency) = 3),
        budget TEXT NOT NULL,
        budget_source TEXT NOT NULL,
        description TEXT NOT NULL,
        source TEXT,
        notes_json TEXT NOT NULL DEFAULT '[]',
        claims_json TEXT NOT NULL DEFAULT '[]',
        revision INTEGER NOT NULL DEFAULT 0,
        is_example INTEGER NOT NULL DEFAULT 0 CHECK (is_example IN (0, 1)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        CHECK (end_date >= start_date)
      ) STRICT;

      CREATE TABLE tracks (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name TEXT NOT NULL CHECK (length(name) > 0),
        owner TEXT NOT NULL,
        focus TEXT NOT NULL,
        colour TEXT NOT NULL,
        start_date TEXT NOT NULL,
        end_date TEXT NOT NULL,
        position INTEGER NOT NULL,
        notes TEXT,
        CHECK (end_date >= start_date)
      ) STRICT;
      CREATE INDEX tracks_project ON tracks(project_id, position);

      CREATE TABLE milestones (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        track_id TEXT NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
        code TEXT NOT NULL,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        facts_json TEXT NOT NULL,
        position INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX milestones_track ON milestones(track_id);

      CREATE TABLE milestone_phases (
        id TEXT PRIMARY KEY,
        milestone_id TEXT NOT NULL REFERENCES milestones(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        start_date TEXT NOT NULL,
        end_date TEXT NOT NULL,
        offering_id TEXT,
        gpu_id TEXT,
        runs_low INTEGER NOT NULL CHECK (runs_low >= 0),
        runs_high INTEGER NOT NULL CHECK (runs_high >= runs_low),
        workload_json TEXT,
        author_estimate_json TEXT,
        app_estimate_json TEXT,
        CHECK (end_date >= start_date)
      ) STRICT;
      CREATE INDEX milestone_phases_milestone ON milestone_phases(milestone_id, position);

      CREATE TABLE allocations (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        track_id TEXT NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
        week TEXT NOT NULL CHECK (week GLOB '[0-9][0-9][0-9][0-9]-W[0-5][0-9]'),
        offering_id TEXT,
        gpu_id TEXT NOT NULL,
        gpu_count INTEGER NOT NULL CHECK (gpu_count >= 1),
        hours REAL NOT NULL CHECK (hours >= 0 AND hours <= 168),
        phase_id TEXT,
        note TEXT
      ) STRICT;
      CREATE INDEX allocations_project_week ON allocations(project_id, week);
      CREATE UNIQUE INDEX allocations_cell ON allocations(track_id, week, ifnull(offering_id, ''), gpu_id);

      CREATE TABLE capacity_pools (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name TEXT NOT NULL CHECK (length(name) > 0),
        capacity REAL NOT NULL CHECK (capacity > 0),
        unit TEXT NOT NULL CHECK (unit IN ('gpus', 'vcpus')),
        notes TEXT
      ) STRICT;

      CREATE TABLE capacity_pool_members (
        pool_id TEXT NOT NULL REFERENCES capacity_pools(id) ON DELETE CASCADE,
        offering_id TEXT,
        gpu_id TEXT,
        CHECK ((offering_id IS NULL) <> (gpu_id IS NULL))
      ) STRICT;
      CREATE INDEX capacity_pool_members_pool ON capacity_pool_members(pool_id);

      CREATE TABLE planned_prices (
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        offering_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        usd TEXT NOT NULL,
        per TEXT NOT NULL CHECK (per IN ('hour', 'month', 'once')),
        as_of TEXT NOT NULL,
        source TEXT NOT NULL,
        PRIMARY KEY (project_id, offering_id)
      ) STRICT;

      CREATE TABLE scenarios (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        variation TEXT NOT NULL,
        author_json TEXT,
        plan_json TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX scenarios_project ON scenarios(project_id);
    `);
  },
};
