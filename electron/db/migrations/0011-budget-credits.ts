import offeringsJson from '../../../resources/catalog/offerings.json';
import providersJson from '../../../resources/catalog/providers.json';
import type { Migration } from '../migration';

/**
 * Issue 18 (items 10, 13, 14):
 * - budget_credits: credits and free tiers, dated budget offsets of a project, for one provider (catalog id) or any,
 *   granted on a day and usable until their expiry day; amounts are decimal strings in their currency;
 * - providers.limits_json: a provider's session length, job timeout and spot eviction notice, with the source;
 * - offerings.local_disk_gb, host_source: the host's local disk and where vCPUs, RAM and disk come from.
 * A database seeded before gets the bundled catalog's figures for its bundled providers and offerings (and the vCPUs
 * and RAM of offerings that had none); a fresh one gets them from the seed, which runs after the migrations.
 */
interface BundledProvider {
  id: string;
  limits?: unknown;
}
interface BundledOffering {
  id: string;
  vcpus: number | null;
  ramGiB: number | null;
  host?: { localDiskGB: number | null; source: string };
}

export const migration: Migration = {
  version: 11,
  name: 'budget-credits',
  up(db) {
    db.exec(`
      CREATE TABLE budget_credits (
        id INTEGER PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        provider_id TEXT,
        name TEXT NOT NULL CHECK (length(name) > 0),
        amount TEXT NOT NULL,
        currency TEXT NOT NULL CHECK (length(currency) = 3),
        granted_on TEXT NOT NULL CHECK (granted_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        expires_on TEXT NOT NULL CHECK (expires_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        source TEXT NOT NULL CHECK (length(source) > 0),
        notes TEXT,
        created_at TEXT NOT NULL,
        CHECK (expires_on >= granted_on)
      ) STRICT;
      CREATE INDEX budget_credits_project ON budget_credits(project_id, expires_on);

      ALTER TABLE providers ADD COLUMN limits_json TEXT;
      ALTER TABLE offerings ADD COLUMN local_disk_gb REAL CHECK (local_disk_gb IS NULL OR local_disk_gb > 0);
      ALTER TABLE offerings ADD COLUMN host_source TEXT;
    `);
    const setLimits = db.prepare('UPDATE providers SET limits_json = ? WHERE id = ?');
    for (const p of (providersJson as { providers: BundledProvider[] }).providers)
      if (p.limits) setLimits.run(JSON.stringify(p.limits), p.id);
    const setHost = db.prepare(
      `UPDATE offerings SET local_disk_gb = ?, host_source = ?, vcpus = COALESCE(vcpus, ?), ram_gib = COALESCE(ram_gib, ?)
       WHERE id = ? AND user_defined = 0`,
    );
    for (const o of (offeringsJson as unknown as { offerings: BundledOffering[] }).offerings)
      if (o.host) setHost.run(o.host.localDiskGB, o.host.source, o.vcpus, o.ramGiB, o.id);
  },
};
