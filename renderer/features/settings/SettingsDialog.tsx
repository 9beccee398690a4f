/** Settings: the one set of cost assumptions (electricity, a bought machine's lifetime and hours, subscription hours), and the exchange rates. */
import { useState } from 'react';
import { COST_SETTING_LABELS, costSettingsSchema, type CostSettings } from '../../../shared/domain/settings/cost-settings';
import { Dialog } from '../../ui/Dialog';
import { NumberField, parseNumber } from '../../ui/Field';
import { ApiError } from '../../app/api';
import { useSettings } from './store';
import { ExchangeRatesPanel } from '../exchange-rates/ExchangeRatesPanel';
import { usePlanStore } from '../plan/store';
import { useBudgetStore } from '../budget/store';
import './settings.css';
import { readableSource } from '../../../shared/domain/source-documents';

const KEYS = Object.keys(COST_SETTING_LABELS) as Array<keyof CostSettings>;

export function SettingsDialog() {
  const { view, save, openDialog } = useSettings();
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(KEYS.map((k) => [k, String(view.cost[k])])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const close = () => openDialog(false);

  async function submit(reset: boolean) {
    const next: Record<string, number> = {};
    const problems: Record<string, string> = {};
    for (const key of KEYS) {
      const n = parseNumber(texts[key] ?? '');
      const field = costSettingsSchema.shape[key];
      if (n === null) problems[key] = 'a number';
      else if (!field.safeParse(n).success) problems[key] = field.safeParse(n).error?.issues[0]?.message ?? 'out of range';
      else next[key] = n;
    }
    if (!reset && Object.keys(problems).length > 0) return setErrors(problems);
    setBusy(true);
    try {
      await save(reset ? {} : next, reset);
      close();
    } catch (error) {
      const field =
        error instanceof ApiError
          ? String(error.error.details?.field ?? 'electricityUsdPerKwh').replace(/^cost\./, '')
          : 'electricityUsdPerKwh';
      setErrors({ [field]: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      title="Settings"
      sub="Cost assumptions used by estimates, the catalog's $/GPU-hour, buy or rent, plans and the review PDF; the exchange rates every amount is converted with."
      onClose={close}
      actions={
        <>
          <button type="button" className="btn" onClick={() => void submit(true)} disabled={busy}>
            Restore defaults
          </button>
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button type="button" className="btn primary" onClick={() => void submit(false)} disabled={busy}>
            Save
          </button>
        </>
      }
    >
      <form
        className="settings-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit(false);
        }}
      >
        {KEYS.map((key) => (
          <NumberField
            key={key}
            id={`setting-${key}`}
            label={`${COST_SETTING_LABELS[key].label} (${COST_SETTING_LABELS[key].unit})`}
            value={texts[key] ?? ''}
            onChange={(text) => {
              setTexts({ ...texts, [key]: text });
              setErrors({ ...errors, [key]: '' });
            }}
            error={errors[key] || undefined}
            hint={`default ${view.defaults[key]}${key === 'electricityUsdPerKwh' ? ` (${readableSource('seed 003')})` : ''}`}
            width={120}
          />
        ))}
        <button type="submit" hidden />
      </form>
      <p className="muted">
        Now: {view.summary}
        {view.updatedAt ? ` · changed ${view.updatedAt.slice(0, 10)}` : ' · the defaults'}.
      </p>
      <ExchangeRatesPanel
        onChanged={() => {
          // Every figure in a project's currency is re-priced with the new rates.
          const plan = usePlanStore.getState();
          if (plan.view) void plan.load(plan.view.plan.project.id);
          void useBudgetStore.getState().load();
        }}
      />
    </Dialog>
  );
}

/** "at $0.12/kWh, 3 y × 2,000 h/y — change in Settings", wherever a figure rests on the settings. */
export function SettingsNote({ prefix }: { prefix?: string }) {
  const { view, openDialog } = useSettings();
  return (
    <span className="settings-note" data-testid="settings-note">
      {prefix ?? ''}
      {view.summary} —{' '}
      <button type="button" className="link-button" onClick={() => openDialog(true)}>
        change in Settings
      </button>
    </span>
  );
}
