/**
 * Edits one booking: offering, GPUs, hours, note; or, with `isNew`, an unsaved draft of an empty week that nothing
 * books until Save. The form's own checks (booking-form.ts) show at every field at once before sending; a refused
 * edit shows the main process's message at its field. Escape closes it (as Close does); the screen puts the focus back
 * on the timeline cell.
 */
import { useEffect, useState } from 'react';
import type { PlanCommand } from '../../../shared/domain/plan/commands';
import type { Allocation, OfferingFacts, Plan } from '../../../shared/domain/plan/types';
import { Field, NumberField } from '../../ui/Field';
import { bookingFormErrors } from './editors/booking-form';
import { missingOffering } from './editors/editor-parts';
import { explainSubscriptionBooking } from './subscription-explain';
import type { SubscriptionMonth } from '../../../shared/domain/plan/subscription-pricing';
import { fmtMoney, gpuShort } from './timeline-model';

interface Props {
  plan: Plan;
  allocation: Allocation;
  offerings: OfferingFacts[];
  costUsd: string | undefined;
  /** The subscription-month the booking is costed in (fee, allowance, top-ups), when it is on a subscription. */
  subscription?: SubscriptionMonth | null;
  fieldErrors: Record<string, string>;
  onEdit: (command: PlanCommand) => Promise<boolean>;
  onClose: () => void;
  /** The allocation is an unsaved draft: Save creates it (then `onSaved`), Cancel drops it. */
  isNew?: boolean;
  onSaved?: (allocationId: string) => void;
}

export function AllocationEditor({
  plan,
  allocation,
  offerings,
  costUsd,
  subscription,
  fieldErrors,
  onEdit,
  onClose,
  isNew,
  onSaved,
}: Props) {
  const [offeringId, setOfferingId] = useState(allocation.offeringId ?? '');
  const [gpuCount, setGpuCount] = useState(String(allocation.gpuCount));
  const [hours, setHours] = useState(String(allocation.hours));
  const [note, setNote] = useState(allocation.note ?? '');
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});
  const errors = { ...fieldErrors, ...formErrors };
  useEffect(() => {
    setFormErrors({});
    setOfferingId(allocation.offeringId ?? '');
    setGpuCount(String(allocation.gpuCount));
    setHours(String(allocation.hours));
    setNote(allocation.note ?? '');
  }, [allocation]);
  const track = plan.tracks.find((t) => t.id === allocation.trackId);
  const choices = [...offerings];
  if (allocation.offeringId && !choices.some((o) => o.id === allocation.offeringId))
    choices.unshift(missingOffering(allocation.offeringId, allocation.gpuId));
  const planned = plan.plannedPrices.find((p) => p.offeringId === allocation.offeringId);

  async function save() {
    const local = bookingFormErrors({ offeringId, gpuCount, hours });
    setFormErrors(local);
    if (Object.keys(local).length > 0) return;
    const o = choices.find((x) => x.id === offeringId);
    const saved = await onEdit({
      type: 'upsert',
      entity: 'allocation',
      value: {
        ...allocation,
        offeringId: offeringId || null,
        gpuId: o?.gpuId ?? allocation.gpuId,
        gpuCount: Number(gpuCount),
        hours: Number(hours),
        note: note.trim() || null,
      },
    });
    if (saved && isNew) onSaved?.(allocation.id);
  }

  return (
    <section
      className="panel pt-editor"
      aria-label="Booking"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        onClose();
      }}
    >
      <div className="panel-title">
        <strong>
          {isNew ? 'New booking' : 'Booking'} · {track?.name} · {allocation.week}
        </strong>
        <span className="muted">{costUsd ? `${fmtMoney(costUsd, plan.project.currency)} planned this week` : ''}</span>
        <span className="spacer" />
        <button type="button" className="btn small" onClick={onClose}>
          Close
        </button>
      </div>
      <form
        className="pt-editor-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field id="pt-offering" label="Offering" error={errors.offeringId}>
          <select
            id="pt-offering"
            className={`input${errors.offeringId ? ' invalid' : ''}`}
            value={offeringId}
            onChange={(e) => setOfferingId(e.target.value)}
            autoFocus={isNew}
          >
            {!offeringId && <option value="">Choose an offering…</option>}
            {choices.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label} — {gpuShort(o.gpuId)}
              </option>
            ))}
          </select>
        </Field>
        <NumberField id="pt-gpus" label="GPUs" error={errors.gpuCount} value={gpuCount} onChange={setGpuCount} step="1" width={80} />
        <NumberField id="pt-hours" label="Hours this week" error={errors.hours} value={hours} onChange={setHours} step="any" width={90} />
        <Field id="pt-note" label="Note (where the hours come from)" style={{ flex: 1, minWidth: 220 }}>
          <input id="pt-note" className="input" value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <div className="pt-editor-actions">
          <button type="submit" className="btn primary">
            {isNew ? 'Book' : 'Save'}
          </button>
          {isNew ? (
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
          ) : (
            <button
              type="button"
              className="btn danger"
              onClick={() => void onEdit({ type: 'remove', entity: 'allocation', id: allocation.id }).then((ok) => ok && onClose())}
            >
              Delete
            </button>
          )}
        </div>
      </form>
      {errors.week && (
        <div className="field-error" role="alert">
          {errors.week}
        </div>
      )}
      {planned && (
        <div className="field-hint">
          Planned price: ${planned.usd}/{planned.per} ({planned.kind}, as of {planned.asOf}; {planned.source}). The catalog's current price
          of that kind is used when there is one.
        </div>
      )}
      {subscription && (
        <div className="field-hint" aria-label="Subscription allowance" data-testid="subscription-explanation" title={subscription.source}>
          {explainSubscriptionBooking(subscription, allocation.id).map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      )}
    </section>
  );
}
