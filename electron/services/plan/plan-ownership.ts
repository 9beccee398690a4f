/**
 * An edit of project A may only name A's own rows: a track, milestone, phase, allocation or pool id that belongs to
 * project B (sent by a stale or hostile renderer) would otherwise overwrite or delete B's row. Refused before any write.
 */
import type { Database } from 'better-sqlite3';
import { UserError } from '../../../shared/domain/errors';
import type { PlanCommand } from '../../../shared/domain/plan/commands';
import * as q from '../../db/queries/plan';

interface ForeignId {
  field: string;
  message: string;
  value: string;
}

function collectForeignIds(db: Database, projectId: string, command: PlanCommand, out: ForeignId[]): void {
  if (command.type === 'batch') {
    for (const c of command.commands) collectForeignIds(db, projectId, c, out);
    return;
  }
  const check = (entity: q.OwnedEntity, id: string | null, field: string) => {
    if (!id) return;
    const owner = q.selectOwnerProject(db, entity, id);
    if (owner && owner.projectId !== projectId)
      out.push({ field, value: id, message: `The ${entity} "${id}" belongs to another project ("${owner.projectName}").` });
  };
  const belongsHere = (entity: string, value: { id: string; projectId: string }) => {
    if (value.projectId !== projectId)
      out.push({ field: `${entity}.projectId`, value: value.projectId, message: `The ${entity} "${value.id}" names another project.` });
  };
  // Storage and transfer items live inside their project's own row (projects.data_costs_json): no other project's id.
  if (command.type === 'remove')
    return command.entity === 'dataCost' ? undefined : check(command.entity, command.id, `${command.entity}.id`);
  switch (command.entity) {
    case 'project':
      if (command.value.id !== projectId)
        out.push({
          field: 'project.id',
          value: command.value.id,
          message: `The edit names project "${command.value.id}", not the one open.`,
        });
      return;
    case 'track':
    case 'pool':
      check(command.entity, command.value.id, `${command.entity}.id`);
      return belongsHere(command.entity, command.value);
    case 'milestone':
      check('milestone', command.value.id, 'milestone.id');
      command.value.phases.forEach((ph, i) => check('phase', ph.id, `milestone.phases.${i}.id`));
      return;
    case 'allocation':
      check('allocation', command.value.id, 'allocation.id');
      return check('phase', command.value.phaseId, 'allocation.phaseId');
  }
}

/** Throws `OTHER_PROJECT` (every offending id listed) when the command names a row of another project. */
export function refuseForeignIds(db: Database, projectId: string, command: PlanCommand): void {
  const foreign: ForeignId[] = [];
  collectForeignIds(db, projectId, command, foreign);
  if (foreign.length === 0) return;
  throw new UserError('OTHER_PROJECT', `${foreign[0]!.message} Nothing was saved; reload the plan and try again.`, {
    field: foreign[0]!.field,
    value: foreign[0]!.value,
    problems: foreign,
  });
}
