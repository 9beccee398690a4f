import type { Migration } from '../migration';

// Budget domain: billing imports and their spend lines (exact decimal amounts as TEXT, plus integer nano-units for
// fast exact SUMs), allocation rules, budgets and dated exchange rates. Tracks/projects come from migration 0003.
export const migration: Migration = {
  version: 4,
  name: 'budget',
  up(db) {
    db.exec(`
      CREATE TABLE billing_imports (
        id INTEGER PRIMARY KEY,
        file_name TEXT NOT NULL,
        sha256 TEXT NOT NULL,
        dialect TEXT NOT NULL,
        -- re-delivery key: the same (dialect, account, period) replaces an earlier import
        account_key TEXT NOT NULL DEFAULT '',
        period_start TEXT,
        period_end TEXT,
        rows_read INTEGER NOT NULL,
        rows_imported INTEGER NOT NULL,
        rows_skipped INTEGER NOT NULL DEFAULT 0,
        totals_json TEXT NOT NULL,
        skipped_json TEXT NOT NULL DEFAULT '[]',
        replaced_import_ids TEXT NOT NULL DEFAULT '[]',
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'replaced', 'undone')),
        created_at TEXT NOT NULL,
        -- what the header said (e.g. 'FOCUS 1.0', 'Azure EA'), the container (plain, gzip, zip, parquet)
        description TEXT NOT NULL DEFAULT '',
        container TEXT NOT NULL DEFAULT 'plain',
        -- 'actual' (billed) or 'amortized' (an Azure amortized export: its cost column is what it states)
        cost_basis TEXT NOT NULL DEFAULT 'actual' CHECK (cost_basis IN ('actual', 'amortized')),
        periods_json TEXT NOT NULL DEFAULT '[]',
        warnings_json TEXT NOT NULL DEFAULT '[]',
        -- month-to-date export (AWS: no bill/InvoiceId yet)
        invoice_open INTEGER NOT NULL DEFAULT 0,
        mapping_name TEXT
      ) STRICT;
      CREATE INDEX billing_imports_sha ON billing_imports(sha256, status);
      CREATE INDEX billing_imports_key ON billing_imports(dialect, account_key, period_start, period_end, status);

      CREATE TABLE spend_lines (
        id INTEGER PRIMARY KEY,
        import_id INTEGER NOT NULL REFERENCES billing_imports(id) ON DELETE CASCADE,
        source_line INTEGER NOT NULL,
        charge_period_start TEXT NOT NULL,
        charge_period_end TEXT,
        billed_cost TEXT NOT NULL,
        billed_cost_nanos INTEGER NOT NULL,
        effective_cost TEXT,
        currency TEXT NOT NULL,
        provider TEXT,
        service TEXT,
        sku TEXT,
        resource_id TEXT,
        resource_name TEXT,
        billing_account_id TEXT,
        sub_account_id TEXT,
        region TEXT,
        charge_category TEXT,
        pricing_category TEXT,
        instance_type TEXT,
        usage_quantity TEXT,
        usage_unit TEXT,
        tags_json TEXT NOT NULL DEFAULT '{}',
        track_id TEXT,
        billing_period_start TEXT,
        billing_period_end TEXT,
        gpu_count INTEGER
      ) STRICT;
      CREATE INDEX spend_lines_import ON spend_lines(import_id);
      CREATE INDEX spend_lines_period ON spend_lines(charge_period_start);

      CREATE TABLE allocation_rules (
        id INTEGER PRIMARY KEY,
        project_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('tag', 'account', 'resource-pattern', 'service', 'sku')),
        key TEXT,
        pattern TEXT NOT NULL,
        track_id TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE budgets (
        id INTEGER PRIMARY KEY,
        project_id TEXT NOT NULL,
        track_id TEXT,
        month TEXT CHECK (month IS NULL OR month GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]'),
        amount TEXT NOT NULL,
        currency TEXT NOT NULL,
        thresholds_json TEXT NOT NULL DEFAULT '[50,80,100,120]'
      ) STRICT;

      CREATE TABLE exchange_rates (
        id INTEGER PRIMARY KEY,
        from_currency TEXT NOT NULL,
        to_currency TEXT NOT NULL,
        rate TEXT NOT NULL,
        as_of TEXT NOT NULL CHECK (as_of GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        source TEXT NOT NULL,
        UNIQUE (from_currency, to_currency, as_of)
      ) STRICT;

      CREATE TABLE column_mappings (
        name TEXT PRIMARY KEY,
        mapping_json TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
