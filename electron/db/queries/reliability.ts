import type { Database } from 'better-sqlite3';
import { scoreOfStars, type Reliability, type ReliabilityInput } from '../../../shared/domain/reliability';

export function upsertReliability(db: Database, r: ReliabilityInput): void {
  db.prepare(
    `INSERT INTO reliability (provider_id, price_kind, stars, score, interruption, availability, source, as_of)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (provider_id, price_kind) DO UPDATE SET stars = excluded.stars, score = excluded.score,
       interruption = excluded.interruption, availability = excluded.availability, source = excluded.source, as_of = excluded.as_of`,
  ).run(r.providerId, r.priceKind, r.stars, scoreOfStars(r.stars), r.interruption, r.availability, r.source, r.asOf);
}

interface Row {
  provider_id: string;
  price_kind: string;
  stars: number;
  score: number;
  interruption: string;
  availability: string;
  source: string;
  as_of: string;
}

export function selectReliability(db: Database): Reliability[] {
  return (db.prepare('SELECT * FROM reliability ORDER BY provider_id, price_kind').all() as Row[]).map((r) => ({
    providerId: r.provider_id,
    priceKind: r.price_kind,
    stars: r.stars,
    score: r.score,
    interruption: r.interruption,
    availability: r.availability,
    source: r.source,
    asOf: r.as_of,
  }));
}
