import type { Migration } from '../migration';

export const migration: Migration = {
  version: 1,
  name: 'catalog',
  up(db) {
    db.exec(`
      CREATE TABLE gpus (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        vendor TEXT NOT NULL,
        architecture TEXT,
        memory_gib REAL NOT NULL CHECK (memory_gib > 0),
        memory_bandwidth_gbs REAL NOT NULL CHECK (memory_bandwidth_gbs > 0),
        tflops_fp32 REAL,
        tflops_tf32 REAL,
        tflops_fp16 REAL,
        tflops_bf16 REAL,
        tflops_fp8 REAL,
        tdp_watts REAL,
        interconnect_gbs REAL,
        source TEXT NOT NULL,
        notes TEXT
      ) STRICT;

      CREATE TABLE providers (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('hyperscaler','gpu-cloud','marketplace','notebook','managed-jobs','local')),
        website TEXT
      ) STRICT;

      CREATE TABLE offerings (
        id TEXT PRIMARY KEY,
        provider_id TEXT NOT NULL REFERENCES providers(id),
        sku TEXT NOT NULL,
        gpu_id TEXT NOT NULL REFERENCES gpus(id),
        gpu_count INTEGER NOT NULL CHECK (gpu_count >= 1),
        vcpus INTEGER,
        ram_gib REAL,
        region TEXT,
        notes TEXT,
        power_watts REAL,
        user_defined INTEGER NOT NULL DEFAULT 0 CHECK (user_defined IN (0, 1)),
        deleted_at TEXT
      ) STRICT;
      CREATE INDEX offerings_gpu ON offerings(gpu_id);

      -- A changed price is a new dated row: history is kept.
      CREATE TABLE prices (
        id INTEGER PRIMARY KEY,
        offering_id TEXT NOT NULL REFERENCES offerings(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('on-demand','spot','reserved-1y','reserved-3y','subscription','purchase')),
        usd REAL NOT NULL CHECK (usd >= 0),
        per TEXT NOT NULL CHECK (per IN ('hour','month','once')),
        usd_low REAL CHECK (usd_low IS NULL OR usd_low >= 0),
        usd_high REAL CHECK (usd_high IS NULL OR usd_high >= 0),
        as_of TEXT NOT NULL CHECK (as_of GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        source TEXT NOT NULL CHECK (length(source) > 0),
        notes TEXT,
        recorded_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX prices_offering ON prices(offering_id, kind, as_of);
    `);
  },
};
