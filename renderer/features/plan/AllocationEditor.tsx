/** Edits one booking: offering, GPUs, hours, note. Refused edits show the main process's message at the field. */
import { useEffect, useState } from 'react';
import type { PlanCommand } from '../../../shared/domain/plan/commands';
import type { Allocation, OfferingFacts, Plan } from '../../../shared/domain/plan/types';
import { fmtUsd, gpuShort } from './timeline-model';

interface Props {
  plan: Plan;
  allocation: Allocation;
  offerings: OfferingFacts[];
  costUsd: string | undefined;
  fieldErrors: Record<string, string>;
  onEdit: (command: PlanCommand) => Promise<boolean>;
  onClose: () => void;
}

export function AllocationEditor({ plan, allocation, offerings, costUsd, fieldErrors, onEdit, onClose }: Props) {
  const [offeringId, setOfferingId] = useState(allocation.offeringId ?? '');
  const [gpuCount, setGpuCount] = useState(String(allocation.gpuCount));
  const [hours, setHours] = useState(String(allocation.hours));
  const [note, setNote] = useState(allocation.note ?? '');
  useEffect(() => {
    setOfferingId(allocation.offeringId ?? '');
    setGpuCount(String(allocation.gpuCount));
    setHours(String(allocation.hours));
    setNote(allocation.note ?? '');
  }, [allocation]);
  const track = plan.tracks.find((t) => t.id === allocation.trackId);
  const choices = [...offerings];
  if (allocation.offeringId && !choices.some((o) => o.id === allocation.offeringId)) choices.unshift({ id: allocation.offeringId, gpuId: allocation.gpuId, gpuCount: 1, vcpus: null, label: `${allocation.offeringId} (not in the catalog)`, deleted: true, prices: [] });
  const planned = plan.plannedPrices.find((p) => p.offeringId === allocation.offeringId);

  async function save() {
    const o = choices.find((x) => x.id === offeringId);
    await onEdit({
      type: 'upsert',
      entity: 'allocation',
      value: { ...allocation, offeringId: offeringId || null, gpuId: o?.gpuId ?? allocation.gpuId, gpuCount: Number(gpuCount), hours: Number(hours), note: note.trim() || null },
    });
  }

  return (
    <section className="panel pt-editor" aria-label="Booking">
      <div className="panel-title">
        <strong>Booking · {track?.name} · {allocation.week}</strong>
        <span className="muted">{costUsd ? `${fmtUsd(costUsd)} planned this week` : ''}</span>
        <span className="spacer" />
        <button type="button" className="btn small" onClick={onClose}>Close</button>
      </div>
      <form className="pt-editor-form" onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <div className="field">
          <label htmlFor="pt-offering">Offering</label>
          <select id="pt-offering" className={`input${fieldErrors.offeringId ? ' invalid' : ''}`} value={offeringId} onChange={(e) => setOfferingId(e.target.value)}>
            {choices.map((o) => <option key={o.id} value={o.id}>{o.label} — {gpuShort(o.gpuId)}</option>)}
          </select>
          {fieldErrors.offeringId && <div className="field-error" role="alert">{fieldErrors.offeringId}</div>}
        </div>
        <div className="field">
          <label htmlFor="pt-gpus">GPUs</label>
          <input id="pt-gpus" className={`input${fieldErrors.gpuCount ? ' invalid' : ''}`} type="number" step="1" value={gpuCount} onChange={(e) => setGpuCount(e.target.value)} style={{ width: 80 }} />
          {fieldErrors.gpuCount && <div className="field-error" role="alert">{fieldErrors.gpuCount}</div>}
        </div>
        <div className="field">
          <label htmlFor="pt-hours">Hours this week</label>
          <input id="pt-hours" className={`input${fieldErrors.hours ? ' invalid' : ''}`} type="number" step="any" value={hours} onChange={(e) => setHours(e.target.value)} style={{ width: 90 }} />
          {fieldErrors.hours && <div className="field-error" role="alert">{fieldErrors.hours}</div>}
        </div>
        <div className="field" style={{ flex: 1, minWidth: 220 }}>
          <label htmlFor="pt-note">Note (where the hours come from)</label>
          <input id="pt-note" className="input" value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <div className="pt-editor-actions">
          <button type="submit" className="btn primary">Save</button>
          <button type="button" className="btn danger" onClick={() => void onEdit({ type: 'remove', entity: 'allocation', id: allocation.id }).then((ok) => ok && onClose())}>Delete</button>
        </div>
      </form>
      {fieldErrors.week && <div className="field-error" role="alert">{fieldErrors.week}</div>}
      {planned && <div className="field-hint">Planned price: ${planned.usd}/{planned.per} ({planned.kind}, as of {planned.asOf}; {planned.source}). The catalog's current price of that kind is used when there is one.</div>}
    </section>
  );
}
