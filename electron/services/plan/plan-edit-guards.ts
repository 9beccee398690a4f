/** The checks before a plan or scenario edit is written: the edit is valid, and made on the revision it was made for. */
import { UserError } from '../../../shared/domain/errors';
import type { PlanCommand } from '../../../shared/domain/plan/commands';
import type { Plan, PlanCatalog } from '../../../shared/domain/plan/types';
import { validateCommand } from '../../../shared/domain/plan/validation';

/** The command as it applies to `plan`, or a UserError naming every problem. */
export function validatedCommand(plan: Plan, cat: PlanCatalog, command: PlanCommand) {
  const { errors, applied } = validateCommand(plan, cat, command);
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new UserError('INVALID_EDIT', `${first.entity} ${first.field}: ${first.message}`, {
      field: first.field,
      ...(first.value !== undefined ? { value: first.value } : {}),
      problems: errors.map((e) => ({
        field: `${e.entity}.${e.field}`,
        message: e.message,
        ...(e.value !== undefined ? { value: e.value } : {}),
      })),
    });
  }
  return applied;
}

/** Refuses an edit made on another revision than the stored one (a stale window or a second editor). */
export function checkRevision(projectId: string, current: number, expected: number | undefined): void {
  if (expected !== undefined && expected !== current) {
    throw new UserError(
      'STALE_EDIT',
      `The plan changed since this edit was made (revision ${expected}, now ${current}); nothing was saved — reload and try again.`,
      { field: 'revision', expected: String(current), value: String(expected), projectId },
    );
  }
}
