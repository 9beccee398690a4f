/**
 * Settings: the one set of cost assumptions, stored in SQLite by main, read by the estimator (and its worker), the
 * catalog's $/GPU-hour, the plan, the report and the CLI. A stored value that no longer validates falls back to the
 * default for that field, never crashes.
 */
import {
  costSettingsSchema,
  costSettingsUpdateSchema,
  DEFAULT_COST_SETTINGS,
  describeCostSettings,
  type CostSettings,
  type CostSettingsUpdate,
} from '../../../shared/domain/settings/cost-settings';
import { UserError } from '../../../shared/domain/errors';
import type { SettingsView } from '../../../shared/ipc/contract/settings';
import { readSetting, settingUpdatedAt, writeSetting } from '../../db/queries/settings';
import type { ServiceDeps } from '../service-deps';

const COST_KEY = 'cost';
/** The first-run guide's key: present once the guide was dismissed. */
const GUIDE_KEY = 'first-run-guide-dismissed';

export function createSettingsService(deps: Pick<ServiceDeps, 'db' | 'now'>) {
  function costSettings(): CostSettings {
    const stored = readSetting(deps.db, COST_KEY);
    const merged: Record<string, unknown> = { ...DEFAULT_COST_SETTINGS };
    if (stored && typeof stored === 'object') {
      for (const [key, value] of Object.entries(stored)) {
        const field = costSettingsSchema.shape[key as keyof CostSettings];
        if (field && field.safeParse(value).success) merged[key] = value;
      }
    }
    return costSettingsSchema.parse(merged);
  }

  function view(): SettingsView {
    const cost = costSettings();
    return {
      cost,
      defaults: { ...DEFAULT_COST_SETTINGS },
      summary: describeCostSettings(cost),
      updatedAt: settingUpdatedAt(deps.db, COST_KEY),
      guideDismissedAt: settingUpdatedAt(deps.db, GUIDE_KEY),
    };
  }

  function dismissGuide(): SettingsView {
    if (!settingUpdatedAt(deps.db, GUIDE_KEY)) writeSetting(deps.db, GUIDE_KEY, true, deps.now().toISOString());
    return view();
  }

  function update(request: { cost?: CostSettingsUpdate; reset?: boolean }): SettingsView {
    const parsed = costSettingsUpdateSchema.safeParse(request.cost ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.') || 'cost';
      throw new UserError('INVALID_SETTING', `${field}: ${issue.message}`, { field, expected: 'a number in range' });
    }
    const next = request.reset ? { ...DEFAULT_COST_SETTINGS, ...parsed.data } : { ...costSettings(), ...parsed.data };
    writeSetting(deps.db, COST_KEY, next, deps.now().toISOString());
    return view();
  }

  return { costSettings, view, update, dismissGuide };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
