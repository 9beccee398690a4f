/** Subscriptions' allowances, usage rates and top-ups (tables subscription_*, migration 0016). */
import type { Database } from 'better-sqlite3';
import type { Subscription } from '../../../shared/domain/subscriptions';

interface SubscriptionRow {
  id: string;
  provider_id: string;
  name: string;
  unit: Subscription['unit'];
  units_per_month: string;
  as_of: string;
  source: string;
  notes: string | null;
}
interface RateRow {
  offering_id: string;
  subscription_id: string;
  units_per_hour: string;
  as_of: string;
  source: string;
  notes: string | null;
}
interface TopUpRow {
  subscription_id: string;
  units: string;
  usd: string;
  as_of: string;
  source: string;
  notes: string | null;
}

/** Every subscription with its rates and top-ups (smallest pack first). */
export function selectSubscriptions(db: Database): Subscription[] {
  const rates = db.prepare('SELECT * FROM subscription_rates ORDER BY subscription_id, offering_id').all() as RateRow[];
  const topUps = db.prepare('SELECT * FROM subscription_top_ups ORDER BY subscription_id, CAST(units AS REAL)').all() as TopUpRow[];
  return (db.prepare('SELECT * FROM subscriptions ORDER BY id').all() as SubscriptionRow[]).map((s) => ({
    id: s.id,
    providerId: s.provider_id,
    name: s.name,
    unit: s.unit,
    unitsPerMonth: Number(s.units_per_month),
    asOf: s.as_of,
    source: s.source,
    notes: s.notes,
    rates: rates
      .filter((r) => r.subscription_id === s.id)
      .map((r) => ({ offeringId: r.offering_id, unitsPerHour: Number(r.units_per_hour), asOf: r.as_of, source: r.source, notes: r.notes })),
    topUps: topUps
      .filter((t) => t.subscription_id === s.id)
      .map((t) => ({ units: Number(t.units), usd: t.usd, asOf: t.as_of, source: t.source, notes: t.notes })),
  }));
}

/**
 * Adds a subscription, its rates and top-ups; with `onlyMissing`, rows already there are left as they are (an existing
 * database gets the new bundled rows and keeps its own). A rate whose offering the catalog lacks is skipped.
 */
export function insertSubscription(db: Database, s: Subscription, options: { onlyMissing?: boolean } = {}): void {
  const or = options.onlyMissing ? 'OR IGNORE ' : '';
  db.prepare(
    `INSERT ${or}INTO subscriptions (id, provider_id, name, unit, units_per_month, as_of, source, notes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(s.id, s.providerId, s.name, s.unit, String(s.unitsPerMonth), s.asOf, s.source, s.notes);
  const hasOffering = db.prepare('SELECT 1 FROM offerings WHERE id = ?');
  const addRate = db.prepare(
    `INSERT ${or}INTO subscription_rates (offering_id, subscription_id, units_per_hour, as_of, source, notes) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  for (const r of s.rates)
    if (hasOffering.get(r.offeringId)) addRate.run(r.offeringId, s.id, String(r.unitsPerHour), r.asOf, r.source, r.notes);
  const addTopUp = db.prepare(
    `INSERT ${or}INTO subscription_top_ups (subscription_id, units, usd, as_of, source, notes) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  for (const t of s.topUps) addTopUp.run(s.id, String(t.units), t.usd, t.asOf, t.source, t.notes);
}
