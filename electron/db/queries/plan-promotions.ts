/** What each accepted auto-plan suggestion moved (issue 27 item 3): its diff, kept for the review PDF's "What moved". */
import type { Database } from 'better-sqlite3';
import type { SuggestionDiff } from '../../../shared/domain/plan/optimize/suggestion-diff';

export interface PlanPromotion {
  promotedAt: string;
  label: string;
  /** The plan's revision the promotion made. */
  revision: number;
  diff: SuggestionDiff;
}

export function insertPromotion(db: Database, projectId: string, p: PlanPromotion): void {
  db.prepare('INSERT INTO plan_promotions (project_id, promoted_at, label, revision, diff_json) VALUES (?, ?, ?, ?, ?)').run(
    projectId,
    p.promotedAt,
    p.label,
    p.revision,
    JSON.stringify(p.diff),
  );
}

/** The project's last promotion, or null. */
export function selectLastPromotion(db: Database, projectId: string): PlanPromotion | null {
  const row = db
    .prepare('SELECT promoted_at, label, revision, diff_json FROM plan_promotions WHERE project_id = ? ORDER BY id DESC LIMIT 1')
    .get(projectId) as { promoted_at: string; label: string; revision: number; diff_json: string } | undefined;
  return row
    ? { promotedAt: row.promoted_at, label: row.label, revision: row.revision, diff: JSON.parse(row.diff_json) as SuggestionDiff }
    : null;
}

/** Removes the promotion that made `revision` (its edit was undone). */
export function deletePromotionAt(db: Database, projectId: string, revision: number): void {
  db.prepare('DELETE FROM plan_promotions WHERE project_id = ? AND revision = ?').run(projectId, revision);
}
