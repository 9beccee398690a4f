import type { Database } from 'better-sqlite3';
import { EXAMPLE_PROJECT_ID } from '../../../shared/domain/plan/example';
import { insertBudget, insertRule } from '../queries/budget-planning';

const SEEDED_AT = '2025-12-10T00:00:00.000Z';

/**
 * The example project's budget as seed 001 gives it: $615 in total ("Option 2: Balanced": M1 L4 $15 + M2 L4 + A100
 * $100 + M3 A100 $500), all of it on Track 1 (the seed costs no hardware for the multi-sensor track); by month, M1 and M2
 * fall in December 2025 ($115) and M3 in January 2026 ($500). One allocation rule per track, by a `track` tag.
 * The total itself is the project's budget record, written with the project (queries/project-budget.ts); these are its splits.
 */
export function seedBudgetPlanning(db: Database): void {
  const project = db.prepare('SELECT id, currency FROM projects WHERE id = ?').get(EXAMPLE_PROJECT_ID) as
    { id: string; currency: string } | undefined;
  if (!project) return;
  const tracks = new Set(
    (db.prepare('SELECT id FROM tracks WHERE project_id = ?').all(project.id) as Array<{ id: string }>).map((t) => t.id),
  );
  const thresholds = [50, 80, 100, 120];
  const budget = (trackId: string | null, month: string | null, amount: string) =>
    insertBudget(db, { projectId: project.id, trackId, month, amount, currency: project.currency, thresholds });
  if (tracks.has('track-vitaldb')) budget('track-vitaldb', null, '615');
  budget(null, '2025-12', '115');
  budget(null, '2026-01', '500');
  let position = 1;
  if (tracks.has('track-vitaldb'))
    insertRule(
      db,
      { projectId: project.id, position: position++, kind: 'tag', key: 'track', pattern: 'vitaldb*', trackId: 'track-vitaldb' },
      SEEDED_AT,
    );
  if (tracks.has('track-multisensor'))
    insertRule(
      db,
      { projectId: project.id, position: position++, kind: 'tag', key: 'track', pattern: 'multi*sensor*', trackId: 'track-multisensor' },
      SEEDED_AT,
    );
}
