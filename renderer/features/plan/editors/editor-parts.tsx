/** What the plan's forms share: the target of the open form, its props, the refused edit's messages per field, the buttons. */
import { useMemo } from 'react';
import type { PlanCommand } from '../../../../shared/domain/plan/commands';
import type { OfferingFacts } from '../../../../shared/domain/plan/types';
import type { SerializedError } from '../../../../shared/domain/errors';
import type { PlanView } from '../../../../shared/ipc/contract/plan';
import { gpuShort } from '../timeline-model';

export type EditorTarget = { kind: 'project' } | { kind: 'track' | 'milestone' | 'pool' | 'dataCost'; id: string | null; trackId?: string };

export interface EditorProps {
  view: PlanView;
  target: EditorTarget;
  error: SerializedError | null;
  busy: boolean;
  onEdit: (command: PlanCommand) => Promise<boolean>;
  onClose: () => void;
}

/** The id of the form every dialog's Save button submits. */
export const FORM_ID = 'pt-edit-form';

/** `milestone.phases.0.end` → `phases.0.end`: the refused edit's messages keyed by the field inside the entity. */
export function fieldMessages(error: SerializedError | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of error?.details?.problems ?? []) {
    const f = (p.field ?? '').split('.').slice(1).join('.');
    if (f && !out[f]) out[f] = p.message;
  }
  if (error && Object.keys(out).length === 0) out._ = error.message;
  return out;
}

export function useErrors(error: SerializedError | null) {
  return useMemo(() => fieldMessages(error), [error]);
}

/** `Lambda 8× H100 SXM`, without repeating a GPU name the label already has. */
export function offeringText(o: OfferingFacts): string {
  const gpu = gpuShort(o.gpuId);
  const count = o.gpuCount > 1 ? `${o.gpuCount}× ` : '';
  return o.label.includes(gpu) && !count ? o.label : `${o.label} — ${count}${gpu}`;
}

/** An offering id that is no longer in the catalog, as a choice that says so. */
export function missingOffering(id: string, gpuId = ''): OfferingFacts {
  return { id, gpuId, gpuCount: 1, vcpus: null, label: `${id} (not in the catalog)`, deleted: true, prices: [] };
}

export function Actions({
  busy,
  onClose,
  onDelete,
  deleteLabel,
  saveLabel,
}: {
  busy: boolean;
  onClose: () => void;
  onDelete?: (() => void) | undefined;
  deleteLabel?: string | undefined;
  saveLabel: string;
}) {
  return (
    <>
      {onDelete && (
        <button type="button" className="btn danger" onClick={onDelete} disabled={busy}>
          {deleteLabel ?? 'Delete'}
        </button>
      )}
      <span className="spacer" style={{ flex: 1 }} />
      <button type="button" className="btn" onClick={onClose}>
        Cancel
      </button>
      <button type="submit" form={FORM_ID} className="btn primary" disabled={busy}>
        {saveLabel}
      </button>
    </>
  );
}

/** The refused edit's message that belongs to no field. */
export function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <div className="field-error" role="alert">
      {message}
    </div>
  ) : null;
}
