/** The project a budget, rule or overview belongs to, and the checks that an edit names that project's own rows. */
import type { Database } from 'better-sqlite3';
import { UserError } from '../../../shared/domain/errors';
import type { Plan } from '../../../shared/domain/plan/types';
import { selectDefaultProjectId } from '../../db/queries/plan';
import { selectPlan } from '../../db/queries/plan-aggregate';

/** The plan of `projectId` (else of the default project), or a NOT_FOUND UserError. */
export function projectPlan(db: Database, projectId?: string): Plan {
  const id = projectId ?? selectDefaultProjectId(db);
  const loaded = id ? selectPlan(db, id) : undefined;
  if (!loaded)
    throw new UserError('NOT_FOUND', projectId ? `No project "${projectId}".` : 'There is no project yet.', {
      field: 'projectId',
      ...(projectId ? { value: projectId } : {}),
    });
  return loaded.plan;
}

export function checkTrack(db: Database, projectId: string, trackId: string): void {
  const plan = projectPlan(db, projectId);
  if (!plan.tracks.some((t) => t.id === trackId)) {
    throw new UserError('INVALID_TRACK', `Track "${trackId}" is not a track of ${plan.project.name}.`, {
      field: 'trackId',
      value: trackId,
      expected: plan.tracks.map((t) => t.id).join(', '),
    });
  }
}

/** A budget or rule id of another project, sent while editing this one, is refused (it would be overwritten). */
export function refuseOtherProject(what: 'budget' | 'rule', row: { id: number; projectId: string }, projectId: string): void {
  if (row.projectId === projectId) return;
  throw new UserError('OTHER_PROJECT', `The ${what} ${row.id} belongs to another project; nothing was saved. Reload and try again.`, {
    field: 'id',
    value: String(row.id),
  });
}
